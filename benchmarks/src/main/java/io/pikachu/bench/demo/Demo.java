package io.pikachu.bench.demo;

import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The README's main command: Wordcount with stock Hadoop on an embedded heterogeneous cluster,
 * with the per-node breakdown that shows slow-node reducers finishing last.
 */
public final class Demo {
  private final DemoOptions options;
  private final PrintStream out;

  public Demo(DemoOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  public NodeBreakdown run() throws Exception {
    out.printf(Locale.ROOT, "Starting an embedded cluster: %d fast and %d slow nodes, fast = %dx a slow node's"
        + " %.2f cores, %s%n", options.fastNodes(), options.slowNodes(), options.speedRatio(), options.slowCpus(),
        options.slots());
    try (HeteroCluster cluster = HeteroCluster.start("pikachu-demo", options.clusterSpec(), null)) {
      out.println("CPU limits: " + cluster.cpuLimitMethod());
      Configuration conf = cluster.clientConfiguration();
      Path base = new Path(cluster.workDir().getAbsoluteFile().toURI().toString(), "jobs");
      Path input = new Path(base, "wordcount-input");
      out.printf(Locale.ROOT, "Generating %d x %d MB of text (seed %d, %d-word vocabulary, Zipf %.2f)...%n",
          options.maps(), options.megabytesPerMap(), options.seed(), options.vocabulary(), options.zipfExponent());
      new TextGenerator(options.seed(), options.vocabulary(), options.zipfExponent())
          .write(conf, input, options.maps(), options.megabytesPerMap() * 1_000_000L);

      Configuration stock = new Configuration(conf);
      stock.setInt(MRJobConfig.NUM_REDUCES, cluster.spec().totalReduceSlots());
      // Speculative copies of slow reducers would hide the imbalance this command is here to show.
      stock.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
      Job job = WordCount.createJob(stock, input, new Path(base, "wordcount-stock"));
      JobTimeline timeline = new JobRunner(cluster, out).run("wordcount, stock Hadoop", job);
      NodeBreakdown breakdown = NodeBreakdown.of(timeline, cluster.nodes());
      out.print(breakdown.format("Wordcount, stock Hadoop", timeline));
      return breakdown;
    }
  }
}
