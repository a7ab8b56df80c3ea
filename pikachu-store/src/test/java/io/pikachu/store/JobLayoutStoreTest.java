package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.profile.JobLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobLayoutStoreTest {
  @TempDir java.nio.file.Path tmp;
  Configuration conf;

  @BeforeEach
  void setUp() {
    conf = new Configuration(false);
    VirtualBinsConfig.enable(conf);
    conf.setInt(MRJobConfig.NUM_REDUCES, 4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set(MRJobConfig.MAPREDUCE_JOB_DIR, tmp.resolve("job_1").toUri().toString());
  }

  @Test
  void noLayoutMeansBinsAndAStockLayoutStepsTheTasksAside() throws IOException {
    assertEquals(Optional.empty(), JobLayoutStore.forJob(conf).read());
    assertInstanceOf(Rebalancing.Enabled.class, JobLayoutStore.forTask(conf).rebalancing());
    JobLayoutStore.forJob(conf).claim(JobLayout.stock("one-node-class: test"));
    Rebalancing.SteppedAside aside =
        assertInstanceOf(
            Rebalancing.SteppedAside.class, JobLayoutStore.forTask(conf).rebalancing());
    assertEquals(Rebalancing.AsideReason.ONE_NODE_CLASS, aside.why());
    assertTrue(aside.detail().contains("one-node-class: test"), aside.detail());
  }

  @Test
  void theFirstLayoutWrittenStays() throws IOException {
    JobLayout first = JobLayout.stock("first");
    assertEquals(first, JobLayoutStore.forJob(conf).claim(first));
    assertEquals(first, JobLayoutStore.forJob(conf).claim(JobLayout.bins("second", 10)));
    assertEquals(Optional.of(first), JobLayoutStore.forJob(conf).read());
  }

  @Test
  void everyTaskCutsBinsByTheAmsBinsPerReducerWhateverItsNodeSays() throws IOException {
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 10);
    assertEquals(10, JobLayoutStore.forTask(conf).binsPerReducer(), "no layout: the task's own");
    JobLayoutStore.forJob(conf).claim(JobLayout.bins("two classes", 4));
    // a node whose mapred-site.xml still has the old value, during a rollout
    TaskLayout task = JobLayoutStore.forTask(conf);
    assertInstanceOf(Rebalancing.Enabled.class, task.rebalancing());
    assertEquals(4, task.binsPerReducer());
    assertEquals(16, task.totalBins(4));
  }

  @Test
  void aLayoutOfAnOlderAmWithoutBinsPerReducerLeavesTheTasksOwn() throws IOException {
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 7);
    write("bins=true\nwhy=written by an AM that did not record it\n");
    assertEquals(7, JobLayoutStore.forTask(conf).binsPerReducer());
  }

  @Test
  void aLayoutReadsBackAsWritten() throws IOException {
    JobLayout written =
        JobLayout.bins("two classes: fast=4.1, slow=1 (= a line, with : and \\)", 7);
    JobLayoutStore.forJob(conf).claim(written);
    assertEquals(Optional.of(written), JobLayoutStore.forJob(conf).read());
  }

  @Test
  void aJobPikachuStepsAsideForNeverReadsTheFile() throws IOException {
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), false);
    write("not json");
    Rebalancing.SteppedAside aside =
        assertInstanceOf(
            Rebalancing.SteppedAside.class, JobLayoutStore.forTask(conf).rebalancing());
    assertEquals(Rebalancing.AsideReason.NO_CONTROLLER, aside.why());
  }

  @Test
  void anUnreadableLayoutFailsTheTaskNamingTheFile() throws IOException {
    write("bins=perhaps\n");
    IOException e = assertThrows(IOException.class, () -> JobLayoutStore.forTask(conf));
    assertTrue(e.getMessage().contains(JobLayoutStore.FILE_NAME), e.getMessage());
  }

  private void write(String text) throws IOException {
    Path file = JobLayoutStore.forJob(conf).file();
    FileSystem fs = file.getFileSystem(conf);
    try (OutputStream out = fs.create(file)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
