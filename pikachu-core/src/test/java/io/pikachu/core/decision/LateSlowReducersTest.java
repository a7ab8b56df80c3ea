package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.partitioning.Slicing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A short job on the embedded cluster: all maps finish while the slow nodes' reducer JVMs are still
 * starting. Every reducer's final merge waits for the decision, so the controller must not wait for
 * those reducers' reports.
 */
class LateSlowReducersTest {
  private static final int MAPS = 4;
  private static final long MAPS_DONE = 20_000;

  /**
   * Maps done at 20 s; fast reducers (0, 1) copied everything by their first report; slow ones
   * report at 40 s.
   */
  private static List<StatusReport> reports() {
    return reports(MAPS);
  }

  /**
   * As {@link #reports()}, with the fast reducers having copied {@code fastCopied} maps until 45 s.
   */
  private static List<StatusReport> reports(int fastCopied) {
    List<StatusReport> r = new ArrayList<>();
    // Three maps of 4 s each on the fast node, one of 18 s on the slow one: map throughputs differ
    // ~4x.
    for (int m = 0; m < 3; m++) {
      long end = 6_000 + m * 4_000;
      r.add(
          Reports.map(end, "attempt_m_" + m, m, "fast:1")
              .state(AttemptState.SUCCEEDED)
              .progress(1.0)
              .mapsCompleted(m + 1)
              .totalMaps(MAPS)
              .cpuMs(800)
              .launchTimeMs(end - 4_000)
              .build());
    }
    r.add(
        Reports.map(MAPS_DONE, "attempt_m_3", 3, "slow:2")
            .state(AttemptState.SUCCEEDED)
            .progress(1.0)
            .mapsCompleted(MAPS)
            .totalMaps(MAPS)
            .cpuMs(800)
            .launchTimeMs(2_000)
            .build());
    // The fast reducers' first reports come after the last map, with everything copied.
    for (long t = 21_000; t <= 60_000; t += 3_000) {
      for (int i = 0; i < 2; i++) {
        r.add(reducer(t + i * 100, i, "fast:1", t < 45_000 ? fastCopied : MAPS, MAPS));
      }
      if (t >= 40_000) {
        for (int i = 2; i < 4; i++) {
          r.add(reducer(t + i * 100, i, "slow:2", MAPS, MAPS));
        }
      }
    }
    r.sort((a, b) -> Long.compare(a.timeMs(), b.timeMs()));
    return r;
  }

  private static StatusReport reducer(long t, int index, String node, int copied, int completed) {
    return Reports.reduce(t, "attempt_r_" + index, index, node)
        .progress(0.3)
        .mapsCopied(copied)
        .mapsCompleted(Math.max(completed, copied))
        .totalMaps(MAPS)
        .cpuMs(t / 50)
        .launchTimeMs(10_000)
        .build();
  }

  private static Decision firstDecision(Map<String, String> conf) {
    return firstDecision(conf, reports());
  }

  private static Decision firstDecision(Map<String, String> conf, List<StatusReport> reports) {
    Map<String, String> oneShot = new java.util.HashMap<>(conf);
    oneShot.putIfAbsent(PikachuKeys.ESTIMATOR.name(), "pikachu"); // D3', what these tests are about
    JobController controller =
        new JobController(ControllerConfig.fromMap(oneShot), 4, Slicing.HASH);
    for (StatusReport report : reports) {
      controller.onReport(report);
      Optional<Decision> d = controller.poll(report.timeMs());
      if (d.isPresent()) {
        return d.get();
      }
    }
    throw new AssertionError("no decision");
  }

  @ParameterizedTest
  @ValueSource(strings = {"pikachu", "fixed"})
  void decidesSoonAfterTheMapsWithoutWaitingForLateReducers(String estimator) {
    Map<String, String> conf =
        Map.of(PikachuKeys.ESTIMATOR.name(), estimator, PikachuKeys.FIXED_P.name(), "3");
    Decision d = firstDecision(conf, reports(MAPS - 1));
    assertEquals(DecisionReason.ALL_MAPS_DONE, d.reason(), d.summaryLine());
    long afterMaps = d.decidedAtMs() - MAPS_DONE;
    assertTrue(
        afterMaps >= PikachuKeys.AFTER_MAPS_WAIT_MS.defaultValue() && afterMaps < 10_000,
        d.summaryLine());
    assertTrue(
        d.notes().stream()
            .anyMatch(
                n ->
                    n.contains(PikachuKeys.AFTER_MAPS_WAIT_MS.name())
                        || n.contains("all maps finished")),
        d.notes().toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"pikachu", "fixed"})
  void decidesAtOnceWhenAReducerHasFetchedEverythingAndWaitsForTheDecision(String estimator) {
    Decision d =
        firstDecision(
            Map.of(
                PikachuKeys.ESTIMATOR.name(),
                estimator,
                PikachuKeys.FIXED_P.name(),
                "3",
                PikachuKeys.AFTER_MAPS_WAIT_MS.name(),
                "60000"));
    assertEquals(DecisionReason.ALL_MAPS_DONE, d.reason(), d.summaryLine());
    assertEquals(
        21_000,
        d.decidedAtMs(),
        "the first report after the maps shows reducer 0 with every map copied");
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains("reducer 0 had fetched all its bins")),
        d.notes().toString());
  }

  @Test
  void fixedWaitsUntilEveryReducersNodeHasAMeasuredMap() {
    // Reducers on both nodes at 10 s, but the slow node's only map reports first at 20 s.
    JobController controller =
        new JobController(
            ControllerConfig.fromMap(
                Map.of(PikachuKeys.ESTIMATOR.name(), "fixed", PikachuKeys.FIXED_P.name(), "3")),
            4,
            Slicing.HASH);
    for (StatusReport r : reports()) {
      if (r.timeMs() >= MAPS_DONE) {
        break;
      }
      controller.onReport(r);
    }
    for (int i = 0; i < 4; i++) {
      controller.onReport(
          Reports.reduce(10_000, "attempt_r_" + i, i, i < 2 ? "fast:1" : "slow:2")
              .phase(TaskPhase.STARTING)
              .mapsCompleted(1)
              .totalMaps(MAPS)
              .launchTimeMs(10_000)
              .build());
    }
    assertTrue(controller.poll(15_000).isEmpty(), "the slow node has no measured map yet");
    controller.onReport(
        Reports.map(16_000, "attempt_m_3", 3, "slow:2")
            .progress(0.5)
            .mapsCompleted(3)
            .totalMaps(MAPS)
            .cpuMs(400)
            .launchTimeMs(2_000)
            .build());
    Decision d = controller.poll(16_000).orElseThrow();
    assertEquals(DecisionReason.REDUCERS_PLACED, d.reason(), d.summaryLine());
    assertTrue(d.rebalanced(), d.summaryLine());
    assertEquals(List.of("fast", "fast", "slow", "slow"), d.reducerClasses());
  }

  @Test
  void aLongerWaitLetsTheLateReducersBeMeasuredWhileNoReducerWaits() {
    Decision d =
        firstDecision(Map.of(PikachuKeys.AFTER_MAPS_WAIT_MS.name(), "60000"), reports(MAPS - 1));
    assertTrue(d.decidedAtMs() >= 40_000, d.summaryLine());
    // The first slow reducer to report had copied every map, so the controller stops waiting right
    // there.
    assertEquals("slow", d.reducerClasses().get(2), d.summaryLine());
  }
}
