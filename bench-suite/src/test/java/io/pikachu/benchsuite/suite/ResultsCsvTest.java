package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsCsvTest {
  @TempDir Path dir;

  @Test
  void appendedRowsReadBackEqual() throws IOException {
    Path csv = dir.resolve("results.csv");
    RunResult ok =
        Runs.run("wordcount", "config-1", "fixed-2.50", 1)
            .fixedP(2.5)
            .jobId("job_1_0001")
            .seconds(61.25)
            .mapsDoneSeconds(40.5)
            .fastReducersDoneSeconds(50.0)
            .slowReducersDoneSeconds(61.0)
            .fastestP(2.5)
            .rebalanced(true)
            .reason("REDUCERS_PLACED")
            .reducerBins("14 14 8 8 8 8")
            .shuffleBytes(1000)
            .reshuffledBytes(120)
            .droppedBytes(80)
            .outputDigest("12:00ff")
            .runDir("runs/x")
            .versions(new BinMapVersions(2, "CORRECTED", 3.5, true, 20.25, 41.5))
            .build();
    RunResult failed =
        Runs.run("sort", "config-2", "stock", 1)
            .jobId("")
            .status("failed: boom, \"quoted\"")
            .fastestP(Double.NaN)
            .runDir("runs/y")
            .build();
    ResultsCsv.append(csv, ok);
    ResultsCsv.append(csv, failed);
    List<RunResult> read = ResultsCsv.read(csv);
    assertEquals(List.of(ok, failed).toString(), read.toString());
    assertEquals(ok.key(), read.get(0).key());
    assertTrue(read.get(0).versions().corrected());
    assertEquals(BinMapVersions.NONE, read.get(1).versions());
  }

  /** A results.csv of the suite before the two-stage controller: the 20 columns it had then. */
  private static final String OLD =
      String.join(",", ResultsCsv.REQUIRED)
          + "\nwordcount,config-1,pikachu,,1,job_1,ok,61.2500,40.5000,50.0000,61.0000,3.9800,true,"
          + "ALL_MAPS_DONE,20 20 5 5 5 5,1000,120,80,12:00ff,runs/x\n";

  @Test
  void aFileWithoutTheVersionColumnsReadsWithVersionsUnknown() throws IOException {
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, OLD);
    RunResult r = ResultsCsv.read(csv).get(0);
    assertEquals(61.25, r.seconds());
    assertEquals("ALL_MAPS_DONE", r.reason());
    assertFalse(r.versions().recorded());
    assertFalse(r.versions().corrected());
    assertFalse(ResultsCsv.isCurrent(csv));
  }

  @Test
  void anOlderFileIsRewrittenWithTheNewColumnsBeforeAppending() throws IOException {
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, OLD);
    List<RunResult> old = ResultsCsv.read(csv);
    ResultsCsv.rewrite(csv, old);
    assertTrue(ResultsCsv.isCurrent(csv));
    assertEquals(old, ResultsCsv.read(csv));
    assertTrue(Files.readAllLines(csv).get(0).endsWith(",final_s"));
  }

  @Test
  void aMissingColumnIsNamedWithTheFile() throws IOException {
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, OLD.replaceFirst("shuffle_bytes,", "shuffled,"));
    IOException e = assertThrows(IOException.class, () -> ResultsCsv.read(csv));
    assertTrue(
        e.getMessage().contains(csv.toString()) && e.getMessage().contains("'shuffle_bytes'"),
        e.getMessage());
  }

  @Test
  void aDamagedFileIsRefusedWithItsLine() throws IOException {
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, String.join(",", ResultsCsv.HEADER) + "\nwordcount,config-1\n");
    IOException e = assertThrows(IOException.class, () -> ResultsCsv.read(csv));
    assertTrue(e.getMessage().contains("line"), e.getMessage());
  }
}
