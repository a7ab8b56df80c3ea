package io.pikachu.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        new RunResult(
            "wordcount",
            "config-1",
            "fixed-2.50",
            2.5,
            1,
            "job_1_0001",
            RunResult.OK,
            61.25,
            40.5,
            50.0,
            61.0,
            2.5,
            true,
            "REDUCERS_PLACED",
            "14 14 8 8 8 8",
            1000,
            120,
            80,
            "12:00ff",
            "runs/x");
    RunResult failed =
        new RunResult(
            "sort",
            "config-2",
            "stock",
            Double.NaN,
            1,
            "",
            "failed: boom, \"quoted\"",
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
            "runs/y");
    ResultsCsv.append(csv, ok);
    ResultsCsv.append(csv, failed);
    List<RunResult> read = ResultsCsv.read(csv);
    assertEquals(List.of(ok, failed).toString(), read.toString());
    assertEquals(ok.key(), read.get(0).key());
  }

  @Test
  void aDamagedFileIsRefusedWithItsLine() throws IOException {
    Path csv = dir.resolve("results.csv");
    Files.writeString(csv, String.join(",", ResultsCsv.HEADER) + "\nwordcount,config-1\n");
    IOException e = assertThrows(IOException.class, () -> ResultsCsv.read(csv));
    assertTrue(e.getMessage().contains("line"), e.getMessage());
  }
}
