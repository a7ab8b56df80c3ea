package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteOptionsTest {

  @Test
  void defaultsAreTheFullSuite() {
    SuiteOptions o = SuiteOptions.parse(new String[0]);
    assertEquals(List.of(SuiteApp.values()), o.apps());
    assertEquals(List.of(SuiteCluster.CONFIG_1, SuiteCluster.CONFIG_2), o.clusters());
    assertEquals(SuiteOptions.METHODS, o.methods());
    assertEquals(3, o.reps());
    assertTrue(o.refine());
  }

  @Test
  void jobSettingsApplyToEveryJobAndAreKeyValuePairs() {
    SuiteOptions o =
        SuiteOptions.parse(
            new String[] {
              "-D",
              "mapreduce.job.reduce.slowstart.completedmaps=0",
              "-D",
              "mapreduce.task.io.sort.mb=50"
            });
    assertEquals(
        java.util.Map.of(
            "mapreduce.job.reduce.slowstart.completedmaps", "0", "mapreduce.task.io.sort.mb", "50"),
        o.jobSettings());
    assertEquals(java.util.Map.of(), SuiteOptions.parse(new String[0]).jobSettings());
    assertThrows(
        IllegalArgumentException.class, () -> SuiteOptions.parse(new String[] {"-D", "no-value"}));
  }

  @Test
  void quickModeIsOneSmallApplicationOnce() {
    SuiteOptions o = SuiteOptions.parse(new String[] {"--quick"});
    assertEquals(List.of(SuiteApp.WORDCOUNT), o.apps());
    assertEquals(List.of(SuiteCluster.CONFIG_1), o.clusters());
    assertEquals(1, o.reps());
    assertFalse(o.refine());
    assertFalse(o.runs("tarazu"));
  }

  @Test
  void everyRepetitionAlternatesTheMethodsThenTheSweepGrid() {
    SuiteOptions o =
        SuiteOptions.parse(
            new String[] {
              "--methods",
              "two-stage,stock,optimal",
              "--reps",
              "2",
              "--sweep",
              "3,4",
              "--sweep-reps",
              "3"
            });
    assertEquals(3, o.rounds());
    // The methods in the suite's order, whatever the order given, then the grid.
    assertEquals(
        List.of("stock", "two-stage", "fixed-3.00", "fixed-4.00"),
        o.round(1).stream().map(Method::label).toList());
    assertEquals(
        List.of("fixed-3.00", "fixed-4.00"), o.round(3).stream().map(Method::label).toList());
    SuiteOptions noSweep =
        SuiteOptions.parse(new String[] {"--methods", "stock,pikachu", "--sweep-reps", "5"});
    assertEquals(3, noSweep.rounds(), "sweep repetitions count only with optimal");
    assertEquals(
        List.of("stock", "pikachu"), noSweep.round(3).stream().map(Method::label).toList());
  }

  @Test
  void badValuesNameTheOption() {
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--apps", "wordcount,grep"}))
            .getMessage()
            .contains("--apps"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--sweep", "1,-2"}))
            .getMessage()
            .contains("--sweep"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--methods", "stock,magic"}))
            .getMessage()
            .contains("magic"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--reps", "0"}))
            .getMessage()
            .contains("--reps"));
  }

  @Test
  void theSetupNamesOnlyWhatTheInvocationRan() {
    String withoutSweep =
        SuiteSetup.data(
            SuiteOptions.parse(new String[] {"--methods", "two-stage,stock", "--reps", "3"}));
    assertTrue(withoutSweep.contains("stock, two-stage, 3 repetitions"), withoutSweep);
    assertFalse(withoutSweep.contains("tarazu"), withoutSweep);
    assertFalse(withoutSweep.contains("fixed P"), withoutSweep);

    String sweepOnly =
        SuiteSetup.data(
            SuiteOptions.parse(
                new String[] {"--methods", "optimal", "--sweep", "3,4", "--no-refine"}));
    assertTrue(
        sweepOnly.contains("fixed P [3.0, 4.0], 1 repetition per point, not refined"), sweepOnly);
    assertFalse(sweepOnly.contains("stock"), sweepOnly);
  }

  @Test
  void aClusterOfOnesOwnRunsAloneUnlessBuiltInOnesAreNamed() {
    SuiteOptions own =
        SuiteOptions.parse(new String[] {"--cluster", "wide=1xfast:1.2:4:2;2xslow:0.15:1:2"});
    assertEquals(1, own.clusters().size());
    assertEquals("wide", own.clusters().get(0).label());
    assertEquals(6, own.clusters().get(0).spec().totalReduceSlots());
    SuiteOptions both =
        SuiteOptions.parse(
            new String[] {"--configs", "config-1", "--cluster", "three=3xnode:0.5:2:2"});
    assertEquals(
        List.of("config-1", "three"), both.clusters().stream().map(SuiteCluster::label).toList());
    IllegalArgumentException clash =
        assertThrows(
            IllegalArgumentException.class,
            () -> SuiteOptions.parse(new String[] {"--cluster", "config-1=3xnode:0.5:2:2"}));
    assertTrue(clash.getMessage().contains("config-1"), clash.getMessage());
  }
}
