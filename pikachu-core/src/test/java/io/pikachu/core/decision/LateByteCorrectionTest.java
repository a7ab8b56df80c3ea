package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.partitioning.Slicing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * Issue 43 on several node classes: the shuffle stabilises (the correction's trigger) after a tenth
 * of the maps, before every bin has been seen from a quarter of them. The correction waits for the
 * bins' sizes where the measured ratios alone would keep the provisional map (rule {@value
 * JobController#SIZES_WAIT_RULE}), so that skewed keys are rebalanced by bytes; even keys are left
 * as the counts leave them.
 */
class LateByteCorrectionTest {

  private static final long UNIT = 1 << 20;

  /**
   * Zipf-like: bin b holds bytes in proportion to 1 / (1 + (7 b mod 10)), heavy bins scattered over
   * the reducers, none larger than a slow reducer's share.
   */
  private static long skewed(int bin) {
    return UNIT * 10 / (1 + (bin * 7) % 10);
  }

  private static long[] skewedBins(int bins) {
    long[] bytes = new long[bins];
    for (int b = 0; b < bins; b++) {
      bytes[b] = skewed(b);
    }
    return bytes;
  }

  private static long even(int bin) {
    return UNIT;
  }

  /** Two node classes (2x map speed, 4 slots against 2), two reducers a node. */
  private static SyntheticJob twoClasses() {
    SyntheticJob job = new SyntheticJob().maps(300, 10).noise(0.1);
    job.node("fast1", 2.0, 4, 8.0, 1.0).node("fast2", 2.0, 4, 8.0, 1.0);
    job.node("slow1", 1.0, 2, 4.0, 1.0).node("slow2", 1.0, 2, 4.0, 1.0);
    for (String n : List.of("fast1", "slow1", "fast2", "slow2")) {
      job.reducer(n).reducer(n);
    }
    return job;
  }

  private static JobController controller(SyntheticJob job, Map<String, String> extra) {
    Map<String, String> conf = new HashMap<>(extra);
    conf.put(PikachuKeys.ESTIMATOR.name(), "two-stage");
    return new JobController(ControllerConfig.fromMap(conf), job.numReducers(), Slicing.HASH);
  }

  private static DecisionRecord run(Map<String, String> keys, IntToLongFunction bytesPerMap) {
    SyntheticJob job = twoClasses();
    return BytesByCapacityTest.closedLoopWithSizes(job, controller(job, keys), bytesPerMap);
  }

  private static String why(DecisionRecord r) {
    return r.versions().stream().map(Decision::summaryLine).toList().toString();
  }

  /** The most loaded reducer's bytes over its share (its weight over the sum of the weights). */
  private static double worstLoad(Decision d, long[] binBytes) {
    long[] held = ByteAllocator.loads(d.allocation(), binBytes);
    List<Double> w =
        d.reducerClasses().stream()
            .map(
                name ->
                    d.classes().stream()
                        .filter(c -> c.name().equals(name) && c.p() != null)
                        .map(ClassMeasurement::p)
                        .findFirst()
                        .orElse(1.0))
            .toList();
    double sum = w.stream().mapToDouble(Double::doubleValue).sum();
    long total = 0;
    for (long b : binBytes) {
      total += b;
    }
    double worst = 0;
    for (int r = 0; r < held.length; r++) {
      worst = Math.max(worst, held[r] / (total * w.get(r) / sum));
    }
    return worst;
  }

  @Test
  void skewedSizesArrivingAfterStabilisationMoveBinsByBytes() {
    DecisionRecord r = run(Map.of(), LateByteCorrectionTest::skewed);
    assertEquals(2, r.versions().size(), why(r));
    Decision last = r.last();
    assertEquals(DecisionStage.CORRECTED, last.stage(), why(r));
    assertTrue(last.rules().contains(ByteAllocator.RULE), why(r));
    assertTrue(
        last.mapsCompleted() >= Math.ceil(0.25 * last.totalMaps()),
        "decided once the sizes were known: " + why(r));
    assertTrue(last.notes().stream().anyMatch(n -> n.contains("fetched again")), why(r));
    assertEquals(8, last.reducerBytes().size(), why(r));
  }

  @Test
  void onTwoClassesTheMapsReportsAloneLetTheCorrectionGoByBytes() {
    // the cluster's case (issue 43, Config-1): no reducer reports a size before it has copied
    // every map, so only the maps' final statuses can bring the sizes in time
    SyntheticJob job = twoClasses();
    DecisionRecord r =
        TwoStageControllerTest.closedLoop(
            job,
            controller(job, Map.of()),
            BytesByCapacityTest.withMapSizes(80, LateByteCorrectionTest::skewed));
    Decision last = r.last();
    assertEquals(DecisionStage.CORRECTED, last.stage(), why(r));
    assertTrue(last.rules().contains(ByteAllocator.RULE), why(r));
    assertFalse(last.rules().contains(JobController.SIZES_WAIT_RULE), why(r) + last.notes());
    long[] bytes = skewedBins(last.allocation().totalBins());
    assertTrue(worstLoad(last, bytes) < 1.25, worstLoad(last, bytes) + why(r));
  }

  @Test
  void withoutTheWaitTheSameJobIsDecidedByCountsBeforeTheSizes() {
    DecisionRecord byBytes = run(Map.of(), LateByteCorrectionTest::skewed);
    DecisionRecord noWait =
        run(Map.of(PikachuKeys.BYTES_WAIT.name(), "false"), LateByteCorrectionTest::skewed);
    assertFalse(noWait.last().rules().contains(ByteAllocator.RULE), why(noWait));
    assertTrue(noWait.last().mapsCompleted() < 0.25 * noWait.last().totalMaps(), why(noWait));
    long[] bytes = skewedBins(noWait.last().allocation().totalBins());
    double counted = worstLoad(noWait.last(), bytes);
    double weighed = worstLoad(byBytes.last(), bytes);
    assertTrue(
        weighed < 1.25 && weighed < counted - 0.25,
        "most loaded reducer by bytes "
            + weighed
            + ", by counts "
            + counted
            + why(byBytes)
            + byBytes.last().notes()
            + byBytes.last().reducerBytes());
  }

  @Test
  void evenSizesLeaveTheMapTheCountsDecide() {
    DecisionRecord withSizes = run(Map.of(), LateByteCorrectionTest::even);
    DecisionRecord counted =
        run(Map.of(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false"), LateByteCorrectionTest::even);
    assertEquals(counted.versions().size(), withSizes.versions().size(), why(withSizes));
    assertEquals(counted.last().stage(), withSizes.last().stage(), why(withSizes));
    assertEquals(counted.last().allocation(), withSizes.last().allocation(), why(withSizes));
    assertTrue(withSizes.last().rules().contains(ByteAllocator.RULE), why(withSizes));
  }

  @Test
  void aReducerWaitingForTheDecisionEndsTheWaitForSizesThatNeverCome() {
    SyntheticJob job = twoClasses();
    JobController c = controller(job, Map.of());
    // reducer 7 never reports its bins' sizes, so they are never known
    DecisionRecord r =
        TwoStageControllerTest.closedLoop(
            job,
            c,
            report ->
                report.taskIndex() == 7
                    ? report
                    : BytesByCapacityTest.withSizes(job, c, LateByteCorrectionTest::skewed)
                        .apply(report));
    assertEquals(2, r.versions().size(), why(r));
    Decision last = r.last();
    assertTrue(last.isFinal(), why(r));
    assertEquals(r.versions().get(0).allocation(), last.allocation(), why(r));
    assertTrue(last.rules().contains(JobController.SIZES_WAIT_RULE), why(r));
    assertTrue(
        last.notes().stream().anyMatch(n -> n.contains("had copied every map and waited")), why(r));
  }

  @Test
  void reportsWithoutSizesDecideWhenTheShuffleStabilises() {
    SyntheticJob job = twoClasses();
    DecisionRecord r = TwoStageControllerTest.closedLoop(job, controller(job, Map.of()));
    assertTrue(r.last().mapsCompleted() < 0.25 * r.last().totalMaps(), why(r));
    assertFalse(r.last().rules().contains(JobController.SIZES_WAIT_RULE), why(r));
  }

  @Test
  void aFinalMapStaysWhateverSizesArriveAfterIt() {
    SyntheticJob job = twoClasses();
    JobController c = controller(job, Map.of(PikachuKeys.BYTES_WAIT.name(), "false"));
    DecisionRecord r =
        BytesByCapacityTest.closedLoopWithSizes(job, c, LateByteCorrectionTest::skewed);
    Decision sealed = r.last();
    assertTrue(sealed.isFinal(), why(r));
    // the closed loop fed every reducer's sizes until the job ended: they are known now, too late
    assertEquals(sealed, c.poll(Long.MAX_VALUE / 2).orElseThrow());
    assertEquals(r.versions().size(), c.record().orElseThrow().versions().size());
  }
}
