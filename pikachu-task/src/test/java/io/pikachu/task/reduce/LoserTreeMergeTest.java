package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reducer's k-way merges on real IFiles: every record once, in key order, at log2 k cost. */
class LoserTreeMergeTest {
  @TempDir File dir;

  /** Counts the comparisons a merge makes. */
  private static final class Counting extends WritableComparator {
    final AtomicLong calls = new AtomicLong();

    Counting() {
      super(Text.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      calls.incrementAndGet();
      return WritableComparator.get(Text.class).compare(b1, s1, l1, b2, s2, l2);
    }
  }

  /** {@code k} runs of random words, some runs empty, some words in several runs. */
  private static List<Map<String, String>> randomRuns(int k, Random random) {
    List<Map<String, String>> runs = new ArrayList<>();
    for (int r = 0; r < k; r++) {
      Map<String, String> records = new TreeMap<>();
      int n = random.nextInt(5) == 0 ? 0 : random.nextInt(200);
      for (int i = 0; i < n; i++) {
        records.put("w" + random.nextInt(3_000), "r" + r);
      }
      runs.add(records);
    }
    return runs;
  }

  private static List<String> expected(List<Map<String, String>> runs) {
    List<String> all = new ArrayList<>();
    runs.forEach(r -> r.forEach((k, v) -> all.add(k)));
    Collections.sort(all);
    return all;
  }

  private static List<String> keys(List<String> records) {
    List<String> keys = new ArrayList<>();
    records.forEach(r -> keys.add(r.substring(0, r.indexOf('='))));
    return keys;
  }

  private List<LoserTreeMerge.Run> memoryRuns(JobConf job, List<Map<String, String>> runs)
      throws IOException {
    List<LoserTreeMerge.Run> merged = new ArrayList<>();
    for (Map<String, String> r : runs) {
      merged.add(SegmentRuns.memory(job, Segments.REDUCE, Segments.inMemory(job, r).memory));
    }
    return merged;
  }

  @Test
  void everyRecordOnceInKeyOrderForAnyNumberOfRuns() throws Exception {
    JobConf job = Segments.job(dir);
    Random random = new Random(7);
    for (int k : new int[] {1, 2, 3, 7, 12, 64, 120, 131}) {
      List<Map<String, String>> runs = randomRuns(k, random);
      List<String> merged =
          Segments.drain(
              new LoserTreeMerge(memoryRuns(job, runs), WritableComparator.get(Text.class)));
      assertEquals(expected(runs), keys(merged), k + " runs");
    }
  }

  @Test
  void equalKeysComeInRunOrderSoTheOutputIsAFunctionOfTheInput() throws Exception {
    JobConf job = Segments.job(dir);
    List<Map<String, String>> runs = new ArrayList<>();
    for (int r = 0; r < 5; r++) {
      runs.add(new TreeMap<>(Map.of("a", "r" + r, "b", "r" + r)));
    }
    List<String> merged =
        Segments.drain(
            new LoserTreeMerge(memoryRuns(job, runs), WritableComparator.get(Text.class)));
    assertEquals(
        List.of("a=r0", "a=r1", "a=r2", "a=r3", "a=r4", "b=r0", "b=r1", "b=r2", "b=r3", "b=r4"),
        merged);
  }

  @Test
  void aRecordCostsAtMostCeilLog2kComparisons() throws Exception {
    JobConf job = Segments.job(dir);
    List<Map<String, String>> runs = new ArrayList<>();
    Random random = new Random(11);
    for (int r = 0; r < 120; r++) {
      Map<String, String> records = new TreeMap<>();
      while (records.size() < 100) {
        records.put("w" + random.nextInt(1_000_000), "v");
      }
      runs.add(records);
    }
    Counting comparator = new Counting();
    List<String> merged = Segments.drain(new LoserTreeMerge(memoryRuns(job, runs), comparator));
    assertEquals(12_000, merged.size());
    // the first tournament plays k - 1 matches; every record after it replays one path of 7
    assertTrue(
        comparator.calls.get() <= 119 + 7L * merged.size(),
        comparator.calls.get() + " comparisons for " + merged.size() + " records");
  }

  @Test
  void diskRunsAreReadAndDeletedOnceMerged() throws Exception {
    JobConf job = Segments.job(dir);
    FileSystem fs = FileSystem.getLocal(job).getRaw();
    List<Map<String, String>> runs = randomRuns(6, new Random(3));
    List<LoserTreeMerge.Run> merged = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    for (int r = 0; r < runs.size(); r++) {
      Path file = new Path(dir.getAbsolutePath(), "run-" + r + ".out");
      try (var out = fs.create(file)) {
        out.write(Segments.ifile(job, null, runs.get(r)));
      }
      files.add(file);
      merged.add(SegmentRuns.disk(job, fs, file, null));
    }
    assertEquals(
        expected(runs),
        keys(Segments.drain(new LoserTreeMerge(merged, WritableComparator.get(Text.class)))));
    for (Path file : files) {
      assertFalse(fs.exists(file), file + " deleted");
    }
  }

  @Test
  void keyRangeBinsFollowOneAnotherAndOverlappingOnesAreRefused() throws Exception {
    JobConf job = Segments.job(dir);
    RawComparator<?> text = WritableComparator.get(Text.class);
    Map<String, String> low = new TreeMap<>(Map.of("a1", "m0", "a3", "m0"));
    Map<String, String> low2 = new TreeMap<>(Map.of("a2", "m1"));
    Map<String, String> high = new TreeMap<>(Map.of("b1", "m0", "b2", "m1"));
    List<ConcatenatedBins.BinRuns> inOrder =
        List.of(() -> memoryRuns(job, List.of(low, low2)), () -> memoryRuns(job, List.of(high)));
    assertEquals(
        List.of("a1", "a2", "a3", "b1", "b2"),
        keys(Segments.drain(new ConcatenatedBins(List.of(4, 5), inOrder, text))));
    List<ConcatenatedBins.BinRuns> overlapping =
        List.of(() -> memoryRuns(job, List.of(high)), () -> memoryRuns(job, List.of(low)));
    ConcatenatedBins bins = new ConcatenatedBins(List.of(4, 5), overlapping, text);
    ConcatenatedBins.OutOfOrder e =
        assertThrows(ConcatenatedBins.OutOfOrder.class, () -> Segments.drain(bins));
    assertTrue(e.getMessage().contains("bin 5"), e.getMessage());
  }
}
