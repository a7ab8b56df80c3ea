package io.pikachu.partitioner.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.lib.partition.HashPartitioner;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.junit.jupiter.api.Test;

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
  void totalOrderWithoutABinPartitionFileFailsWithAHint() {
    JobConf job = new JobConf(false);
    job.setUseNewMapper(true);
    job.setClass(
        "mapreduce.job.partitioner.class",
        TotalOrderPartitioner.class,
        org.apache.hadoop.mapreduce.Partitioner.class);
    job.setMapOutputKeyClass(Text.class);
    job.set(TotalOrderPartitioner.PARTITIONER_PATH, "/nonexistent/_partition.lst");
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                BinningMapOutputCollector.BinPartitioner.create(
                    BinningMapOutputCollector.binJobConf(job, 40), 40));
    assertTrue(
        e.getMessage().contains(PikachuKeys.TOTAL_ORDER_BIN_PARTITION_FILE.name()), e.getMessage());
    assertTrue(e.getMessage().contains("39 split points"), e.getMessage());
  }

  @Test
  void illegalBinsFromAPartitionerAreRejected() {
    assertThrows(java.io.IOException.class, () -> BinningMapOutputCollector.check(40, 40, "k"));
    assertThrows(java.io.IOException.class, () -> BinningMapOutputCollector.check(-1, 40, "k"));
  }
}
