package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.config.TestHookKeys;
import io.pikachu.core.partitioning.JobFacts;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.core.partitioning.WideJobBins;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

class VirtualBinsConfigTest {
  private static Configuration binJob(int reducers) {
    Configuration conf = new Configuration(false);
    VirtualBinsConfig.enable(conf);
    conf.setInt("mapreduce.job.reduces", reducers);
    return conf;
  }

  @Test
  void defaultIsTenBinsPerReducer() {
    Configuration conf = binJob(7);
    VirtualBinsConfig.validateJob(conf);
    assertEquals(10, WideJobBins.perReducer(conf::get));
  }

  @Test
  void controllerWithoutAnySpeculationStepsAsideNamingTheKeys() {
    Configuration conf = binJob(4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.setBoolean("mapreduce.map.speculative", false);
    conf.setBoolean("mapreduce.reduce.speculative", false);
    VirtualBinsConfig.validateJob(conf);
    // without Pikachu's AM plugin the rule has nothing to say about speculation
    conf.unset(PikachuKeys.SPECULATOR_CLASS);
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    conf.unset(PikachuKeys.PREEMPTION_POLICY_CLASS); // a cluster without Pikachu's policy
    VirtualBinsConfig.validateJob(conf); // never refused: it runs as stock
    var aside =
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.SPECULATION_OFF, aside.why());
    assertTrue(aside.detail().contains("mapreduce.reduce.speculative"), aside.detail());
    assertTrue(aside.detail().contains(PikachuKeys.SPECULATIVE_MAPS.name()), aside.detail());
    assertTrue(aside.detail().contains(PikachuKeys.PIKACHU_PREEMPTION_POLICY), aside.detail());
    conf.setBoolean("mapreduce.reduce.speculative", true);
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));
  }

  /** Pikachu's AM preemption policy hosts the controller where the AM builds no speculator. */
  @Test
  void withoutSpeculationPikachusPreemptionPolicyHostsTheController() {
    Configuration conf = binJob(4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    conf.setBoolean("mapreduce.map.speculative", false);
    conf.setBoolean("mapreduce.reduce.speculative", false);
    conf.set(PikachuKeys.PREEMPTION_POLICY_CLASS, "some.other.Policy");
    assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    conf.set(PikachuKeys.PREEMPTION_POLICY_CLASS, " " + PikachuKeys.PIKACHU_PREEMPTION_POLICY);
    assertTrue(VirtualBinsConfig.facts(conf).pikachuPreemptionPolicy());
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));
  }

  /** enable names Pikachu's preemption policy in place of Hadoop's default, never over another. */
  @Test
  void enableNamesThePreemptionPolicyUnlessAnotherIsChosen() {
    Configuration conf = binJob(4);
    assertEquals(
        PikachuKeys.PIKACHU_PREEMPTION_POLICY, conf.get(PikachuKeys.PREEMPTION_POLICY_CLASS));
    Configuration noop = new Configuration(false);
    noop.set(
        PikachuKeys.PREEMPTION_POLICY_CLASS,
        "org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy");
    VirtualBinsConfig.enable(noop);
    assertEquals(
        PikachuKeys.PIKACHU_PREEMPTION_POLICY, noop.get(PikachuKeys.PREEMPTION_POLICY_CLASS));
    Configuration chosen = new Configuration(false);
    chosen.set(PikachuKeys.PREEMPTION_POLICY_CLASS, "some.other.Policy");
    VirtualBinsConfig.enable(chosen);
    assertEquals("some.other.Policy", chosen.get(PikachuKeys.PREEMPTION_POLICY_CLASS));
  }

  @Test
  void theFactsAreReadForTheApiTheJobUses() {
    Configuration conf = binJob(4);
    JobFacts stockOld = VirtualBinsConfig.facts(conf);
    assertEquals("org.apache.hadoop.mapred.lib.HashPartitioner", stockOld.partitioner());
    assertEquals("org.apache.hadoop.io.LongWritable", stockOld.mapOutputKey());
    assertEquals(List.of("org.apache.hadoop.mapred.TextOutputFormat"), stockOld.outputFormats());
    assertFalse(stockOld.groupingComparator());

    conf.setBoolean("mapred.mapper.new-api", true);
    conf.setBoolean("mapred.reducer.new-api", true);
    conf.set("mapreduce.job.partitioner.class", " org.example.FirstPartitioner ");
    conf.set("mapreduce.job.output.key.class", "org.apache.hadoop.io.Text");
    conf.set("mapreduce.job.output.group.comparator.class", "org.example.FirstGroup");
    conf.set(
        "mapreduce.job.outputformat.class",
        "org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat");
    conf.set("mapreduce.output.lazyoutputformat.outputformat", "org.example.Bucketed");
    conf.set("mapreduce.multipleoutputs.namedOutput.side.format", "org.example.Side");
    conf.set(PikachuKeys.MOVABLE_PARTITIONERS.name(), "org.example.FirstPartitioner");
    JobFacts custom = VirtualBinsConfig.facts(conf);
    assertEquals("org.example.FirstPartitioner", custom.partitioner());
    assertEquals("org.apache.hadoop.io.Text", custom.mapOutputKey());
    assertTrue(custom.groupingComparator());
    assertEquals(
        List.of(
            "org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat",
            "org.example.Bucketed",
            "org.example.Side"),
        custom.outputFormats());
    assertEquals(List.of("org.example.FirstPartitioner"), custom.movablePartitioners());
  }

  @Test
  void aJobWithoutControllerOrHookStepsAside() {
    Configuration conf = binJob(4);
    var aside =
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.NO_CONTROLLER, aside.why());
    conf.setInt("mapreduce.map.failures.maxpercent", 10);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    aside = assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.MAP_FAILURES_TOLERATED, aside.why());
    conf.setInt("mapreduce.map.failures.maxpercent", 0);
    conf.setInt("mapreduce.reduce.failures.maxpercent", 5);
    aside = assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.REDUCE_FAILURES_TOLERATED, aside.why());
  }

  @Test
  void binMapsOnAnObjectStoreMakeItStepAsideWhereverTheKeyPointsThem() {
    Configuration conf = binJob(4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set("mapreduce.job.id", "job_1_0001");
    conf.set("mapreduce.job.dir", "hdfs://nn:8020/user/alice/.staging/job_1_0001");
    assertEquals("hdfs", VirtualBinsConfig.facts(conf).binMapStoreScheme());
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));

    conf.set(PikachuKeys.BINMAP_DIR.name(), "s3a://bucket/pikachu");
    var aside =
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.STORE_WITHOUT_ATOMIC_RENAME, aside.why());

    // a directory without a scheme is on the default file system
    conf.set(PikachuKeys.BINMAP_DIR.name(), "/pikachu");
    conf.set("fs.defaultFS", "gs://bucket");
    assertEquals("gs", VirtualBinsConfig.facts(conf).binMapStoreScheme());
  }

  /** Issue 29, item 6: a local bin-map directory on a cluster whose job files are shared. */
  @Test
  void aLocalBinMapDirectoryBesideSharedJobFilesMakesItStepAsideNamingTheKey() {
    Configuration conf = binJob(4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set("mapreduce.job.id", "job_1_0001");
    conf.set("fs.defaultFS", "hdfs://nn:8020");
    conf.set("mapreduce.job.dir", "/user/alice/.staging/job_1_0001");
    conf.set(PikachuKeys.BINMAP_DIR.name(), "file:///var/pikachu");
    var aside =
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(conf));
    assertEquals(Rebalancing.AsideReason.STORE_NOT_SHARED, aside.why());
    assertTrue(aside.detail().contains(PikachuKeys.BINMAP_DIR.name()), aside.detail());
    assertTrue(aside.detail().contains("hdfs:"), aside.detail());

    // the job's own files local too (one machine, or one mount every node shares): as shared
    conf.set("fs.defaultFS", "file:///");
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));
    // and the default store beside a local job directory is local like it
    conf.unset(PikachuKeys.BINMAP_DIR.name());
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf));
  }

  @Test
  void aClassListThatIsNotOneIsRefusedNamingTheKey() {
    Configuration conf = binJob(4);
    conf.set(PikachuKeys.MOVABLE_PARTITIONERS.name(), "org.example.A org.example.B");
    var e = assertThrows(IllegalArgumentException.class, () -> VirtualBinsConfig.facts(conf));
    assertTrue(e.getMessage().contains(PikachuKeys.MOVABLE_PARTITIONERS.name()), e.getMessage());
  }

  @Test
  void invalidBinsPerReducerFailsNamingTheKey() {
    for (String bad : new String[] {"0", "-3", "ten", "1.5", "1001"}) {
      Configuration conf = binJob(4);
      conf.set(PikachuKeys.BINS_PER_REDUCER.name(), bad);
      var e =
          assertThrows(IllegalArgumentException.class, () -> VirtualBinsConfig.validateJob(conf));
      assertTrue(e.getMessage().contains(PikachuKeys.BINS_PER_REDUCER.name()), e.getMessage());
      assertTrue(e.getMessage().contains(bad), e.getMessage());
    }
  }

  @Test
  void aMisspeltPikachuKeyIsAWarningNamingItNotAFailure() {
    Configuration conf = binJob(4);
    conf.set("pikachu.bins.per.reduce", "20");
    conf.set("pikachu.future.feature", "on"); // a rollback with a newer key in mapred-site.xml
    conf.set(TestHookKeys.FORCED_FAST_REDUCERS.name(), "0"); // a hook's key is known
    List<String> warnings = VirtualBinsConfig.validateJob(conf);
    assertEquals(2, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("pikachu.bins.per.reduce"), warnings.toString());
    assertTrue(warnings.get(0).contains(PikachuKeys.BINS_PER_REDUCER.name()), warnings.toString());
    assertTrue(warnings.get(1).contains("pikachu.future.feature"), warnings.toString());
  }

  @Test
  void aJobThatOptsOutIsStockWhateverItsOtherPikachuKeys() {
    Configuration conf = binJob(4);
    assertTrue(VirtualBinsConfig.isEnabled(conf));
    conf.set(PikachuKeys.ENABLED.name(), "false");
    conf.set(PikachuKeys.BINS_PER_REDUCER.name(), "ten"); // never read
    assertTrue(VirtualBinsConfig.optedOut(conf));
    assertFalse(VirtualBinsConfig.isEnabled(conf));
    VirtualBinsConfig.validateJob(conf);
    conf.set(PikachuKeys.ENABLED.name(), "flase");
    var e = assertThrows(IllegalArgumentException.class, () -> VirtualBinsConfig.optedOut(conf));
    assertTrue(e.getMessage().contains(PikachuKeys.ENABLED.name()), e.getMessage());
  }

  @Test
  void tooManyBinsInTotalFails() {
    // wide jobs shrink bins per reducer to 2, so only more than 500,000 reducers exceed the bound
    Configuration conf = binJob(600_000);
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 1000);
    var e = assertThrows(IllegalArgumentException.class, () -> VirtualBinsConfig.validateJob(conf));
    assertTrue(e.getMessage().contains("1200000 bins"), e.getMessage());
  }

  /** Issue 29, item 3: every party of a wide job reads the same, smaller bins per reducer. */
  @Test
  void aWideJobRunsWithFewerBinsPerReducerThanConfigured() {
    Configuration conf = binJob(5000);
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 1000);
    assertEquals(2, WideJobBins.perReducer(conf::get));
    conf.setInt("mapreduce.job.reduces", 100);
    assertEquals(100, WideJobBins.perReducer(conf::get));
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 10);
    assertEquals(10, WideJobBins.perReducer(conf::get));
  }

  @Test
  void halfEnabledJobsStepAsideBecauseBinsWouldBeReadAsPartitions() {
    Configuration onlyMaps = binJob(2);
    onlyMaps.unset(PikachuKeys.SHUFFLE_CONSUMER);
    onlyMaps.set(PikachuKeys.BINS_PER_REDUCER.name(), "oops"); // not read: Pikachu steps aside
    VirtualBinsConfig.validateJob(onlyMaps);
    Rebalancing.SteppedAside aside =
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(onlyMaps));
    assertEquals(AsideReason.FOREIGN_PLUGIN, aside.why());
    assertTrue(aside.detail().contains(PikachuKeys.SHUFFLE_CONSUMER), aside.detail());

    Configuration fallbackList = binJob(2);
    fallbackList.set(
        PikachuKeys.MAP_OUTPUT_COLLECTOR,
        fallbackList.get(PikachuKeys.MAP_OUTPUT_COLLECTOR)
            + ",org.apache.hadoop.mapred.MapTask$MapOutputBuffer");
    assertEquals(
        AsideReason.FOREIGN_PLUGIN,
        assertInstanceOf(
                Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(fallbackList))
            .why());

    Configuration encrypted = binJob(2);
    encrypted.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
    VirtualBinsConfig.validateJob(encrypted);
    assertEquals(
        AsideReason.ENCRYPTED_INTERMEDIATE_DATA,
        assertInstanceOf(Rebalancing.SteppedAside.class, VirtualBinsConfig.rebalancing(encrypted))
            .why());

    Configuration stock = new Configuration(false);
    stock.set(PikachuKeys.BINS_PER_REDUCER.name(), "oops"); // ignored: the job does not use bins
    VirtualBinsConfig.validateJob(stock);
  }

  @Test
  void badTimingKeysAreNamed() {
    Configuration conf = binJob(2);
    conf.set(PikachuKeys.FINAL_MAP_WAIT_MS.name(), "-1");
    var e = assertThrows(IllegalArgumentException.class, () -> VirtualBinsConfig.validateJob(conf));
    assertTrue(e.getMessage().contains(PikachuKeys.FINAL_MAP_WAIT_MS.name()));
  }
}
