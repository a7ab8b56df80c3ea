package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.Method;
import io.pikachu.benchsuite.demo.JobRunner;
import io.pikachu.benchsuite.demo.NodeBreakdown;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.PikachuCounter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * One job of the suite on a running cluster: configure, run, measure, keep its files, clean up its
 * output.
 */
final class SuiteJob {
  private final HeteroCluster cluster;
  private final SuiteCluster config;
  private final JobRunner runner;
  private final org.apache.hadoop.fs.Path base;
  private final Path suiteDir;
  private final Map<String, String> jobSettings;

  SuiteJob(
      HeteroCluster cluster,
      SuiteCluster config,
      JobRunner runner,
      org.apache.hadoop.fs.Path base,
      Path suiteDir,
      Map<String, String> jobSettings) {
    this.cluster = cluster;
    this.config = config;
    this.runner = runner;
    this.base = base;
    this.suiteDir = suiteDir;
    this.jobSettings = Map.copyOf(jobSettings);
  }

  SuiteCluster config() {
    return config;
  }

  /** Runs the job; a failure becomes a result with its reason rather than ending the suite. */
  RunResult run(SuiteApp app, org.apache.hadoop.fs.Path input, Method method, int rep) {
    String runDir =
        String.join("/", "runs", app.label(), config.label(), method.label(), "rep" + rep);
    org.apache.hadoop.fs.Path output =
        new org.apache.hadoop.fs.Path(
            base, "output/" + app.label() + "-" + method.label() + "-" + rep);
    Configuration conf = jobConf(method);
    try {
      Job job = app.factory().create(conf, input, output);
      JobTimeline timeline =
          runner.run(app.label() + " " + config.label() + " " + method.label() + " #" + rep, job);
      return measured(app, method, rep, job, timeline, output, suiteDir.resolve(runDir), runDir);
    } catch (Exception e) {
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return new RunResult(
          app.label(),
          config.label(),
          method.label(),
          method.fixedP(),
          rep,
          "",
          "failed: " + reason.replaceAll("\\s+", " "),
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          false,
          "",
          "",
          0,
          0,
          0,
          "",
          runDir,
          method.isStock() ? BinMapVersions.NONE : BinMapVersions.UNKNOWN);
    } finally {
      delete(conf, output);
    }
  }

  private Configuration jobConf(Method method) {
    Configuration conf = new Configuration(cluster.clientConfiguration());
    conf.setInt(MRJobConfig.NUM_REDUCES, cluster.spec().totalReduceSlots());
    // A speculative copy of a slow reducer would hide the imbalance every method is measured on;
    // map
    // speculation stays as Hadoop sets it.
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    jobSettings.forEach(conf::set);
    MethodSettings.configure(method, conf);
    conf.set(
        PikachuKeys.DECISION_DIR.name(),
        new org.apache.hadoop.fs.Path(base, "decisions").toString());
    conf.set(
        PikachuKeys.TRACE_DIR.name(), new org.apache.hadoop.fs.Path(base, "traces").toString());
    return conf;
  }

  private RunResult measured(
      SuiteApp app,
      Method method,
      int rep,
      Job job,
      JobTimeline timeline,
      org.apache.hadoop.fs.Path output,
      Path dir,
      String runDir)
      throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    String jobId = job.getJobID().toString();
    Files.createDirectories(dir);
    RunFiles.writeNodes(dir, cluster.nodes());
    RunFiles.writeTasks(dir, timeline);
    Counters counters = job.getCounters();
    Optional<AsideReason> aside = method.isStock() ? Optional.empty() : steppedAside(counters);
    Optional<DecisionRecord> record =
        method.isStock() || aside.isPresent()
            ? Optional.empty()
            : Optional.of(decision(conf, jobId));
    Optional<Decision> decision = record.map(DecisionRecord::last);
    if (record.isPresent()) {
      Files.writeString(
          dir.resolve(RunFiles.DECISION), DecisionJson.write(record.get()), StandardCharsets.UTF_8);
    }
    if (!method.isStock()) {
      copyTrace(conf, jobId, dir.resolve(RunFiles.TRACE));
    }
    NodeBreakdown nodes = NodeBreakdown.of(timeline, cluster.nodes());
    double launch = timeline.launchTime();
    return new RunResult(
        app.label(),
        config.label(),
        method.label(),
        method.fixedP(),
        rep,
        jobId,
        RunResult.OK,
        (timeline.finishTime() - launch) / 1000.0,
        (timeline.lastMapFinish() - launch) / 1000.0,
        nodes.fastReducerDone(),
        nodes.slowReducerDone(),
        decision
            .map(BinMapVersions::fastestP)
            .orElse(method.isStock() || aside.isPresent() ? 1.0 : Double.NaN),
        decision.map(Decision::rebalanced).orElse(false),
        decision
            .map(d -> d.reason().name())
            .orElseGet(() -> aside.map(AsideReason::counterName).orElse("")),
        decision
            .map(
                d -> d.reducerBins().stream().map(String::valueOf).collect(Collectors.joining(" ")))
            .orElse(""),
        counters.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue(),
        PikachuCounter.BYTES_RESHUFFLED.valueIn(counters),
        PikachuCounter.BYTES_DROPPED.valueIn(counters),
        OutputDigest.of(conf, output),
        runDir,
        record.map(r -> BinMapVersions.of(r, timeline.launchTime())).orElse(BinMapVersions.NONE));
  }

  /**
   * Why Pikachu ran the job as stock, when its tasks say so: a job without bins (say, on nodes the
   * node profile knows to be of one class) has an AM that only measures and publishes no decision.
   */
  static Optional<AsideReason> steppedAside(Counters counters) {
    for (AsideReason r : AsideReason.values()) {
      if (counters.findCounter(PikachuCounter.GROUP, r.counterName()).getValue() > 0) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  private static DecisionRecord decision(Configuration conf, String jobId) throws IOException {
    return DecisionFiles.read(
        conf,
        DecisionFiles.copyIn(
            new org.apache.hadoop.fs.Path(conf.get(PikachuKeys.DECISION_DIR.name())), jobId));
  }

  /**
   * The first AM attempt's trace; a retried AM's trace would be a second file, which the report
   * does not use.
   */
  private static void copyTrace(Configuration conf, String jobId, Path target) throws IOException {
    org.apache.hadoop.fs.Path trace =
        new org.apache.hadoop.fs.Path(conf.get(PikachuKeys.TRACE_DIR.name()), jobId + "-am1.jsonl");
    FileSystem fs = trace.getFileSystem(conf);
    if (fs.exists(trace)) {
      try (InputStream in = fs.open(trace)) {
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static void delete(Configuration conf, org.apache.hadoop.fs.Path output) {
    try {
      output.getFileSystem(conf).delete(output, true);
    } catch (IOException e) {
      // Leftover output only costs disk in the cluster's work directory, which goes with the
      // cluster.
    }
  }
}
