package io.pikachu.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The structure of every module at once (issue 42): no package of Pikachu's depends, through
 * others, on itself, across module boundaries as within them; and no package is split over two
 * modules, where each would see the other's package-private members only by accident of the class
 * path and a class could load from either.
 */
class AllModulesArchitectureTest {

  private static JavaClasses all;

  @BeforeAll
  static void importEveryModule() {
    all =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // the reactor's modules only, as class folders (mvn test) or as their jars (mvn
            // verify); not the libraries a jar bundles relocated under a shaded package
            .withImportOption(
                location ->
                    (!location.isJar() || location.contains("/target/"))
                        && !location.contains("/shaded/"))
            .importPackages("io.pikachu");
  }

  @Test
  void noPackageCycleAnywhere() {
    slices().matching("io.pikachu.(**)").should().beFreeOfCycles().check(all);
  }

  @Test
  void noPackageIsSplitOverModules() {
    Map<String, Set<String>> modulesOfPackage = new TreeMap<>();
    for (JavaClass c : all) {
      if (c.getSource().isEmpty()) {
        continue;
      }
      modulesOfPackage
          .computeIfAbsent(c.getPackageName(), p -> new TreeSet<>())
          .add(module(c.getSource().get().getUri()));
    }
    Map<String, Set<String>> split = new TreeMap<>();
    modulesOfPackage.forEach(
        (pkg, modules) -> {
          if (modules.size() > 1) {
            split.put(pkg, modules);
          }
        });
    assertEquals(Map.of(), split, "packages in more than one module");
    assertEquals(
        true,
        modulesOfPackage.values().stream().flatMap(Set::stream).distinct().count() >= 10,
        "every module was read: " + modulesOfPackage);
  }

  /**
   * The module a class file comes from: the folder above the {@code target/} that holds its class
   * folder or its jar.
   */
  private static String module(URI source) {
    String path = source.toString();
    int target = path.indexOf("/target/");
    if (target < 0) {
      return path;
    }
    String root = path.substring(0, target);
    return root.substring(root.lastIndexOf('/') + 1);
  }
}
