package io.pikachu.core.decision.estimate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each of the estimators' named rules on its own. */
class EstimatorRulesTest {

  private static ClassMeasurement cls(
      String name, Double rate, Double efficiency, boolean caughtUp, Double capacity) {
    return ImmutableClassMeasurement.builder()
        .name(name)
        .nodes(List.of(name + ":1"))
        .speed(name.equals("fast") ? 4.0 : 1.0)
        .mapRate(1.0)
        .reducers(List.of(name.equals("fast") ? 0 : 1))
        .reducerCapacity(capacity)
        .shuffleRate(rate)
        .efficiency(efficiency)
        .caughtUp(caughtUp)
        .build();
  }

  @Test
  void noClassOverloadedWhenEveryLaggingClassCopiesAtLeastThePace() {
    List<String> notes = new ArrayList<>();
    List<ClassMeasurement> draining =
        List.of(cls("fast", 0.14, null, true, 0.15), cls("slow", 0.20, null, false, 0.04));
    assertTrue(new NoClassOverloaded().applies(draining, notes));
    assertTrue(notes.get(0).contains("no class fell behind"), notes.toString());
    List<ClassMeasurement> overloaded =
        List.of(cls("fast", 0.14, null, true, 0.15), cls("slow", 0.05, null, false, 0.04));
    assertFalse(new NoClassOverloaded().applies(overloaded, new ArrayList<>()));
    List<ClassMeasurement> oneClass = List.of(cls("fast", 0.14, null, true, 0.15));
    assertFalse(new NoClassOverloaded().applies(oneClass, new ArrayList<>()), "nothing to compare");
  }

  /**
   * The classes of the paper-7 cluster's Multi-Wordcount at fast cores 2.85x, seed 2, task noise
   * 0.08, at the correction (`sim simulate ... --seed 2`): the noise split the five equal slow
   * nodes into 'medium' and 'slow', both of which kept pace with the maps at different measured
   * rates.
   */
  private static List<ClassMeasurement> noiseSplitSlowNodes() {
    return List.of(
        measured("fast", 2.85, 2.218, null, false, 1.9, 0.106, 0),
        measured("medium", 1.5, 2.536, 0.213, true, 0.7, 0.071, 1),
        measured("slow", 1.0, 1.278, 0.113, true, 0.4, 0.047, 2));
  }

  private static ClassMeasurement measured(
      String name,
      double speed,
      double rate,
      Double efficiency,
      boolean caughtUp,
      double binShare,
      double capacity,
      int reducer) {
    return ImmutableClassMeasurement.builder()
        .name(name)
        .nodes(List.of(name + ":1"))
        .speed(speed)
        .mapRate(1.0)
        .reducers(List.of(reducer))
        .reducerCapacity(capacity)
        .shuffleRate(rate)
        .efficiency(efficiency)
        .caughtUp(caughtUp)
        .binShare(binShare)
        .build();
  }

  @Test
  void aLaggingClassIsOverloadedOnlyIfItCopiesSlowerThanEveryClassThatKeptPace() {
    // 2.218 maps/s is below one class that kept pace (2.536) but above the other (1.278): no
    // evidence that the fast class fell behind what the maps gave it
    Ratios equation =
        ShuffleRateEstimator.withEfficiency().estimate(noiseSplitSlowNodes(), new ArrayList<>());
    assertTrue(
        equation.p().get("fast") < 1, "equation 2.1 alone ranks the fast nodes last: " + equation);
    List<String> notes = new ArrayList<>();
    assertTrue(new NoClassOverloaded().applies(noiseSplitSlowNodes(), notes), notes.toString());
    Ratios r = new PikachuEstimator().estimate(noiseSplitSlowNodes(), new ArrayList<>());
    assertEquals(List.of(NoClassOverloaded.NAME, ReducerCapacityEstimator.NAME), r.rules());
    assertTrue(
        r.p().get("fast") > r.p().get("medium") && r.p().get("medium") > r.p().get("slow"),
        "the faster nodes keep the larger share: " + r.p());
    // slower than both classes that kept pace: overloaded, and equation 2.1 decides
    List<ClassMeasurement> behind =
        List.of(
            measured("fast", 2.85, 1.0, null, false, 1.9, 0.106, 0),
            measured("medium", 1.5, 2.536, 0.213, true, 0.7, 0.071, 1),
            measured("slow", 1.0, 1.278, 0.113, true, 0.4, 0.047, 2));
    assertFalse(new NoClassOverloaded().applies(behind, new ArrayList<>()));
  }

  /**
   * The classes of the paper-7 cluster's Multi-Wordcount at fast cores 4x, seed 1, task noise 0.08,
   * at the correction: the fast class lagged at 2.22 maps/s, slower than both classes that kept
   * pace, while its reducers used 0.108 of an even share of their node's CPU (every reducer copied
   * at its node's link share).
   */
  private static List<ClassMeasurement> linkBoundFastClass(Double fastCpuOfFairShare) {
    return List.of(
        withCpu(measured("fast", 4.0, 2.222, null, false, 2.1, 0.148, 0), fastCpuOfFairShare),
        withCpu(measured("medium", 1.4, 5.333, 0.262, true, 0.6, 0.0389, 1), 0.388),
        withCpu(measured("slow", 1.0, 3.056, 0.199, true, 0.4, 0.0275, 2), 0.225));
  }

  private static ClassMeasurement withCpu(ClassMeasurement c, Double cpuOfFairShare) {
    return ImmutableClassMeasurement.builder().from(c).cpuOfFairShare(cpuOfFairShare).build();
  }

  @Test
  void aLaggingClassThatWasNotShortOfCpuIsNotOverloaded() {
    Ratios equation =
        ShuffleRateEstimator.withEfficiency()
            .estimate(linkBoundFastClass(0.108), new ArrayList<>());
    assertTrue(equation.p().get("fast") < 1, "equation 2.1 alone: " + equation);
    List<String> notes = new ArrayList<>();
    assertTrue(new NoClassOverloaded().applies(linkBoundFastClass(0.108), notes), notes.toString());
    assertTrue(notes.get(0).contains("'fast' lagged the maps"), notes.toString());
    Ratios r = new PikachuEstimator().estimate(linkBoundFastClass(0.108), new ArrayList<>());
    assertEquals(List.of(NoClassOverloaded.NAME, ReducerCapacityEstimator.NAME), r.rules());
    assertTrue(r.p().get("fast") > 4, "the fast nodes' capacity: " + r.p());
    // short of CPU (at least its even share), or CPU not known: overloaded as before
    assertFalse(new NoClassOverloaded().applies(linkBoundFastClass(1.0), new ArrayList<>()));
    assertFalse(new NoClassOverloaded().applies(linkBoundFastClass(null), new ArrayList<>()));
  }

  @Test
  void idleAfterCatchUpBelowTheEfficiencyFloorOnly() {
    List<String> notes = new ArrayList<>();
    assertTrue(
        new IdleAfterCatchUp()
            .applies(
                List.of(cls("fast", 0.4, 0.05, true, 0.15), cls("slow", 0.4, null, false, 0.04)),
                notes));
    assertTrue(notes.get(0).contains("E = 0.050 < 0.1"), notes.toString());
    assertFalse(
        new IdleAfterCatchUp()
            .applies(
                List.of(cls("fast", 0.4, IdleAfterCatchUp.MIN_EFFICIENCY, true, 0.15)),
                new ArrayList<>()));
  }

  @Test
  void drainingLateStartOnlyForAClassThatKeptUpAgainstALaggingReference() {
    ClassMeasurement keptUp = cls("fast", 0.14, null, true, 0.15);
    ClassMeasurement lagging = cls("slow", 0.20, null, false, 0.04);
    List<String> notes = new ArrayList<>();
    assertTrue(DrainingLateStart.applies(keptUp, lagging, 0.7, notes));
    assertTrue(notes.get(0).contains("was draining a late start"), notes.toString());
    assertFalse(DrainingLateStart.applies(keptUp, lagging, 1.2, new ArrayList<>()), "P >= 1");
    assertFalse(
        DrainingLateStart.applies(
            keptUp, cls("slow", 0.2, 1.0, true, 0.04), 0.7, new ArrayList<>()),
        "a reference that kept up too");
  }

  @Test
  void reducerCapacityIsEachReducersShareOfItsNodeAgainstTheSmallest() {
    Ratios r =
        new ReducerCapacityEstimator("capacity")
            .estimate(
                List.of(cls("fast", null, null, false, 0.15), cls("slow", null, null, false, 0.05)),
                new ArrayList<>());
    assertEquals("slow", r.reference());
    assertEquals(3.0, r.p().get("fast"), 1e-9);
    assertEquals(List.of(ReducerCapacityEstimator.NAME), r.rules());
    List<String> notes = new ArrayList<>();
    Ratios blind =
        new ReducerCapacityEstimator("capacity")
            .estimate(
                List.of(cls("fast", null, null, false, 0.15), cls("slow", null, null, false, null)),
                notes);
    assertEquals(1.0, blind.p().get("fast"));
    assertTrue(notes.get(0).startsWith("capacity: some class has no measured node capacity"));
  }

  @Test
  void pikachuTriesItsFallbacksInOrderAndRecordsWhichOneDecided() {
    assertEquals(
        List.of(NoClassOverloaded.NAME, IdleAfterCatchUp.NAME),
        PikachuEstimator.FALLBACKS.stream().map(EstimatorRule::name).toList());
    Ratios capacity =
        new PikachuEstimator()
            .estimate(
                List.of(cls("fast", 0.14, null, true, 0.15), cls("slow", 0.20, null, false, 0.04)),
                new ArrayList<>());
    assertEquals(List.of(NoClassOverloaded.NAME, ReducerCapacityEstimator.NAME), capacity.rules());
    Ratios equation =
        new PikachuEstimator()
            .estimate(
                List.of(cls("fast", 1.0, 0.5, true, 0.15), cls("slow", 0.5, null, false, 0.04)),
                new ArrayList<>());
    assertEquals(List.of(ShuffleRateEstimator.NAME), equation.rules());
    assertEquals(4.0, equation.p().get("fast"), 1e-9);
  }
}
