package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.DecisionStage;
import io.pikachu.core.decision.ImmutableDecision;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.FsBinMapStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionPublisherTest {

  private static final String JOB = "job_1700000000000_0007";

  @TempDir Path dir;

  static DecisionRecord decision(List<Integer> bins) {
    return DecisionRecord.of(List.of(version(bins, 1, DecisionStage.FINAL)));
  }

  static Decision version(List<Integer> bins, long version, DecisionStage stage) {
    return ImmutableDecision.builder()
        .estimator("fixed")
        .reason(DecisionReason.REDUCERS_PLACED)
        .decidedAtMs(5_000)
        .firstReducerMs(1_000)
        .waveMaps(0)
        .mapsCompleted(3)
        .totalMaps(10)
        .binsPerReducer(10)
        .deadband(0.1)
        .rebalanced(bins.stream().anyMatch(b -> b != 10))
        .referenceClass("slow")
        .classes(List.of())
        .reducerClasses(List.of("fast", "slow", "slow"))
        .reducerBins(bins)
        .owners(
            BinAllocation.of(10, bins.stream().mapToInt(Integer::intValue).toArray()).ownerRuns())
        .version(version)
        .stage(stage)
        .notes(List.of("test decision"))
        .rules(List.of())
        .build();
  }

  /** The job's layout: bins, 10 per reducer, the store in its staging directory. */
  private JobLayout layout(Configuration conf) throws IOException {
    return JobLayout.bins(
        Rebalancing.Enabled.of(
            Slicing.HASH, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner"),
        10,
        FsBinMapStore.createDirectory(conf, JOB).toString());
  }

  private FsBinMapStore store(Configuration conf) throws IOException {
    return FsBinMapStore.forLayout(conf, layout(conf), 3);
  }

  private DecisionPublisher publisher(Configuration conf) throws IOException {
    return new DecisionPublisher(
        conf,
        JOB,
        3,
        layout(conf),
        Optional.of(new org.apache.hadoop.fs.Path(dir.resolve("decisions").toUri())));
  }

  @Test
  void publishWritesRecordFinalBinMapAndCopy() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    DecisionPublisher p = publisher(conf);
    DecisionRecord d = decision(List.of(18, 6, 6));

    DecisionPublisher.Published out = p.publish(d);

    assertTrue(out.applied());
    assertEquals(d, out.record());
    assertTrue(out.binMap().isFinal());
    assertArrayEquals(new int[] {18, 6, 6}, out.binMap().counts());
    // what the reducers read
    BinMap read = store(conf).read();
    assertTrue(read.isFinal());
    assertArrayEquals(new int[] {18, 6, 6}, read.counts());
    // what a restarted AM reads
    assertEquals(Optional.of(d), publisher(conf).previous());
    // what the benchmark report reads, after the staging directory is gone
    Path copy = dir.resolve("decisions").resolve(JOB + ".decision.json");
    assertEquals(d, DecisionFiles.read(conf, new org.apache.hadoop.fs.Path(copy.toUri())));
    assertEquals(
        dir.resolve("staging").resolve(PikachuKeys.STAGING_RECORD_NAME).toUri().getPath(),
        p.stagingRecord().toUri().getPath());
  }

  @Test
  void publishingTwiceIsHarmless() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    DecisionRecord d = decision(List.of(18, 6, 6));
    publisher(conf).publish(d);
    DecisionPublisher.Published again = publisher(conf).publish(d);
    assertTrue(again.applied());
    assertEquals(d, again.record());
  }

  @Test
  void aMapSealedByAReducerFirstWinsAndTheRecordSaysSo() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    store(conf).seal(BinMap.even(3, 10, true));

    DecisionPublisher.Published out = publisher(conf).publish(decision(List.of(18, 6, 6)));

    assertFalse(out.applied());
    assertArrayEquals(new int[] {10, 10, 10}, out.binMap().counts());
    List<String> notes = out.record().last().notes();
    assertTrue(notes.stream().anyMatch(n -> n.startsWith("NOT APPLIED")), notes.toString());
    assertEquals(out.record(), publisher(conf).previous().orElseThrow());
    // re-publishing (a restarted AM) does not add the note twice
    DecisionPublisher.Published again = publisher(conf).publish(out.record());
    assertEquals(notes, again.record().last().notes());
  }

  @Test
  void aProvisionalVersionThenAFinalOneReachTheReducersInTurn() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    FsBinMapStore store = store(conf);
    DecisionRecord v1 =
        DecisionRecord.of(List.of(version(List.of(18, 6, 6), 1, DecisionStage.PROVISIONAL)));
    DecisionPublisher.Published first = publisher(conf).publish(v1);
    assertTrue(first.applied());
    assertFalse(store.read().isFinal(), "reducers fetch by v1 but may not merge by it");
    assertEquals(1, store.read().version());
    // a restarted AM publishes the same provisional version again: nothing changes
    assertTrue(publisher(conf).publish(v1).applied());

    DecisionRecord v2 = v1.with(version(List.of(14, 8, 8), 2, DecisionStage.CORRECTED));
    DecisionPublisher.Published second = publisher(conf).publish(v2);
    assertTrue(second.applied());
    BinMap read = store.read();
    assertTrue(read.isFinal());
    assertEquals(2, read.version());
    assertArrayEquals(new int[] {14, 8, 8}, read.counts());
    assertEquals(v2, publisher(conf).previous().orElseThrow(), "the record holds both versions");
  }

  @Test
  void aProvisionalVersionAfterAReducerSealedIsNotApplied() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    store(conf).seal(BinMap.even(3, 10, true));
    DecisionRecord v1 =
        DecisionRecord.of(List.of(version(List.of(18, 6, 6), 1, DecisionStage.PROVISIONAL)));
    DecisionPublisher.Published out = publisher(conf).publish(v1);
    assertFalse(out.applied());
    assertTrue(out.binMap().isFinal(), "the AM stops publishing: the sealed map is final");
  }

  @Test
  void noRecordMeansNoPreviousDecision() throws IOException {
    assertTrue(publisher(AmFixture.pikachuConf(dir, 3)).previous().isEmpty());
  }

  @Test
  void corruptRecordIsAnErrorNamingTheFile() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    Path record = dir.resolve("staging").resolve(PikachuKeys.STAGING_RECORD_NAME);
    Files.createDirectories(record.getParent());
    Files.writeString(record, "{\"formatVersion\": 1, \"reducerBins\": [", StandardCharsets.UTF_8);
    IOException e = assertThrows(IOException.class, () -> publisher(conf).previous());
    assertTrue(e.getMessage().contains(PikachuKeys.STAGING_RECORD_NAME), e.getMessage());
  }

  @Test
  void aJobWithoutAStagingDirectoryIsRefusedByName() {
    Configuration conf = new Configuration(false);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DecisionFiles.stagingRecord(conf));
    assertTrue(e.getMessage().contains("mapreduce.job.dir"), e.getMessage());
  }

  /**
   * Issue 29, item 5: a copy of the record that cannot be written (here its directory is a file)
   * does not undo the publish: the bin map is in force and the AM must not publish it again.
   */
  @Test
  void aDecisionCopyThatCannotBeWrittenDoesNotUndoThePublish() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    Files.writeString(dir.resolve("decisions"), "a file where the directory should be");
    DecisionPublisher.Published out = publisher(conf).publish(decision(List.of(18, 6, 6)));
    assertTrue(out.applied());
    assertTrue(out.binMap().isFinal());
  }

  /** Issue 29, item 5: a decision directory others may write is refused at AM start, by name. */
  @Test
  void aDecisionDirectoryOthersMayWriteSkipsTheCopyButNotTheJob() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    Path decisions = Files.createDirectory(dir.resolve("decisions"));
    Files.setPosixFilePermissions(
        decisions, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    DecisionPublisher open = publisher(conf);
    open.prepare(); // at 7d8858e this threw, and the job failed at start
    assertEquals(Optional.empty(), open.decisionCopy(), "no copy where others could replace it");
    assertTrue(open.publish(decision(List.of(18, 6, 6))).applied());
    try (var files = Files.list(decisions)) {
      assertEquals(0, files.count());
    }
  }

  /** A directory every user shares, sticky as /tmp is: each job's copy stays its own. */
  @Test
  void aStickySharedDecisionDirectoryTakesTheCopy() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 3);
    Path decisions = Files.createDirectory(dir.resolve("decisions"));
    org.apache.hadoop.fs.FileSystem.getLocal(conf)
        .setPermission(
            new org.apache.hadoop.fs.Path(decisions.toUri()),
            new org.apache.hadoop.fs.permission.FsPermission((short) 01777));
    DecisionPublisher shared = publisher(conf);
    shared.prepare();
    assertTrue(shared.decisionCopy().isPresent());
    shared.publish(decision(List.of(18, 6, 6)));
    assertTrue(Files.exists(decisions.resolve(JOB + ".decision.json")));
  }
}
