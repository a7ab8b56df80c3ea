package io.pikachu.benchsuite.overhead;

import io.pikachu.am.Pikachu;
import io.pikachu.bench.apps.Sort;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.RecordGenerator;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.SlotConfig;
import io.pikachu.benchsuite.demo.JobRunner;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.cluster.history.TaskRun;
import io.pikachu.core.config.Estimator;
import io.pikachu.core.config.PikachuKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * What virtual bins cost when nothing is rebalanced: the same jobs with stock shuffle and with
 * Pikachu's bins under the even bin map, alternated so machine noise hits both alike. Reports job
 * time (launch to finish) and spilled records of maps and reduces.
 */
public final class BinsOverheadBenchmark {
  /** One measured job. */
  public record Run(
      String app,
      String mode,
      int rep,
      double seconds,
      long mapSpills,
      long reduceSpills,
      long shuffleBytes) {}

  private final int reps;
  private final int maps;
  private final int megabytesPerMap;
  private final PrintStream out;

  public BinsOverheadBenchmark(int reps, int maps, int megabytesPerMap, PrintStream out) {
    if (reps < 1 || maps < 1 || megabytesPerMap < 1) {
      throw new IllegalArgumentException(
          "reps, maps and MB per map must be positive: "
              + reps
              + ", "
              + maps
              + ", "
              + megabytesPerMap);
    }
    this.reps = reps;
    this.maps = maps;
    this.megabytesPerMap = megabytesPerMap;
    this.out = out;
  }

  public List<Run> run(Path csv) throws Exception {
    List<Run> runs = new ArrayList<>();
    ClusterSpec spec = ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1);
    try (HeteroCluster cluster = HeteroCluster.start("bins-overhead", spec, null)) {
      Configuration conf = cluster.clientConfiguration();
      org.apache.hadoop.fs.Path base =
          new org.apache.hadoop.fs.Path(
              cluster.workDir().getAbsoluteFile().toURI().toString(), "jobs");
      org.apache.hadoop.fs.Path text = new org.apache.hadoop.fs.Path(base, "text");
      org.apache.hadoop.fs.Path records = new org.apache.hadoop.fs.Path(base, "records");
      new TextGenerator(42, 50_000_000, 0.6).write(conf, text, maps, megabytesPerMap * 1_000_000L);
      new RecordGenerator(42).write(conf, records, maps, megabytesPerMap * 1_000_000L);
      JobRunner runner = new JobRunner(cluster, out);
      for (int rep = 1; rep <= reps; rep++) {
        for (String app : List.of("wordcount", "sort")) {
          for (String mode : List.of("stock", "bins")) {
            Configuration jobConf = new Configuration(conf);
            jobConf.setInt(MRJobConfig.NUM_REDUCES, spec.totalReduceSlots());
            jobConf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
            if (mode.equals("bins")) {
              // Pikachu on, deciding the even map at reducer placement: what bins cost a job
              // that Pikachu does not rebalance
              Pikachu.enable(jobConf);
              jobConf.set(PikachuKeys.ESTIMATOR.name(), Estimator.EVEN.configValue());
            }
            org.apache.hadoop.fs.Path output =
                new org.apache.hadoop.fs.Path(base, app + "-" + mode + "-" + rep);
            Job job =
                app.equals("wordcount")
                    ? WordCount.createJob(jobConf, text, output)
                    : Sort.createJob(jobConf, records, output);
            JobTimeline timeline = runner.run(app + ", " + mode + ", rep " + rep, job);
            runs.add(
                new Run(
                    app,
                    mode,
                    rep,
                    (timeline.finishTime() - timeline.launchTime()) / 1000.0,
                    timeline.maps().stream().mapToLong(TaskRun::spilledRecords).sum(),
                    timeline.reduces().stream().mapToLong(TaskRun::spilledRecords).sum(),
                    timeline.reduces().stream().mapToLong(TaskRun::shuffleBytes).sum()));
          }
        }
      }
    }
    writeCsv(csv, runs);
    out.print(summary(runs));
    return runs;
  }

  public static String summary(List<Run> runs) {
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%n%-10s %-6s %5s %12s %12s %14s %14s%n",
                "app",
                "mode",
                "runs",
                "median s",
                "vs stock",
                "map spills",
                "reduce spills"));
    for (String app : List.of("wordcount", "sort")) {
      double stock = median(runs, app, "stock");
      for (String mode : List.of("stock", "bins")) {
        List<Run> these =
            runs.stream().filter(r -> r.app().equals(app) && r.mode().equals(mode)).toList();
        if (these.isEmpty()) {
          continue;
        }
        double median = median(runs, app, mode);
        text.append(
            String.format(
                Locale.ROOT,
                "%-10s %-6s %5d %12.1f %+11.1f%% %14d %14d%n",
                app,
                mode,
                these.size(),
                median,
                100 * (median / stock - 1),
                these.get(0).mapSpills(),
                these.get(0).reduceSpills()));
      }
    }
    return text.toString();
  }

  private static double median(List<Run> runs, String app, String mode) {
    double[] seconds =
        runs.stream()
            .filter(r -> r.app().equals(app) && r.mode().equals(mode))
            .mapToDouble(Run::seconds)
            .toArray();
    return new Median().evaluate(seconds);
  }

  private static void writeCsv(Path csv, List<Run> runs) throws IOException {
    Files.createDirectories(csv.toAbsolutePath().getParent());
    List<String> lines =
        new ArrayList<>(
            List.of(
                "app,mode,rep,seconds,map_spilled_records,"
                    + "reduce_spilled_records,shuffle_bytes"));
    for (Run run : runs) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%s,%s,%d,%.3f,%d,%d,%d",
              run.app(),
              run.mode(),
              run.rep(),
              run.seconds(),
              run.mapSpills(),
              run.reduceSpills(),
              run.shuffleBytes()));
    }
    Files.write(csv, lines);
  }
}
