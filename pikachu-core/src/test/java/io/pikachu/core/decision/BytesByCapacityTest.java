package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.partitioning.Slicing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Issue 43: the correction gives reducers bins by bytes, from the sizes the reducers report, when
 * the job's keys are skewed; on nodes of one class too. The synthetic reducers here report what a
 * reducer holds of each owned bin, as {@code BinShuffle} does, with bin b holding bytes in
 * proportion to {@code 1 / (1 + (b * 7) % 30)}: Zipf-like, heavy bins scattered over the reducers.
 */
class BytesByCapacityTest {

  private static final long UNIT = 1 << 20;

  private static long binBytesPerMap(int bin) {
    return UNIT * 30 / (1 + (bin * 7) % 30);
  }

  /** Runs {@code job} under {@code c}, each reducer's reports carrying its bins' sizes so far. */
  private static DecisionRecord closedLoopWithSizes(SyntheticJob job, JobController c) {
    return closedLoopWithSizes(job, c, BytesByCapacityTest::binBytesPerMap);
  }

  /** As above, bin b holding {@code bytesPerMap.applyAsLong(b)} bytes of each map's output. */
  static DecisionRecord closedLoopWithSizes(
      SyntheticJob job, JobController c, IntToLongFunction bytesPerMap) {
    return TwoStageControllerTest.closedLoop(job, c, withSizes(job, c, bytesPerMap));
  }

  /**
   * A reducer's report as the task sends it: with what the reducer holds of each bin it owns under
   * {@code c}'s map in force, bin b holding {@code bytesPerMap.applyAsLong(b)} of each map.
   */
  static UnaryOperator<StatusReport> withSizes(
      SyntheticJob job, JobController c, IntToLongFunction bytesPerMap) {
    return r -> {
      if (r.type() != TaskType.REDUCE || r.mapsCopied() == 0) {
        return r;
      }
      BinAllocation owned = c.decision().map(Decision::allocation).orElse(null);
      int bpr = c.decision().map(Decision::binsPerReducer).orElse(10);
      List<BinBytesReport.Entry> entries = new ArrayList<>();
      for (int b = 0; b < bpr * job.numReducers(); b++) {
        int owner = owned == null ? b / bpr : owned.owner(b);
        if (owner == r.taskIndex()) {
          entries.add(
              new BinBytesReport.Entry(
                  b, bytesPerMap.applyAsLong(b) * r.mapsCopied(), r.mapsCopied()));
        }
      }
      return r.withBinBytes(BinBytesReport.encode(entries));
    };
  }

  private static JobController controller(SyntheticJob job, Map<String, String> extra) {
    Map<String, String> conf = new HashMap<>(extra);
    conf.put(PikachuKeys.ESTIMATOR.name(), "two-stage");
    return new JobController(ControllerConfig.fromMap(conf), job.numReducers(), Slicing.HASH);
  }

  private static SyntheticJob equalNodes() {
    SyntheticJob job = new SyntheticJob().maps(100, 10);
    for (int i = 1; i <= 3; i++) {
      job.node("n" + i, 1.0, 2, 5.0, 1.0);
      job.reducer("n" + i).reducer("n" + i);
    }
    return job;
  }

  @Test
  void aSkewedJobOnEqualNodesIsCorrectedByBytes() {
    SyntheticJob job = equalNodes();
    DecisionRecord r = closedLoopWithSizes(job, controller(job, Map.of()));
    String why = r.versions().stream().map(Decision::summaryLine).toList().toString();
    assertEquals(2, r.versions().size(), why);
    Decision last = r.last();
    assertEquals(DecisionStage.CORRECTED, last.stage(), why);
    assertTrue(last.rules().contains(ByteAllocator.RULE), why);
    assertEachWithin15PercentOfASixth(last);
    assertTrue(last.notes().stream().anyMatch(n -> n.contains("fetched again")), why);
  }

  /**
   * Each map's final report as the task sends it ({@code BinSizesStatus}): every bin's bytes in its
   * output, within Hadoop's default status length.
   */
  static UnaryOperator<StatusReport> withMapSizes(int totalBins, IntToLongFunction bytesPerMap) {
    long[] bytes = new long[totalBins];
    for (int b = 0; b < totalBins; b++) {
      bytes[b] = bytesPerMap.applyAsLong(b);
    }
    String report = MapBinBytesReport.encode(bytes, 512);
    return r ->
        r.type() == TaskType.MAP && r.state() == AttemptState.SUCCEEDED
            ? r.withBinBytes("map " + report + " > sort")
            : r;
  }

  @Test
  void aSkewedJobOnEqualNodesIsCorrectedByBytesFromTheMapsReportsAlone() {
    // no reducer reports a size (as on the cluster until a reducer has copied every map): the
    // maps' final statuses are enough, once a quarter of the maps have finished
    SyntheticJob job = equalNodes();
    JobController c = controller(job, Map.of());
    DecisionRecord r =
        TwoStageControllerTest.closedLoop(
            job, c, withMapSizes(60, BytesByCapacityTest::binBytesPerMap));
    String why = r.versions().stream().map(Decision::summaryLine).toList().toString();
    assertEquals(2, r.versions().size(), why);
    Decision last = r.last();
    assertEquals(DecisionStage.CORRECTED, last.stage(), why);
    assertTrue(last.rules().contains(ByteAllocator.RULE), why + last.rules());
    assertFalse(
        last.rules().contains(JobController.SIZES_WAIT_RULE),
        "taken by bytes, not by counts for want of sizes: " + last.notes());
    assertTrue(last.mapsCompleted() >= 25, "a quarter of the maps: " + last.mapsCompleted());
    assertTrue(last.mapsCompleted() < 100, "before every map: " + last.mapsCompleted());
    assertEachWithin15PercentOfASixth(last);
  }

  /** Each of the six reducers of equal nodes holds a sixth of the bytes, within 15%. */
  private static void assertEachWithin15PercentOfASixth(Decision last) {
    long total = last.reducerBytes().stream().mapToLong(Long::longValue).sum();
    for (long held : last.reducerBytes()) {
      assertTrue(
          Math.abs(held - total / 6.0) <= 0.15 * total / 6,
          "within 15% of a sixth: " + last.reducerBytes());
    }
  }

  @Test
  void countingBinsLeavesTheSkewedJobEven() {
    SyntheticJob job = equalNodes();
    DecisionRecord r =
        closedLoopWithSizes(
            job, controller(job, Map.of(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false")));
    assertFalse(r.last().rebalanced());
    assertEquals(List.of(), r.last().reducerBytes());
  }

  @Test
  void binsOfEqualBytesOnEqualNodesAreConfirmedUnmoved() {
    SyntheticJob job = equalNodes();
    JobController c = controller(job, Map.of());
    TwoStageControllerTest.closedLoop(
        job,
        c,
        r -> {
          if (r.type() != TaskType.REDUCE || r.mapsCopied() == 0) {
            return r;
          }
          List<BinBytesReport.Entry> entries = new ArrayList<>();
          for (int b = r.taskIndex() * 10; b < r.taskIndex() * 10 + 10; b++) {
            entries.add(new BinBytesReport.Entry(b, UNIT * r.mapsCopied(), r.mapsCopied()));
          }
          return r.withBinBytes(BinBytesReport.encode(entries));
        });
    DecisionRecord r = c.record().orElseThrow();
    assertEquals(DecisionStage.CONFIRMED, r.last().stage(), r.last().summaryLine());
    assertFalse(r.last().rebalanced());
    assertEquals(6, r.last().reducerBytes().size(), "the bytes are recorded");
  }
}
