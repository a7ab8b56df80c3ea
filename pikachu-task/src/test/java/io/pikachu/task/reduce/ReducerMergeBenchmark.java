package io.pikachu.task.reduce;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Merger;
import org.apache.hadoop.mapred.Merger.Segment;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.task.reduce.InMemoryReader;

/**
 * Issue 30's reducer merge cost, printed, not asserted: one reducer's in-memory map outputs of a
 * Wordcount-like job (Text words, IntWritable counts) merged into one IFile, as a reducer does
 * before its reduce function runs. Stock merges one run per map; with virtual bins a reducer holds
 * b hash slices of each map's partition, each sorted on its own, so b runs per map. Each variant is
 * Hadoop's {@code Merger} (a binary heap) or {@link LoserTreeMerge}, timed in CPU-seconds of this
 * thread, in interleaved rounds after a warm-up round.
 *
 * <p>Run: {@code mvn -q -o -pl pikachu-task -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.pikachu.task.reduce.ReducerMergeBenchmark [-Dexec.args="MAPS RECORDS_PER_MAP
 * ROUNDS"]} (default 12 maps, 130,000 records each, about one reducer's share of the suite's 12 x 8
 * MB Wordcount; 9 rounds).
 */
public final class ReducerMergeBenchmark {
  private static final int[] BINS_PER_REDUCER = {1, 2, 4, 10};
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private final JobConf job = new JobConf(false);
  private final RawComparator<Text> comparator = WritableComparator.get(Text.class);

  private ReducerMergeBenchmark() {
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(IntWritable.class);
  }

  public static void main(String[] args) throws Exception {
    int maps = args.length > 0 ? Integer.parseInt(args[0]) : 12;
    int records = args.length > 1 ? Integer.parseInt(args[1]) : 130_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    new ReducerMergeBenchmark().run(maps, records, rounds);
  }

  private void run(int maps, int recordsPerMap, int rounds) throws IOException {
    List<List<TreeMap<String, Integer>>> byMap = words(maps, recordsPerMap);
    List<String> names = new ArrayList<>();
    List<Supplier<long[]>> variants = new ArrayList<>();
    for (int b : BINS_PER_REDUCER) {
      List<byte[]> runs = runs(byMap, b);
      names.add("heap (Hadoop Merger), b = " + b);
      variants.add(() -> timed(() -> heapMerge(runs)));
      names.add("loser tree, b = " + b);
      variants.add(() -> timed(() -> treeMerge(runs)));
    }
    int b = BINS_PER_REDUCER[BINS_PER_REDUCER.length - 1];
    List<List<byte[]>> ranges = keyRanges(byMap, b);
    names.add("key ranges bin by bin (ConcatenatedBins), b = " + b);
    variants.add(() -> timed(() -> concatenated(ranges)));
    long[][] cpu = new long[variants.size()][rounds];
    long[] records = new long[variants.size()];
    for (int v = 0; v < variants.size(); v++) {
      variants.get(v).get(); // warm-up: class loading and JIT
    }
    for (int round = 0; round < rounds; round++) {
      for (int v = 0; v < variants.size(); v++) {
        long[] r = variants.get(v).get();
        cpu[v][round] = r[0];
        records[v] = r[1];
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%d maps x %d records, %d rounds; CPU per merged record, median (min-max)%n",
        maps,
        recordsPerMap,
        rounds);
    System.out.println(
        "| merge | runs | records | ns per record | against heap, b = 1, paired by round: median;"
            + " mean ± 95% |");
    System.out.println("| --- | --- | --- | --- | --- |");
    TDistribution t = new TDistribution(rounds - 1);
    for (int v = 0; v < variants.size(); v++) {
      double[] diffs = new double[rounds];
      for (int round = 0; round < rounds; round++) {
        diffs[round] = 100.0 * (cpu[v][round] / (double) cpu[0][round] - 1);
      }
      double half =
          t.inverseCumulativeProbability(0.975)
              * new StandardDeviation().evaluate(diffs)
              / Math.sqrt(rounds);
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %,d | %.1f (%.1f-%.1f) | %+.1f%%; %+.1f ± %.1f |%n",
          names.get(v),
          maps * BINS_PER_REDUCER[Math.min(v / 2, BINS_PER_REDUCER.length - 1)],
          records[v],
          new Median().evaluate(Arrays.stream(cpu[v]).asDoubleStream().toArray()) / records[v],
          Arrays.stream(cpu[v]).min().getAsLong() / (double) records[v],
          Arrays.stream(cpu[v]).max().getAsLong() / (double) records[v],
          new Median().evaluate(diffs),
          new Mean().evaluate(diffs),
          half);
    }
  }

  /** Each map's records of one partition, as words drawn with a Zipf-like skew, counted once. */
  private static List<List<TreeMap<String, Integer>>> words(int maps, int recordsPerMap) {
    Random random = new Random(42);
    List<List<TreeMap<String, Integer>>> byMap = new ArrayList<>();
    for (int m = 0; m < maps; m++) {
      TreeMap<String, Integer> records = new TreeMap<>();
      while (records.size() < recordsPerMap) {
        // a long-tailed vocabulary: most words of a map are rare, as in the suite's text
        long id = (long) Math.pow(50_000_000, random.nextDouble());
        records.merge("w" + Long.toString(id, 36), 1, Integer::sum);
      }
      byMap.add(List.of(records));
    }
    return byMap;
  }

  /** Each map's partition cut into {@code b} hash slices, each an IFile in memory. */
  private List<byte[]> runs(List<List<TreeMap<String, Integer>>> byMap, int b) throws IOException {
    List<byte[]> runs = new ArrayList<>();
    for (List<TreeMap<String, Integer>> map : byMap) {
      List<TreeMap<String, Integer>> slices = new ArrayList<>();
      for (int s = 0; s < b; s++) {
        slices.add(new TreeMap<>());
      }
      map.get(0).forEach((w, n) -> slices.get(Math.floorMod(w.hashCode(), b)).put(w, n));
      for (TreeMap<String, Integer> slice : slices) {
        runs.add(ifile(slice));
      }
    }
    return runs;
  }

  /**
   * The same records cut into {@code b} key ranges (between quantiles of all keys, as a total-order
   * partitioner's split points are), as bins: for each range, one run per map.
   */
  private List<List<byte[]>> keyRanges(List<List<TreeMap<String, Integer>>> byMap, int b)
      throws IOException {
    List<String> all = new ArrayList<>();
    byMap.forEach(m -> all.addAll(m.get(0).keySet()));
    all.sort(null);
    List<List<byte[]>> bins = new ArrayList<>();
    for (int s = 0; s < b; s++) {
      String from = s == 0 ? "" : all.get(all.size() * s / b);
      String to = s == b - 1 ? null : all.get(all.size() * (s + 1) / b);
      List<byte[]> runs = new ArrayList<>();
      for (List<TreeMap<String, Integer>> map : byMap) {
        runs.add(
            ifile(
                new TreeMap<>(
                    to == null ? map.get(0).tailMap(from) : map.get(0).subMap(from, to))));
      }
      bins.add(runs);
    }
    return bins;
  }

  private byte[] ifile(TreeMap<String, Integer> records) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FSDataOutputStream out = new FSDataOutputStream(bytes, null)) {
      IFile.Writer<Text, IntWritable> writer =
          new IFile.Writer<>(job, out, Text.class, IntWritable.class, null, null);
      for (var r : records.entrySet()) {
        writer.append(new Text(r.getKey()), new IntWritable(r.getValue()));
      }
      writer.close();
    }
    byte[] served = bytes.toByteArray();
    return Arrays.copyOf(
        served, served.length - 4); // in memory a reducer holds it without checksum
  }

  private interface Merge {
    long records() throws IOException;
  }

  private static long[] timed(Merge merge) {
    long start = CPU.getCurrentThreadCpuTime();
    long records;
    try {
      records = merge.records();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return new long[] {CPU.getCurrentThreadCpuTime() - start, records};
  }

  private long heapMerge(List<byte[]> runs) throws IOException {
    List<Segment<Text, IntWritable>> segments = new ArrayList<>();
    for (byte[] data : runs) {
      segments.add(
          new Segment<>(
              new InMemoryReader<Text, IntWritable>(
                  null, Segments.REDUCE, data, 0, data.length, job),
              true));
    }
    RawKeyValueIterator iter =
        Merger.merge(
            job,
            null,
            Text.class,
            IntWritable.class,
            segments,
            segments.size(),
            new Path("unused"),
            comparator,
            Reporter.NULL,
            null,
            null,
            null);
    return write(iter);
  }

  private long treeMerge(List<byte[]> runs) throws IOException {
    List<LoserTreeMerge.Run> merged = new ArrayList<>();
    for (byte[] data : runs) {
      merged.add(SegmentRuns.memory(job, Segments.REDUCE, data));
    }
    return write(new LoserTreeMerge(merged, comparator));
  }

  private long concatenated(List<List<byte[]>> bins) throws IOException {
    List<Integer> ids = new ArrayList<>();
    List<ConcatenatedBins.BinRuns> runs = new ArrayList<>();
    for (List<byte[]> bin : bins) {
      ids.add(ids.size());
      runs.add(
          () -> {
            List<LoserTreeMerge.Run> opened = new ArrayList<>();
            for (byte[] data : bin) {
              opened.add(SegmentRuns.memory(job, Segments.REDUCE, data));
            }
            return opened;
          });
    }
    return write(new ConcatenatedBins(ids, runs, comparator));
  }

  /** Writes the merged stream as the reducer's merge does, to a stream that discards it. */
  private long write(RawKeyValueIterator iter) throws IOException {
    FSDataOutputStream sink = new FSDataOutputStream(OutputStream.nullOutputStream(), null);
    Counters.Counter written = new Counters().findCounter("benchmark", "records");
    IFile.Writer<Text, IntWritable> writer =
        new IFile.Writer<>(job, sink, Text.class, IntWritable.class, null, written);
    Merger.writeFile(iter, writer, Reporter.NULL, job);
    writer.close();
    iter.close();
    return written.getValue();
  }
}
