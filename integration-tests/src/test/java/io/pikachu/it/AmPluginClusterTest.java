package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.am.DecisionCounter;
import io.pikachu.am.PikachuSpeculator;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.JobController;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.profile.LayoutDecision;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.NodeProfileStore;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.VirtualBinsConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TypeConverter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.map.TokenCounterMapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.IntSumReducer;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptReport;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The plugin in a real MR application master on an embedded YARN cluster (3 NodeManagers): a word
 * count with the controller on must produce stock output, publish a decision record that the
 * reducers followed, add the decision's job counters, and record a trace that replays to the same
 * decision; a bad key fails the job with diagnostics naming it.
 */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
@Tag("lines")
class AmPluginClusterTest {
  private static final int MAPS = 4;
  private static final int REDUCERS = 3;
  private static HeteroCluster cluster;
  private static Configuration conf;
  private static FileSystem fs;
  private static Path root;
  private static Path input;

  @BeforeAll
  static void writeInput() throws Exception {
    SharedCluster.Handle handle = SharedCluster.forClass(AmPluginClusterTest.class);
    cluster = handle.cluster();
    conf = handle.jobConf();
    fs = handle.fs();
    root = handle.base();
    input = new Path(root, "input");
    writeInput(fs, input);
  }

  private static void writeInput(FileSystem fs, Path dir) throws IOException {
    Random random = new Random(11);
    for (int f = 0; f < MAPS; f++) {
      try (OutputStream out = fs.create(new Path(dir, "part-" + f + ".txt"))) {
        StringBuilder b = new StringBuilder();
        for (int line = 0; line < 1500; line++) {
          for (int w = 0; w < 8; w++) {
            // a skewed vocabulary, so reducers get unequal keys as in real text
            b.append("w")
                .append((int) Math.floor(Math.pow(random.nextDouble(), 2) * 3000))
                .append(' ');
          }
          b.append('\n');
        }
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static Job wordCount(Configuration c, String name) throws IOException {
    Job job = Job.getInstance(c, name);
    job.setJarByClass(AmPluginClusterTest.class);
    job.setMapperClass(TokenCounterMapper.class);
    job.setCombinerClass(IntSumReducer.class);
    job.setReducerClass(IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(REDUCERS);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, new Path(root, name));
    return job;
  }

  /**
   * The keys an admin puts into mapred-site.xml (conf/mapred-site.pikachu-controller.xml), set per
   * job.
   */
  private static Configuration pikachu(String name) {
    Configuration c = new Configuration(conf);
    VirtualBinsConfig.enable(c);
    c.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.set(PikachuKeys.SPECULATOR_CLASS, PikachuSpeculator.class.getName());
    // the AM builds a speculator only when one of Hadoop's speculation keys is on; ours keeps it
    // from acting
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    c.set(PikachuKeys.DECISION_DIR.name(), new Path(root, "decisions").toString());
    c.set(PikachuKeys.TRACE_DIR.name(), new Path(root, "traces-" + name).toString());
    c.setLong(PikachuKeys.BINMAP_POLL_MS.name(), 300);
    // a safety net for a broken AM: reducers stop waiting for its map after this (and the test then
    // fails).
    // On a loaded 2-core machine reducers can take half a minute to send their first report, so the
    // controller's own bound is generous: it only costs time when something is wrong.
    c.setLong(PikachuKeys.FINAL_MAP_WAIT_MS.name(), 180_000);
    c.setLong(PikachuKeys.MAX_WAIT_MS.name(), 90_000);
    // each job starts blind, whatever ran before it on the shared cluster
    c.set(PikachuKeys.PROFILE_DIR.name(), new Path(root, "profile-" + name).toString());
    return c;
  }

  private static List<String> records(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader r =
          new BufferedReader(
              new InputStreamReader(fs.open(st.getPath()), StandardCharsets.UTF_8))) {
        r.lines().forEach(lines::add);
      }
    }
    Collections.sort(lines);
    return lines;
  }

  /** Lines of each part file, by reducer. */
  private static long[] partLines(Path dir) throws IOException {
    long[] lines = new long[REDUCERS];
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith("part-r-"))) {
      int reducer = Integer.parseInt(st.getPath().getName().substring("part-r-".length()));
      try (BufferedReader r =
          new BufferedReader(
              new InputStreamReader(fs.open(st.getPath()), StandardCharsets.UTF_8))) {
        lines[reducer] = r.lines().count();
      }
    }
    return lines;
  }

  /** YARN's diagnostics of each AM attempt of a job, to say why there was more than one. */
  private static String amAttempts(Job job) {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      ApplicationId app = TypeConverter.toYarn(job.getJobID()).getAppId();
      StringBuilder b = new StringBuilder();
      for (ApplicationAttemptReport a : yarn.getApplicationAttempts(app)) {
        b.append(a.getApplicationAttemptId())
            .append(' ')
            .append(a.getYarnApplicationAttemptState())
            .append(" on ")
            .append(a.getHost())
            .append(": ")
            .append(a.getDiagnostics())
            .append("; ");
      }
      return b.toString();
    } catch (IOException | YarnException e) {
      return "AM attempts unknown (" + e + ")";
    }
  }

  private static String nodeId(int i) {
    return cluster.nodes().get(i).nodeId();
  }

  @Test
  void jobsWithTheControllerMatchStockAndExplainTheirDecision() throws Exception {
    Job stock = wordCount(conf, "stock");
    // fixed P = 3 between admin-given classes: a real change of the bin map whenever reducers are
    // on both
    Configuration fixedConf = pikachu("fixed");
    fixedConf.set(PikachuKeys.ESTIMATOR.name(), "fixed");
    fixedConf.set(PikachuKeys.FIXED_P.name(), "3");
    fixedConf.set(
        PikachuKeys.NODE_CLASSES.name(), nodeId(0) + "=a," + nodeId(1) + "=b," + nodeId(2) + "=b");
    Job fixed = wordCount(fixedConf, "fixed");
    // the default estimator on homogeneous nodes
    Job measured = wordCount(pikachu("measured"), "measured");
    for (Job j : List.of(stock, fixed, measured)) {
      j.submit();
    }
    for (Job j : List.of(stock, fixed, measured)) {
      assertTrue(
          j.waitForCompletion(false),
          j.getJobName() + " failed: " + j.getStatus().getFailureInfo());
    }
    List<String> expected = records(FileOutputFormat.getOutputPath(stock));
    assertFalse(expected.isEmpty());
    for (Job j : List.of(fixed, measured)) {
      String name = j.getJobName();
      assertEquals(
          expected,
          records(FileOutputFormat.getOutputPath(j)),
          name + " output differs from stock");

      DecisionRecord record =
          DecisionFiles.read(
              conf, DecisionFiles.copyIn(new Path(root, "decisions"), j.getJobID().toString()));
      record.versions().forEach(v -> System.out.println(name + ": " + v.summaryLine()));
      Decision d = record.last();
      assertTrue(d.isFinal(), name);
      assertEquals(REDUCERS, d.numReducers(), name);
      assertTrue(
          d.notes().stream().noneMatch(n -> n.startsWith("NOT APPLIED")), name + ": " + d.notes());

      Counters counters = j.getCounters();
      assertEquals(
          d.rebalanced() ? 1L : 0L,
          DecisionCounter.REBALANCED.valueIn(counters).orElseThrow(),
          name);
      assertEquals(
          (long) record.versions().size(),
          DecisionCounter.BIN_MAP_VERSIONS.valueIn(counters).orElseThrow(),
          name);
      // A reducer gains bins only from a map published after it had started on another one; a
      // decision at placement can reach a reducer before its first fetch, so it gains none and
      // fetches its bins from the first map on. Where the map moved bins, the reducers given more
      // bins hold more of the output than stock's same reducers.
      long gained = PikachuCounter.BINS_GAINED.valueIn(counters);
      boolean moved = record.versions().stream().anyMatch(Decision::rebalanced);
      if (!moved) {
        assertEquals(0L, gained, name + ": gained bins with nothing moved");
      } else if (record.versions().size() == 1) {
        assertTrue(gained <= d.allocation().binsMoved(), name + ": " + gained + " > moved");
      }
      if (d.rebalanced()) {
        long[] stockParts = partLines(FileOutputFormat.getOutputPath(stock));
        long[] parts = partLines(FileOutputFormat.getOutputPath(j));
        long stockShare = 0;
        long share = 0;
        for (int r = 0; r < REDUCERS; r++) {
          if (d.reducerBins().get(r) > d.binsPerReducer()) {
            stockShare += stockParts[r];
            share += parts[r];
          }
        }
        assertTrue(share > stockShare, name + ": " + share + " <= stock's " + stockShare);
      }

      Path traceDir = new Path(root, "traces-" + name);
      FileStatus[] traces = fs.listStatus(traceDir);
      // one trace per AM attempt: a second one means the AM was restarted, which YARN explains
      assertEquals(1, traces.length, () -> name + ": " + amAttempts(j));
      TraceFile trace;
      try (InputStreamReader r =
          new InputStreamReader(fs.open(traces[0].getPath()), StandardCharsets.UTF_8)) {
        trace = TraceFile.read(r, traces[0].getPath().toString());
      }
      assertTrue(
          trace.reports().stream()
              .anyMatch(
                  r ->
                      r.type() == io.pikachu.core.decision.observe.TaskType.REDUCE
                          && r.mapsCopied() > 0),
          name);
      // each version was decided on the reports the controller had been fed, as the trace marks
      assertEquals(record.versions().size(), trace.marks().size(), name + ": " + trace.marks());
      JobController replay =
          new JobController(
                  ControllerConfig.fromMap(trace.header().config()),
                  trace.header().numReducers(),
                  trace.header().slicingOrDefault())
              .withProfile(trace.header().profiled());
      int fed = 0;
      for (int v = 0; v < trace.marks().size(); v++) {
        TraceFile.Mark mark = trace.marks().get(v);
        Decision published = record.versions().get(v);
        assertEquals(published.decidedAtMs(), mark.timeMs(), name + " v" + (v + 1));
        for (; fed < mark.reportsBefore(); fed++) {
          replay.onReport(trace.reports().get(fed));
        }
        assertEquals(
            published.owners(),
            replay.poll(mark.timeMs()).orElseThrow().owners(),
            name + " v" + (v + 1) + ": the trace does not replay to the published version");
      }
    }
    DecisionRecord fixedDecision =
        DecisionFiles.read(
            conf, DecisionFiles.copyIn(new Path(root, "decisions"), fixed.getJobID().toString()));
    assertEquals("fixed", fixedDecision.last().estimator());
  }

  private static Map<String, Double> profiled(Configuration conf) throws IOException {
    return NodeProfileStore.of(conf)
        .read(System.currentTimeMillis())
        .freshSpeeds(
            TokenCounterMapper.class.getName(),
            System.currentTimeMillis(),
            PikachuKeys.PROFILE_MAX_AGE_MS.defaultValue());
  }

  /**
   * The node profile across jobs: the first job leaves its measurements, the second starts from
   * them; on these equal nodes it runs without bins when the profile puts them in one class, and a
   * one-class admin map always does. Either way the output is stock's.
   */
  @Test
  void jobsAfterTheFirstStartFromTheNodeProfile() throws Exception {
    Path profile = new Path(root, "shared-profile");
    Configuration first = pikachu("profile-1");
    first.set(PikachuKeys.PROFILE_DIR.name(), profile.toString());
    // half a node's map slots per map, so that the four maps run on at least two nodes: Hadoop
    // 3.3's CapacityScheduler puts all of a small job's maps on the node that heartbeats first
    first.setInt(MRJobConfig.MAP_RESOURCE_TYPE_PREFIX + HeteroCluster.MAP_SLOTS, 4);
    Job learn = wordCount(first, "profile-1");
    assertTrue(learn.waitForCompletion(false), "profile-1 failed");
    List<String> expected = records(FileOutputFormat.getOutputPath(learn));

    // The AM adds its measurements when it stops, which may be after the client saw the job end.
    ClusterProbes.waitFor(
        () -> profiled(first).size() >= 2, "the first job's measurements in the node profile");
    Map<String, Double> known = profiled(first);
    assertTrue(known.size() >= 2, "the first job measured the nodes of its maps: " + known);
    ControllerConfig defaults = ControllerConfig.defaults();
    Rebalancing expectedLayout =
        LayoutDecision.decide(
            Rebalancing.Enabled.of(
                Slicing.HASH, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner"),
            Optional.empty(),
            known,
            defaults.maxClasses(),
            defaults.minSpeedRatio(),
            false);
    System.out.println("profile after the first job: " + known + " -> " + expectedLayout);

    Configuration second = pikachu("profile-2");
    second.set(PikachuKeys.PROFILE_DIR.name(), profile.toString());
    Configuration oneClass = pikachu("profile-3");
    oneClass.set(
        PikachuKeys.NODE_CLASSES.name(),
        nodeId(0) + "=same," + nodeId(1) + "=same," + nodeId(2) + "=same");
    Job fromProfile = wordCount(second, "profile-2");
    Job fromAdmin = wordCount(oneClass, "profile-3");
    for (Job j : List.of(fromProfile, fromAdmin)) {
      j.submit();
    }
    for (Job j : List.of(fromProfile, fromAdmin)) {
      assertTrue(j.waitForCompletion(false), j.getJobName() + " failed");
      assertEquals(expected, records(FileOutputFormat.getOutputPath(j)), j.getJobName());
    }
    assertEquals(
        (long) known.size(),
        DecisionCounter.PROFILED_NODES.valueIn(fromProfile.getCounters()).orElse(0L));
    assertEquals(REDUCERS, oneNodeClassCount(fromAdmin), "a one-class admin map: no bins");
    if (expectedLayout instanceof Rebalancing.Enabled) {
      assertEquals(0, oneNodeClassCount(fromProfile));
      Decision provisional =
          DecisionFiles.read(
                  conf,
                  DecisionFiles.copyIn(
                      new Path(root, "decisions"), fromProfile.getJobID().toString()))
              .versions()
              .get(0);
      System.out.println("profile-2: " + provisional.summaryLine());
    } else {
      assertEquals(REDUCERS, oneNodeClassCount(fromProfile), "equal nodes in the profile");
      assertEquals(0L, PikachuCounter.BINS_FETCHED.valueIn(fromProfile.getCounters()));
    }
  }

  private static long oneNodeClassCount(Job j) throws IOException {
    return j.getCounters()
        .findCounter(PikachuCounter.GROUP, AsideReason.ONE_NODE_CLASS.counterName())
        .getValue();
  }

  @Test
  void badKeyFailsTheJobWithDiagnosticsNamingIt() throws Exception {
    Configuration c = pikachu("bad");
    c.set(PikachuKeys.NODE_CLASSES.name(), "hostA=fast,hostB");
    Job job = wordCount(c, "bad");
    assertFalse(job.waitForCompletion(false));
    String why = job.getStatus().getFailureInfo();
    assertTrue(why.contains(PikachuKeys.NODE_CLASSES.name()), why);
    assertEquals(org.apache.hadoop.mapreduce.JobStatus.State.FAILED, job.getJobState());
    // the AM unregistered cleanly: YARN did not retry it
    org.apache.hadoop.yarn.api.records.ApplicationId app =
        org.apache.hadoop.mapreduce.TypeConverter.toYarn(job.getJobID()).getAppId();
    assertEquals(1, cluster.appAttempts(app));
  }
}
