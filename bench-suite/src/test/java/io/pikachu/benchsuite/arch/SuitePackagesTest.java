package io.pikachu.benchsuite.arch;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The suite's packages depend on each other one way: the suite runs jobs and writes results, the
 * report reads them, the commands on top wire both; nothing depends, through others, on itself.
 */
class SuitePackagesTest {

  @Test
  void packagesAreFreeOfCycles() {
    JavaClasses suite =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pikachu.benchsuite");
    slices().matching("io.pikachu.benchsuite.(*)..").should().beFreeOfCycles().check(suite);
  }
}
