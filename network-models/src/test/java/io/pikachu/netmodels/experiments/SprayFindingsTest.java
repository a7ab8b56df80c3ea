package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.report.Table;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's findings on its own k=4 fat-tree (small enough to run the paper's setting), with many
 * seeds per point: the static scenario's differences are a few percent and one spurious
 * fast-retransmit episode moves a run's short flow by tens of milliseconds. Tolerances from the
 * notes' table, except the static long-flow throughput (docs/network-models/drill-spraying.md says
 * why).
 */
class SprayFindingsTest {
  private static final Scheme SPRAY = Scheme.of(Scheme.Kind.SPRAY);
  private static final Scheme SINGLE = Scheme.of(Scheme.Kind.SINGLE);
  private static final Scheme ECMP = Scheme.of(Scheme.Kind.ECMP);
  private static Table staticScenario;
  private static Table randomScenario;

  @BeforeAll
  static void run() {
    SprayExperiments ex = SprayExperiments.small(1, new Runner(2, null));
    staticScenario = ex.withRuns(20).withSchemes(List.of(SPRAY, SINGLE)).staticScenario().table();
    randomScenario =
        ex.withRuns(10).withSchemes(List.of(SPRAY, SINGLE, ECMP)).randomScenario().table();
  }

  /** A figure table has 6 rows (0..5 long flows) per scheme, schemes in the order run. */
  private static double value(Table t, Scheme s, int n, String column) {
    int i = List.of(SPRAY, SINGLE, ECMP).indexOf(s);
    return t.number(i * 6 + n, column);
  }

  private static double pooled(Table t, Scheme s, int from, int to, String column) {
    double sum = 0;
    for (int n = from; n <= to; n++) sum += value(t, s, n, column);
    return sum;
  }

  @Test
  void sprayingShortensShortFlowsWhenLongFlowsAreAround() {
    // Random pairs: at every number of long flows, and by more as there are more of them.
    for (int n = 1; n <= 5; n++) {
      double spray = value(randomScenario, SPRAY, n, "short_fct_ms");
      double single = value(randomScenario, SINGLE, n, "short_fct_ms");
      assertTrue(spray <= 1.05 * single, "random n=" + n + ": " + spray + " vs " + single);
    }
    double gap1 =
        value(randomScenario, SINGLE, 1, "short_fct_ms")
            - value(randomScenario, SPRAY, 1, "short_fct_ms");
    double gap5 =
        value(randomScenario, SINGLE, 5, "short_fct_ms")
            - value(randomScenario, SPRAY, 5, "short_fct_ms");
    assertTrue(gap5 > gap1, "the gap grows with long flows: " + gap1 + " -> " + gap5);
    // Static incast: once three or more long flows share the short flow's bottleneck.
    double spray = pooled(staticScenario, SPRAY, 3, 5, "short_fct_ms");
    double single = pooled(staticScenario, SINGLE, 3, 5, "short_fct_ms");
    assertTrue(spray < single, "static, n = 3..5: " + spray + " vs " + single);
  }

  @Test
  void sprayingRaisesLongFlowThroughputUnderRandomTraffic() {
    // Static: not asserted. Every long flow ends at S15, so no path choice can add throughput, and
    // spraying's spurious fast retransmits cost a little: 0.980 +- 0.025 over five batches of 10
    // runs (the notes ask >= 0.98; the paper reports a slight gain). docs/network-models/
    // drill-spraying.md has the batches.
    // Random pairs, judged per number of long flows as the fidelity table judges them: >= 1.05 at
    // n = 3, 4 and 5 (1.133, 1.178, 1.199 over five batches of 10 runs). Not asserted at n = 1 (one
    // long flow has nothing to spread: 0.977) nor at n = 2 (1.005), the two misses the fidelity
    // table shows; pooling n = 2-5, as this test once did, hid the miss at n = 2 behind n = 5.
    for (int n = 3; n <= 5; n++) {
      double ratio =
          value(randomScenario, SPRAY, n, "long_flow_gbps")
              / value(randomScenario, SINGLE, n, "long_flow_gbps");
      assertTrue(ratio >= 1.05, "random, n = " + n + ": " + ratio);
    }
  }

  @Test
  void onlySprayingReordersAndItReordersAboutAFifthOfShortFlowPacketsUnderRandomTraffic() {
    for (int n = 0; n <= 5; n++) {
      assertEquals(0.0, value(staticScenario, SINGLE, n, "short_late_pct"));
      assertEquals(0.0, value(randomScenario, SINGLE, n, "short_late_pct"));
      assertEquals(0.0, value(randomScenario, ECMP, n, "short_late_pct"));
    }
    double mean = pooled(randomScenario, SPRAY, 1, 5, "short_late_pct") / 5;
    assertTrue(mean >= 10 && mean <= 35, "spraying's out-of-order share " + mean + "%");
  }

  @Test
  void everyFlowFinishes() {
    for (Table t : List.of(staticScenario, randomScenario)) {
      for (int i = 0; i < t.rows().size(); i++) assertEquals(0.0, t.number(i, "unfinished"));
    }
  }
}
