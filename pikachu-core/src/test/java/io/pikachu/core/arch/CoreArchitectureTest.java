package io.pikachu.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core's structure: no package depends, through others, on itself, so each package can be read
 * and tested from the ones below it; and nothing of Hadoop.
 */
class CoreArchitectureTest {

  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pikachu.core");
  }

  @Test
  void packagesAreFreeOfCycles() {
    slices().matching("io.pikachu.core.(**)").should().beFreeOfCycles().check(core);
  }

  @Test
  void nothingOfHadoop() {
    noClasses().should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..").check(core);
  }
}
