package io.pikachu.core.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import java.util.List;
import org.junit.jupiter.api.Test;

class RebalancingRulesTest {
  private static final String HASH = "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner";
  private static final String TOTAL =
      "org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner";
  private static final String TERASORT =
      "org.apache.hadoop.examples.terasort.TeraSort$TotalOrderPartitioner";
  private static final String SECONDARY =
      "org.apache.hadoop.examples.SecondarySort$FirstPartitioner";
  private static final String MAP_FILE =
      "org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat";

  /** A word-count-like job under the AM plugin; each test changes what it is about. */
  private static final class Job {
    int reducers = 6;
    boolean controller = true;
    boolean forced;
    boolean pikachuSpeculator = true;
    boolean pikachuPreemptionPolicy;
    boolean mapSpeculative = true;
    boolean reduceSpeculative = true;
    int failuresTolerated;
    int reduceFailuresTolerated;
    String store = "hdfs";
    String jobDir = "hdfs";
    String partitioner = HASH;
    String key = "org.apache.hadoop.io.Text";
    boolean sortComparator;
    boolean groupingComparator;
    List<String> outputs = List.of("org.apache.hadoop.mapreduce.lib.output.TextOutputFormat");
    List<String> movable = List.of();
    String collector = PikachuKeys.BIN_COLLECTOR_CLASS;
    String consumer = PikachuKeys.BIN_SHUFFLE_CLASS;
    boolean encrypted;

    Rebalancing rules() {
      return RebalancingRules.of(
          JobFacts.builder()
              .reducers(reducers)
              .controllerEnabled(controller)
              .forcedRatio(forced)
              .pikachuSpeculator(pikachuSpeculator)
              .pikachuPreemptionPolicy(pikachuPreemptionPolicy)
              .mapSpeculative(mapSpeculative)
              .reduceSpeculative(reduceSpeculative)
              .mapFailuresMaxPercent(failuresTolerated)
              .reduceFailuresMaxPercent(reduceFailuresTolerated)
              .binMapStoreScheme(store)
              .jobDirScheme(jobDir)
              .partitioner(partitioner)
              .mapOutputKey(key)
              .sortComparator(sortComparator)
              .groupingComparator(groupingComparator)
              .outputFormats(outputs)
              .movablePartitioners(movable)
              .placementSensitiveFormats(List.of(MAP_FILE))
              .mapOutputCollector(collector)
              .shuffleConsumer(consumer)
              .encryptedIntermediateData(encrypted)
              .build());
    }

    Slicing slicing() {
      return assertInstanceOf(Rebalancing.Enabled.class, rules()).slicing();
    }

    void stepsAside(AsideReason why, String mentioned) {
      var aside = assertInstanceOf(Rebalancing.SteppedAside.class, rules());
      assertEquals(why, aside.why(), aside.detail());
      assertTrue(aside.detail().contains(mentioned), aside.detail());
    }
  }

  @Test
  void hashPartitionedJobsAreCutIntoHashSlices() {
    Job j = new Job();
    assertEquals(Slicing.HASH, j.slicing());
    j.partitioner = "org.apache.hadoop.mapred.lib.HashPartitioner";
    assertEquals(Slicing.HASH, j.slicing());
    j.sortComparator = true; // sorting within a reducer does not care where a key goes
    assertEquals(Slicing.HASH, j.slicing());
  }

  @Test
  void totalOrderOverByteOrderedKeysIsCutIntoKeyRanges() {
    for (String p : List.of(TOTAL, TERASORT)) {
      Job j = new Job();
      j.partitioner = p;
      assertEquals(Slicing.KEY_RANGE, j.slicing());
      assertTrue(j.slicing().keepsOrder());
      j.key = "org.apache.hadoop.io.BytesWritable";
      assertEquals(Slicing.KEY_RANGE, j.slicing());
    }
  }

  @Test
  void totalOrderOverOtherKeysOrComparatorsStepsAside() {
    Job ints = new Job();
    ints.partitioner = TOTAL;
    ints.key = "org.apache.hadoop.io.IntWritable";
    ints.stepsAside(AsideReason.KEY_ORDER, "IntWritable");
    Job sorted = new Job();
    sorted.partitioner = TOTAL;
    sorted.sortComparator = true;
    sorted.stepsAside(AsideReason.KEY_ORDER, "comparator");
  }

  @Test
  void anUnknownPartitionerStepsAsideUnlessAnAdminListsIt() {
    Job j = new Job();
    j.partitioner = SECONDARY;
    j.groupingComparator = true;
    j.stepsAside(AsideReason.PARTITIONER, "pikachu.partitioner.movable");
    j.movable = List.of("a.B", SECONDARY);
    assertEquals(Slicing.HASH, j.slicing());
  }

  @Test
  void hashPartitioningWithItsOwnGroupingStepsAside() {
    Job j = new Job();
    j.groupingComparator = true;
    j.stepsAside(AsideReason.PARTITIONER, "groups");
  }

  @Test
  void outputsReadThroughThePartitionerStepAside() {
    Job j = new Job();
    j.outputs = List.of("org.apache.hadoop.mapreduce.lib.output.TextOutputFormat", MAP_FILE);
    j.stepsAside(AsideReason.OUTPUT_PLACEMENT, MAP_FILE);
  }

  @Test
  void jobsWhereNoBinCouldMoveStepAside() {
    Job one = new Job();
    one.reducers = 1;
    one.stepsAside(AsideReason.ONE_REDUCER, "one reducer");

    Job noSpeculation = new Job();
    noSpeculation.mapSpeculative = false;
    noSpeculation.reduceSpeculative = false;
    noSpeculation.stepsAside(AsideReason.SPECULATION_OFF, "pikachu.speculative.map");
    noSpeculation.stepsAside(AsideReason.SPECULATION_OFF, PikachuKeys.PIKACHU_PREEMPTION_POLICY);
    noSpeculation.pikachuPreemptionPolicy = true; // the AM's preemption policy hosts the controller
    assertEquals(Slicing.HASH, noSpeculation.slicing());
    noSpeculation.pikachuPreemptionPolicy = false;
    noSpeculation.pikachuSpeculator = false; // another speculator (a test's) publishes the maps
    assertEquals(Slicing.HASH, noSpeculation.slicing());

    Job tolerant = new Job();
    tolerant.failuresTolerated = 5;
    tolerant.stepsAside(AsideReason.MAP_FAILURES_TOLERATED, "maxpercent=5");

    // issue 29, item 7: a reducer that fails for good loses what it gained, up to P partitions
    Job reducersMayFail = new Job();
    reducersMayFail.reduceFailuresTolerated = 10;
    reducersMayFail.stepsAside(
        AsideReason.REDUCE_FAILURES_TOLERATED, "mapreduce.reduce.failures.maxpercent=10");

    // issue 29, item 6: an object store cannot make one final map win
    Job onS3 = new Job();
    onS3.store = "s3a";
    onS3.stepsAside(AsideReason.STORE_WITHOUT_ATOMIC_RENAME, "s3a:");
    Job onHdfs = new Job();
    onHdfs.store = "hdfs";
    assertEquals(Slicing.HASH, onHdfs.slicing());
    // and a local directory is one per node unless the job's own files are local too
    Job localBesideHdfs = new Job();
    localBesideHdfs.store = "file";
    localBesideHdfs.stepsAside(AsideReason.STORE_NOT_SHARED, "pikachu.binmap.dir on file:");
    Job allLocal = new Job();
    allLocal.store = "file";
    allLocal.jobDir = "file";
    assertEquals(Slicing.HASH, allLocal.slicing());

    Job noController = new Job();
    noController.controller = false;
    noController.stepsAside(AsideReason.NO_CONTROLLER, "pikachu.controller.enabled=false");
    noController.forced = true; // the test hook forces its own change
    assertEquals(Slicing.HASH, noController.slicing());
  }

  @Test
  void aForeignCollectorOrConsumerOnEitherSideMakesItStepAside() {
    Job nativeCollector = new Job();
    nativeCollector.collector =
        "org.apache.hadoop.mapred.nativetask.NativeMapOutputCollectorDelegator";
    nativeCollector.stepsAside(AsideReason.FOREIGN_PLUGIN, "NativeMapOutputCollectorDelegator");
    Job otherShuffle = new Job();
    otherShuffle.consumer = "org.apache.hadoop.mapreduce.task.reduce.RssShuffle";
    otherShuffle.stepsAside(AsideReason.FOREIGN_PLUGIN, "RssShuffle");
    Job fallbackList = new Job();
    fallbackList.collector =
        PikachuKeys.BIN_COLLECTOR_CLASS + ",org.apache.hadoop.mapred.MapTask$MapOutputBuffer";
    fallbackList.stepsAside(AsideReason.FOREIGN_PLUGIN, "MapOutputBuffer");
    Job stockConsumer = new Job();
    stockConsumer.consumer = "";
    stockConsumer.stepsAside(AsideReason.FOREIGN_PLUGIN, "stock");
  }

  @Test
  void encryptedIntermediateDataMakesItStepAside() {
    Job j = new Job();
    j.encrypted = true;
    j.stepsAside(
        AsideReason.ENCRYPTED_INTERMEDIATE_DATA, "mapreduce.job.encrypted-intermediate-data");
  }
}
