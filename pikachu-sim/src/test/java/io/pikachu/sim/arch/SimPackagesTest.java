package io.pikachu.sim.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The simulator's structure: no package cycle; the controller's decisions come only from core (the
 * engine builds core's types in one class, {@code ControllerFeed}); nothing of Hadoop.
 */
class SimPackagesTest {
  private static JavaClasses sim;

  @BeforeAll
  static void importSim() {
    sim =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pikachu.sim");
  }

  @Test
  void packagesAreFreeOfCycles() {
    slices().matching("io.pikachu.sim.(*)..").should().beFreeOfCycles().check(sim);
  }

  @Test
  void onlyTheFeedTalksToTheController() {
    noClasses()
        .that()
        .doNotHaveSimpleName("ControllerFeed")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("io.pikachu.core.decision.JobController")
        .check(sim);
  }

  @Test
  void nothingOfHadoop() {
    noClasses().should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..").check(sim);
  }
}
