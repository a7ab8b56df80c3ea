package io.pikachu.core.decision.estimate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShuffleRateEstimatorTest {

  private static ClassMeasurement fast(Double rate, Double efficiency, boolean caughtUp) {
    return ImmutableClassMeasurement.builder()
        .name("fast")
        .nodes(List.of("f:1"))
        .speed(4.0)
        .mapRate(1.0)
        .reducers(List.of(0, 1))
        .reducerCapacity(0.15)
        .shuffleRate(rate)
        .efficiency(efficiency)
        .caughtUp(caughtUp)
        .build();
  }

  private static ClassMeasurement slow(Double rate, Double efficiency, boolean caughtUp) {
    return slow(rate, efficiency, caughtUp, 0.04);
  }

  private static ClassMeasurement slow(
      Double rate, Double efficiency, boolean caughtUp, Double capacity) {
    return ImmutableClassMeasurement.builder()
        .name("slow")
        .nodes(List.of("s:1", "s:2"))
        .speed(1.0)
        .mapRate(1.0)
        .reducers(List.of(2, 3))
        .reducerCapacity(capacity)
        .shuffleRate(rate)
        .efficiency(efficiency)
        .caughtUp(caughtUp)
        .build();
  }

  @Test
  void equationTwoPointOneWhenTheFastClassKeptUpAndTheSlowOneLagged() {
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(1.0, 0.5, true), slow(0.5, null, false)), notes);
    assertEquals("slow", r.reference());
    assertEquals(4.0, r.p().get("fast"), 1e-9, "S_fa / S_sl / E_fa = 1.0 / 0.5 / 0.5");
    assertEquals(1.0, r.p().get("slow"), 1e-9);
  }

  @Test
  void aLaggingClassThatCopiesFasterIsDrainingALateStartNotOutpacingAClassThatKeptUp() {
    // As on the embedded cluster: the fast reducers kept up with the maps (E unmeasured), the slow
    // ones started
    // late and copied their backlog faster than the maps completed.
    List<String> notes = new ArrayList<>();
    List<ClassMeasurement> classes = List.of(fast(0.143, null, true), slow(0.200, null, false));
    Ratios pikachu = new PikachuEstimator().estimate(classes, notes);
    assertEquals(
        0.15 / 0.04,
        pikachu.p().get("fast"),
        1e-9,
        "no class fell behind: the node CPU shares decide");
    List<String> withoutCapacity = new ArrayList<>();
    Ratios blind =
        new PikachuEstimator()
            .estimate(
                List.of(fast(0.143, null, true), slow(0.200, null, false, null)), withoutCapacity);
    assertEquals(
        1.0, blind.p().get("fast"), 1e-9, "and without them, never P < 1 from a draining backlog");
    Ratios d3 = ShuffleRateEstimator.observedRates().estimate(classes, new ArrayList<>());
    assertEquals(0.715, d3.p().get("fast"), 1e-3, "D3 compares the observed rates as they are");
  }

  @Test
  void aClassThatIdlesOnceCaughtUpHasNoMeasuredPotential() {
    // As in a recorded Config-1 run: the fast class kept up and then used no CPU over a 6 s window
    // (E = 0), while
    // the slow class lagged. S / E would claim any potential at all; the node CPU shares are the
    // evidence left.
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(0.448, 0.0, true), slow(0.427, null, false)), notes);
    assertEquals(0.15 / 0.04, r.p().get("fast"), 1e-9);
    assertTrue(notes.stream().anyMatch(n -> n.contains("nearly idled")), notes.toString());
    Ratios measured =
        new PikachuEstimator()
            .estimate(
                List.of(
                    fast(0.448, PikachuEstimator.MIN_EFFICIENCY, true), slow(0.427, null, false)),
                notes);
    assertEquals(
        0.448 / 0.427 / PikachuEstimator.MIN_EFFICIENCY,
        measured.p().get("fast"),
        1e-9,
        "at the floor, equation 2.1 still applies");
  }

  @Test
  void theFastClassMayStillGetLessWhenItIsTheOneThatLags() {
    // Sort in Table 2.1: the fast nodes are the bottleneck.
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(0.7, null, false), slow(1.0, 1.0, true)), notes);
    assertEquals(0.7, r.p().get("fast"), 1e-9);
    assertTrue(notes.stream().noneMatch(n -> n.contains("draining")), notes.toString());
  }

  @Test
  void whenNoClassFellBehindPFollowsEachReducersShareOfItsNodesCapacity() {
    // As on the embedded cluster with small maps: every reducer kept up, so the rates only echo the
    // maps.
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(0.23, 0.5, true), slow(0.21, 0.9, true)), notes);
    assertEquals("slow", r.reference());
    assertEquals(0.15 / 0.04, r.p().get("fast"), 1e-9);
    assertEquals(1.0, r.p().get("slow"), 1e-9);
    assertTrue(notes.stream().anyMatch(n -> n.contains("no class fell behind")), notes.toString());
    Ratios d3 =
        ShuffleRateEstimator.observedRates()
            .estimate(List.of(fast(0.23, 0.5, true), slow(0.21, 0.9, true)), new ArrayList<>());
    assertEquals(0.23 / 0.21, d3.p().get("fast"), 1e-9, "D3 keeps the paper's naive ratio");
  }

  @Test
  void aClassNotYetMeasuredDoesNotCountAsFallingBehind() {
    // Slow reducers whose JVMs had not reported by the decision: only the fast class has a rate,
    // and it kept up.
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(0.23, 0.5, true), slow(null, null, false)), notes);
    assertEquals(0.15 / 0.04, r.p().get("fast"), 1e-9);
  }

  @Test
  void withoutANodeCapacityForEveryClassPStaysOne() {
    List<String> notes = new ArrayList<>();
    Ratios r =
        new PikachuEstimator()
            .estimate(List.of(fast(0.23, 0.5, true), slow(0.21, 0.9, true, null)), notes);
    assertEquals(1.0, r.p().get("fast"), 1e-9);
    assertEquals(1.0, r.p().get("slow"), 1e-9);
    assertTrue(
        notes.stream().anyMatch(n -> n.contains("no basis for P other than 1")), notes.toString());
  }
}
