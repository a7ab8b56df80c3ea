package io.pikachu.task.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.lib.partition.HashPartitioner;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinPartitionerTest {
  @Test
  void binIsTheJobsOwnPartitionerOverTheBinCount() throws Exception {
    JobConf job = new JobConf(false);
    job.setUseNewMapper(true);
    job.setNumReduceTasks(4);
    JobConf binJob = BinningMapOutputCollector.binJobConf(job, 40);
    assertEquals(40, binJob.getNumReduceTasks());
    assertEquals(4, job.getNumReduceTasks(), "the task's own configuration is untouched");
    var bins = BinningMapOutputCollector.BinPartitioner.<Text, IntWritable>create(binJob, 40);
    HashPartitioner<Text, IntWritable> hash = new HashPartitioner<>();
    for (String word : new String[] {"a", "pikachu", "hadoop", "zz"}) {
      assertEquals(
          hash.getPartition(new Text(word), null, 40),
          bins.bin(new Text(word), new IntWritable(1)));
    }
  }

  @Test
  void oldApiPartitionersWorkToo() throws Exception {
    JobConf job = new JobConf(false);
    job.setUseNewMapper(false);
    job.setPartitionerClass(org.apache.hadoop.mapred.lib.HashPartitioner.class);
    var bins =
        BinningMapOutputCollector.BinPartitioner.<Text, Text>create(
            BinningMapOutputCollector.binJobConf(job, 30), 30);
    assertEquals(
        (new Text("x").hashCode() & Integer.MAX_VALUE) % 30, bins.bin(new Text("x"), new Text("")));
  }

  @Test
  void hashSlicesKeepEveryKeyInTheReducerStockGivesIt() throws Exception {
    JobConf job = new JobConf(false);
    job.setUseNewMapper(true);
    job.setNumReduceTasks(6);
    var slicer =
        BinningMapOutputCollector.<Text, IntWritable>slicer(
            Rebalancing.Enabled.of(Slicing.HASH, HashPartitioner.class.getName()),
            job,
            BinningMapOutputCollector.binJobConf(job, 60),
            60,
            10);
    HashPartitioner<Text, IntWritable> stock = new HashPartitioner<>();
    int[] perSlice = new int[10];
    java.util.Random random = new java.util.Random(3);
    for (int i = 0; i < 6000; i++) {
      Text key = new Text(Long.toString(random.nextLong(), 36));
      int partition = stock.getPartition(key, null, 6);
      int slice = slicer.slice(key, new IntWritable(1), partition);
      perSlice[slice]++;
      // the same key always gets the same slice, which only depends on its hash
      assertEquals(slice, slicer.slice(new Text(key), new IntWritable(2), partition));
    }
    for (int s = 0; s < 10; s++) {
      assertTrue(perSlice[s] > 450 && perSlice[s] < 750, "slice " + s + ": " + perSlice[s]);
    }
  }

  @Test
  void totalOrderIsCutBetweenTheJobsOwnSplitPoints(@TempDir java.nio.file.Path tmp)
      throws Exception {
    JobConf job = new JobConf(false);
    job.setUseNewMapper(true);
    job.setNumReduceTasks(3);
    job.setMapOutputKeyClass(Text.class);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(tmp.toString(), "parts.lst");
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            job,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(NullWritable.class))) {
      w.append(new Text("g"), NullWritable.get());
      w.append(new Text("p"), NullWritable.get());
    }
    TotalOrderPartitioner.setPartitionFile(job, file);
    TotalOrderPartitioner<Text, NullWritable> stock = new TotalOrderPartitioner<>();
    stock.setConf(job);
    var slicer =
        BinningMapOutputCollector.<Text, NullWritable>slicer(
            Rebalancing.Enabled.of(Slicing.KEY_RANGE, TotalOrderPartitioner.class.getName()),
            job,
            BinningMapOutputCollector.binJobConf(job, 30),
            30,
            10);
    int previous = -1;
    for (char c = 'a'; c <= 'z'; c++) {
      Text key = new Text(c + "key");
      int partition = stock.getPartition(key, NullWritable.get(), 3);
      int bin = partition * 10 + slicer.slice(key, NullWritable.get(), partition);
      assertTrue(bin >= previous, key + " went to bin " + bin + " after bin " + previous);
      previous = bin;
    }
    assertEquals(29, previous, "'z...' is the top slice of the last partition");
  }

  @Test
  void aMissingSplitPointFileIsAnErrorNamingIt() {
    JobConf job = new JobConf(false);
    job.setNumReduceTasks(3);
    job.setMapOutputKeyClass(Text.class);
    job.set(TotalOrderPartitioner.PARTITIONER_PATH, "/nonexistent/_partition.lst");
    var e =
        assertThrows(
            java.io.IOException.class,
            () ->
                BinningMapOutputCollector.slicer(
                    Rebalancing.Enabled.of(
                        Slicing.KEY_RANGE, TotalOrderPartitioner.class.getName()),
                    job,
                    BinningMapOutputCollector.binJobConf(job, 30),
                    30,
                    10));
    assertTrue(e.getMessage().contains("/nonexistent/_partition.lst"), e.getMessage());
  }

  @Test
  void teraSortsSplitPointsAreReadAsTeraSortReadsThem(@TempDir java.nio.file.Path tmp)
      throws Exception {
    JobConf job = new JobConf(false);
    job.setNumReduceTasks(4);
    java.nio.file.Path file = tmp.resolve(SplitPoints.TERASORT_PARTITION_FILE);
    try (java.io.DataOutputStream out =
        new java.io.DataOutputStream(java.nio.file.Files.newOutputStream(file))) {
      for (String split : new String[] {"D", "M", "T"}) {
        new Text(split).write(out);
      }
    }
    // TeraSort reads the file from the task's working directory
    String cwd = System.getProperty("user.dir");
    java.nio.file.Path here = java.nio.file.Path.of(cwd, SplitPoints.TERASORT_PARTITION_FILE);
    java.nio.file.Files.copy(file, here);
    try {
      var splits = SplitPoints.read(job, SplitPoints.TERASORT_PARTITIONER);
      assertEquals(3, splits.size());
      assertEquals("M", new String(splits.get(1), java.nio.charset.StandardCharsets.US_ASCII));
    } finally {
      java.nio.file.Files.delete(here);
    }
    var simple = SplitPoints.read(job, SplitPoints.TERASORT_SIMPLE_PARTITIONER);
    assertEquals(3, simple.size());
    // 2^24 / 4 = 0x400000 prefixes per reducer: the second split is 0x80 0x00 0x00
    assertEquals((byte) 0x80, simple.get(1)[0]);
    assertEquals(0, simple.get(1)[1]);
  }

  @Test
  void illegalBinsFromAPartitionerAreRejected() {
    assertThrows(java.io.IOException.class, () -> BinningMapOutputCollector.check(40, 40, "k"));
    assertThrows(java.io.IOException.class, () -> BinningMapOutputCollector.check(-1, 40, "k"));
  }
}
