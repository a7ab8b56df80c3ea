package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrossRssCliTest {
  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());

  private static String[] small(String command, Path out) {
    return new String[] {
      command,
      "--runs",
      "2",
      "--windows",
      "2",
      "--warmup",
      "10",
      "--seed",
      "3",
      "--out",
      out.toString()
    };
  }

  @Test
  void eachFigureWritesTheSameCsvAndChartBytesForTheSameSeed(@TempDir Path dir) throws Exception {
    for (String fig : new String[] {"crossrss-fig2a", "crossrss-fig2b"}) {
      io.pikachu.netmodels.cli.NetModelsMain.run(small(fig, dir.resolve("a")), QUIET);
      io.pikachu.netmodels.cli.NetModelsMain.run(small(fig, dir.resolve("b")), QUIET);
      byte[] csv = Files.readAllBytes(dir.resolve("a").resolve(fig + ".csv"));
      assertArrayEquals(csv, Files.readAllBytes(dir.resolve("b").resolve(fig + ".csv")), fig);
      assertTrue(new String(csv).contains("CrossRSS,"), fig);
      assertArrayEquals(
          Files.readAllBytes(dir.resolve("a").resolve(fig + ".svg")),
          Files.readAllBytes(dir.resolve("b").resolve(fig + ".svg")),
          fig + " chart");
      assertTrue(Files.readString(dir.resolve("a").resolve(fig + ".svg")).contains("<svg"), fig);
    }
  }

  @Test
  void badArgumentsAreNamed() {
    String[][] cases = {
      {"crossrss-fig2a", "--runs", "x"},
      {"crossrss-fig2a", "--runs", "0"},
      {"crossrss-fig2a", "--rss", "toeplitz"},
      {"crossrss-fig2a", "--out"},
      {"crossrss-fig2a", "--colour", "red"},
      {"crossrss-fig2a", "--servers", "8"},
      {"crossrss-fig2b", "--seed", "1", "--seed", "2"},
      {"crossrss-bench", "--policy", "maglev"},
      {"crossrss-bench", "--load", "-1"},
      {"crossrss-bench", "--seconds", "5"},
      {"crossrss-bench", "--runs", "3"},
      {"crossrss-bench", "--servers", "0"},
      {"crossrss-fig2a", "--windows", "500000"},
    };
    String[] named = {
      "--runs",
      "--runs",
      "--rss",
      "--out",
      "--colour",
      "--servers",
      "--seed",
      "--policy",
      "--load",
      "--seconds",
      "--runs",
      "--servers",
      "--windows"
    };
    for (int i = 0; i < cases.length; i++) {
      String[] args = cases[i];
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> io.pikachu.netmodels.cli.NetModelsMain.run(args, QUIET));
      assertTrue(e.getMessage().contains(named[i]), String.join(" ", args) + ": " + e.getMessage());
    }
  }
}
