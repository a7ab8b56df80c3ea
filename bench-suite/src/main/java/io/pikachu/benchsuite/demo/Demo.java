package io.pikachu.benchsuite.demo;

import io.pikachu.am.Pikachu;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.store.DecisionFiles;
import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The README's main command: Wordcount on an embedded heterogeneous cluster, first with stock
 * Hadoop, then with Pikachu, each with its per-node breakdown, then both times, the speedup and
 * what Pikachu decided.
 */
public final class Demo {
  private final DemoOptions options;
  private final PrintStream out;

  public Demo(DemoOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  public void run() throws Exception {
    out.printf(
        Locale.ROOT,
        "Starting an embedded cluster: %d fast and %d slow nodes, fast = %dx a slow node's"
            + " %.2f cores, %s%n",
        options.fastNodes(),
        options.slowNodes(),
        options.speedRatio(),
        options.slowCpus(),
        options.slots());
    try (HeteroCluster cluster = HeteroCluster.start("pikachu-demo", options.clusterSpec(), null)) {
      out.println("CPU limits: " + cluster.cpuLimitMethod());
      Configuration conf = cluster.clientConfiguration();
      Path base = new Path(cluster.workDir().getAbsoluteFile().toURI().toString(), "jobs");
      Path input = new Path(base, "wordcount-input");
      out.printf(
          Locale.ROOT,
          "Generating %d x %d MB of text (seed %d, %d-word vocabulary, Zipf %.2f)...%n",
          options.maps(),
          options.megabytesPerMap(),
          options.seed(),
          options.vocabulary(),
          options.zipfExponent());
      new TextGenerator(options.seed(), options.vocabulary(), options.zipfExponent())
          .write(conf, input, options.maps(), options.megabytesPerMap() * 1_000_000L);
      int reducers = cluster.spec().totalReduceSlots();
      JobRunner runner = new JobRunner(cluster, out);

      JobTimeline stock =
          runner.run(
              "wordcount, stock Hadoop",
              WordCount.createJob(
                  jobConf(conf, reducers, false, base), input, new Path(base, "wordcount-stock")));
      out.print(NodeBreakdown.of(stock, cluster.nodes()).format("Wordcount, stock Hadoop", stock));

      Configuration pikachuConf = jobConf(conf, reducers, true, base);
      JobTimeline pikachu =
          runner.run(
              "wordcount, Pikachu",
              WordCount.createJob(pikachuConf, input, new Path(base, "wordcount-pikachu")));
      out.print(NodeBreakdown.of(pikachu, cluster.nodes()).format("Wordcount, Pikachu", pikachu));
      DecisionRecord decision =
          DecisionFiles.read(
              pikachuConf,
              DecisionFiles.copyIn(
                  new Path(pikachuConf.get(PikachuKeys.DECISION_DIR.name())), pikachu.jobId()));
      out.print(comparison(stock, pikachu, decision));
    }
  }

  /** The settings of both runs; they differ only in Pikachu being on. */
  private static Configuration jobConf(
      Configuration cluster, int reducers, boolean pikachu, Path base) {
    Configuration conf = new Configuration(cluster);
    conf.setInt(MRJobConfig.NUM_REDUCES, reducers);
    // Speculative copies of slow reducers would hide the imbalance this command is here to show.
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    if (pikachu) {
      Pikachu.enable(conf);
      conf.set(PikachuKeys.DECISION_DIR.name(), new Path(base, "decisions").toString());
    }
    return conf;
  }

  static String comparison(JobTimeline stock, JobTimeline pikachu, DecisionRecord record) {
    double stockSeconds = seconds(stock);
    double pikachuSeconds = seconds(pikachu);
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%nstock Hadoop %.1f s, Pikachu %.1f s: speedup %.2fx (%+.1f%% job time)%n",
                stockSeconds,
                pikachuSeconds,
                stockSeconds / pikachuSeconds,
                100 * (pikachuSeconds / stockSeconds - 1)));
    for (Decision decision : record.versions()) {
      text.append(
              String.format(
                  Locale.ROOT,
                  "Pikachu's bin map v%d (%s, %.1f s after the first reducer started): estimator ",
                  decision.version(),
                  decision.stage().name().toLowerCase(Locale.ROOT),
                  (decision.decidedAtMs() - decision.firstReducerMs()) / 1000.0))
          .append(decision.estimator())
          .append(", ")
          .append(decision.reason())
          .append(decision.rebalanced() ? ", rebalanced" : ", the even map")
          .append('\n');
      for (ClassMeasurement c : decision.classes()) {
        text.append(
            String.format(
                Locale.ROOT,
                "  class %-6s nodes %s  P %s  E %s%n",
                c.name(),
                c.nodes(),
                format(c.p()),
                format(c.efficiency())));
      }
      text.append("  bins per reducer: ").append(decision.reducerBins()).append('\n');
      decision.notes().forEach(note -> text.append("  note: ").append(note).append('\n'));
    }
    return text.toString();
  }

  private static double seconds(JobTimeline timeline) {
    return (timeline.finishTime() - timeline.launchTime()) / 1000.0;
  }

  private static String format(Double value) {
    return value == null ? "-" : String.format(Locale.ROOT, "%.2f", value);
  }
}
