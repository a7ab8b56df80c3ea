package io.pikachu.benchsuite.namenode;

import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchsuite.demo.JobRunner;
import io.pikachu.benchsuite.report.PairedComparison.Differences;
import io.pikachu.benchsuite.suite.MethodSettings;
import io.pikachu.benchsuite.suite.SuiteCluster;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * NameNode load of a job, stock against Pikachu (two-stage), counted by the NameNode itself: the
 * embedded Config-1 cluster runs on a MiniDFSCluster (so job files, staging, history and Pikachu's
 * bin-map store and node profile all live in HDFS), and every job's RPCs are the NameNode's
 * per-method counters after it minus before it, DataNodes' own heartbeats and reports left out.
 * Divided by the job's reducer-seconds ({@code MILLIS_REDUCES}) they give RPCs per reducer-second;
 * Pikachu's extra load is its run's minus stock's in the same round. Rounds alternate the methods,
 * so a trend of the machine hits both alike.
 */
public final class NameNodeLoadBenchmark {
  /** One measured job. */
  record Run(
      int round,
      String method,
      String jobId,
      double seconds,
      double reducerSeconds,
      NameNodeRpcCounts rpcs,
      Map<String, Long> audit) {
    double perReducerSecond() {
      return rpcs.clientTotal() / reducerSeconds;
    }
  }

  private static final List<Method> METHODS = List.of(Method.STOCK, Method.TWO_STAGE);

  private final int rounds;
  private final int maps;
  private final int megabytesPerMap;
  private final PrintStream out;

  public NameNodeLoadBenchmark(int rounds, int maps, int megabytesPerMap, PrintStream out) {
    this.rounds = rounds;
    this.maps = maps;
    this.megabytesPerMap = megabytesPerMap;
    this.out = out;
  }

  public void run(java.nio.file.Path csv) throws Exception {
    java.nio.file.Path work = java.nio.file.Path.of("target", "namenode-load").toAbsolutePath();
    Configuration dfsConf = new Configuration();
    dfsConf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, work.resolve("dfs").toString());
    dfsConf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 1);
    dfsConf.set(DFSConfigKeys.DFS_NAMENODE_AUDIT_LOGGERS_KEY, PathAudit.class.getName());
    List<Run> runs = new ArrayList<>();
    try (MiniDFSCluster dfs = new MiniDFSCluster.Builder(dfsConf).numDataNodes(1).build()) {
      dfs.waitActive();
      Configuration extra = new Configuration(false);
      extra.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, dfs.getURI().toString());
      extra.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 1);
      SuiteCluster config = SuiteCluster.CONFIG_1;
      try (HeteroCluster cluster = HeteroCluster.start("namenode-load", config.spec(), extra)) {
        Configuration conf = cluster.clientConfiguration();
        Path input = new Path("/namenode-load/input");
        new TextGenerator(42, 50_000_000, 0.6)
            .write(conf, input, maps, megabytesPerMap * 1_000_000L);
        JobRunner runner = new JobRunner(cluster, out);
        int port = dfs.getNameNodePort();
        for (int round = 1; round <= rounds; round++) {
          for (Method method : METHODS) {
            Configuration jobConf = new Configuration(conf);
            jobConf.setInt(MRJobConfig.NUM_REDUCES, config.spec().totalReduceSlots());
            jobConf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
            MethodSettings.configure(method, jobConf);
            Path output = new Path("/namenode-load/out-" + method.label() + "-" + round);
            Job job = WordCount.createJob(jobConf, input, output);
            NameNodeRpcCounts before = NameNodeRpcCounts.read(port);
            Map<String, Long> auditBefore = PathAudit.snapshot();
            JobTimeline timeline = runner.run(method.label() + " #" + round, job);
            NameNodeRpcCounts during = NameNodeRpcCounts.read(port).since(before);
            Map<String, Long> audit = NameNodeRpcCounts.gained(auditBefore, PathAudit.snapshot());
            double reducerSeconds =
                job.getCounters().findCounter(JobCounter.MILLIS_REDUCES).getValue() / 1000.0;
            runs.add(
                new Run(
                    round,
                    method.label(),
                    job.getJobID().toString(),
                    (timeline.finishTime() - timeline.launchTime()) / 1000.0,
                    reducerSeconds,
                    during,
                    audit));
            output.getFileSystem(jobConf).delete(output, true);
          }
        }
      }
    }
    writeCsv(csv, runs);
    out.print(summary(runs));
  }

  static String summary(List<Run> runs) {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "%n%-6s %-10s %8s %12s %10s %16s%n",
            "round",
            "method",
            "job s",
            "reducer-s",
            "NN RPCs",
            "RPC/reducer-s"));
    for (Run r : runs) {
      text.append(
          String.format(
              Locale.ROOT,
              "%-6d %-10s %8.1f %12.1f %10d %16.3f%n",
              r.round(),
              r.method(),
              r.seconds(),
              r.reducerSeconds(),
              r.rpcs().clientTotal(),
              r.perReducerSecond()));
    }
    String stock = Method.STOCK.label();
    String pikachu = Method.TWO_STAGE.label();
    List<Double> extra = new ArrayList<>();
    Map<String, List<Double>> extraByMethod = new TreeMap<>();
    TreeSet<String> methods = rpcMethods(runs);
    for (Run p : runs) {
      if (!p.method().equals(pikachu)) {
        continue;
      }
      runs.stream()
          .filter(s -> s.method().equals(stock) && s.round() == p.round())
          .findFirst()
          .ifPresent(
              s -> {
                extra.add((p.rpcs().clientTotal() - s.rpcs().clientTotal()) / p.reducerSeconds());
                for (String m : methods) {
                  extraByMethod
                      .computeIfAbsent(m, k -> new ArrayList<>())
                      .add((double) (p.rpcs().of(m) - s.rpcs().of(m)));
                }
              });
    }
    text.append(
        String.format(
            Locale.ROOT,
            "%nNameNode RPCs per reducer-second (clients only), median over rounds: stock %.3f,"
                + " %s %.3f%n",
            median(runs, stock, Run::perReducerSecond),
            pikachu,
            median(runs, pikachu, Run::perReducerSecond)));
    if (!extra.isEmpty()) {
      Differences d = Differences.ofValues(extra.stream().mapToDouble(x -> x).toArray());
      text.append(
          String.format(
              Locale.ROOT,
              "Pikachu's extra RPCs per reducer-second of its run, paired by round: median %.3f,"
                  + " mean %.3f +/- %.3f (95%%, %d rounds)%n",
              d.median(),
              d.mean(),
              d.halfWidth(),
              d.rounds()));
      text.append("Extra RPCs per job by method (median over rounds, non-zero only):\n");
      extraByMethod.forEach(
          (m, values) -> {
            double med = new Median().evaluate(values.stream().mapToDouble(x -> x).toArray());
            if (med != 0) {
              text.append(String.format(Locale.ROOT, "  %-28s %+8.1f%n", m, med));
            }
          });
    }
    text.append("Namespace operations per job by what they touch (median over rounds):\n");
    TreeSet<String> keys = new TreeSet<>();
    runs.forEach(r -> keys.addAll(r.audit().keySet()));
    text.append(String.format(Locale.ROOT, "  %-40s %10s %10s%n", "", stock, pikachu));
    for (String k : keys) {
      text.append(
          String.format(
              Locale.ROOT,
              "  %-40s %10.1f %10.1f%n",
              k,
              median(runs, stock, r -> r.audit().getOrDefault(k, 0L)),
              median(runs, pikachu, r -> r.audit().getOrDefault(k, 0L))));
    }
    return text.toString();
  }

  /** The median over {@code method}'s runs of one value of each run. */
  private static double median(List<Run> runs, String method, ToDoubleFunction<Run> value) {
    return new Median()
        .evaluate(
            runs.stream().filter(r -> r.method().equals(method)).mapToDouble(value).toArray());
  }

  /** Every RPC method some run counted, in order. */
  private static TreeSet<String> rpcMethods(List<Run> runs) {
    TreeSet<String> methods = new TreeSet<>();
    runs.forEach(r -> methods.addAll(r.rpcs().byMethod().keySet()));
    return methods;
  }

  private static void writeCsv(java.nio.file.Path csv, List<Run> runs) throws IOException {
    TreeSet<String> methods = rpcMethods(runs);
    StringBuilder text = new StringBuilder("round,method,job,seconds,reducer_seconds,client_rpcs");
    methods.forEach(m -> text.append(',').append(m));
    text.append('\n');
    for (Run r : runs) {
      text.append(
          String.format(
              Locale.ROOT,
              "%d,%s,%s,%.1f,%.1f,%d",
              r.round(),
              r.method(),
              r.jobId(),
              r.seconds(),
              r.reducerSeconds(),
              r.rpcs().clientTotal()));
      methods.forEach(m -> text.append(',').append(r.rpcs().of(m)));
      text.append('\n');
    }
    Files.createDirectories(csv.toAbsolutePath().getParent());
    Files.writeString(csv, text, StandardCharsets.UTF_8);
  }
}
