package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFilesTest {
  @TempDir Path dir;

  @Test
  void readsWhatAReducerKeptAfterDroppingBins() throws IOException {
    Files.writeString(
        dir.resolve(RunFiles.TASKS),
        "attempt,type,node,start_s,shuffle_done_s,sort_done_s,finish_s,shuffle_bytes,cpu_s,"
            + "dropped_bytes\n"
            + "a_r_0,reduce,node-0,1.0,2.0,3.0,4.0,1000,0.5,300\n");
    RunTask t = RunFiles.readTasks(dir).get(0);
    assertEquals(1000, t.shuffleBytes());
    assertEquals(700, t.keptBytes());
  }

  @Test
  void runSetsWrittenBeforeTheDroppedColumnReadAsNothingDropped() throws IOException {
    Files.writeString(
        dir.resolve(RunFiles.TASKS),
        "attempt,type,node,start_s,shuffle_done_s,sort_done_s,finish_s,shuffle_bytes,cpu_s\n"
            + "a_r_0,reduce,node-0,1.0,2.0,3.0,4.0,1000,0.5\n");
    List<RunTask> tasks = RunFiles.readTasks(dir);
    assertEquals(1000, tasks.get(0).keptBytes());
  }

  @Test
  void aDamagedRowNamesTheFileAndLine() throws IOException {
    Files.writeString(
        dir.resolve(RunFiles.TASKS),
        "attempt,type,node,start_s,shuffle_done_s,sort_done_s,finish_s,shuffle_bytes,cpu_s,"
            + "dropped_bytes\n"
            + "a_r_0,reduce,node-0,1.0,2.0,3.0,4.0,1000,0.5,lots\n");
    IOException e = assertThrows(IOException.class, () -> RunFiles.readTasks(dir));
    assertTrue(e.getMessage().startsWith("tasks.csv line 2"), e.getMessage());
  }
}
