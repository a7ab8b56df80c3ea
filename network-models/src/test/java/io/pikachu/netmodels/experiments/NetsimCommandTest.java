package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.cli.NetModelsMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetsimCommandTest {
  private static String run(String... args) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    NetModelsMain.run(args, new PrintStream(buf, true, StandardCharsets.UTF_8));
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void sameSeedGivesByteIdenticalCsvAndAnotherSeedDoesNot(@TempDir Path dir) throws IOException {
    String[] base = {
      "drill-load",
      "--scale",
      "small",
      "--loads",
      "0.5",
      "--schemes",
      "drill,ecmp,cu:1us",
      "--duration",
      "20ms"
    };
    Path a = dir.resolve("a");
    Path again = dir.resolve("again");
    Path cached = dir.resolve("cached");
    Path other = dir.resolve("other");
    Path cache = dir.resolve("cache");
    run(concat(base, "--out", a.toString(), "--cache", cache.toString()));
    // Simulated again from scratch, then read back from the cache: the same bytes both times.
    run(concat(base, "--out", again.toString()));
    String third = run(concat(base, "--out", cached.toString(), "--cache", cache.toString()));
    assertTrue(!third.contains("[1/"), "nothing run again: " + third);
    run(concat(base, "--out", other.toString(), "--seed", "2"));
    byte[] first = Files.readAllBytes(a.resolve("drill-load.csv"));
    assertArrayEquals(first, Files.readAllBytes(again.resolve("drill-load.csv")));
    assertArrayEquals(first, Files.readAllBytes(cached.resolve("drill-load.csv")));
    assertTrue(
        !java.util.Arrays.equals(first, Files.readAllBytes(other.resolve("drill-load.csv"))));
    String csv = new String(first, StandardCharsets.UTF_8);
    assertTrue(csv.startsWith("load,scheme,interval_us,interval_run_us,flows,"), csv);
    assertEquals(4, csv.lines().count(), csv); // header and three schemes
    for (String chart : List.of("a", "b", "c", "d")) {
      assertTrue(Files.readString(a.resolve("drill-load-" + chart + ".svg")).contains("<svg"));
    }
  }

  @Test
  void theLoadFigureReadsTheStalenessSweepsRunsAndPrintsWhatItsOwnRunsWould(@TempDir Path dir)
      throws IOException {
    String[] points = {
      "--scale", "small", "--loads", "0.8", "--schemes", "drill,ecmp", "--duration", "20ms"
    };
    Path cache = dir.resolve("cache");
    Path own = dir.resolve("own");
    Path read = dir.resolve("read");
    // The staleness sweep samples queues; the load figure does not, and reads the sampled runs.
    run(
        concat(
            concat(new String[] {"drill-staleness"}, points),
            "--out",
            dir.resolve("staleness").toString(),
            "--cache",
            cache.toString()));
    run(concat(concat(new String[] {"drill-load"}, points), "--out", own.toString()));
    String second =
        run(
            concat(
                concat(new String[] {"drill-load"}, points),
                "--out",
                read.toString(),
                "--cache",
                cache.toString()));
    assertTrue(!second.contains("[1/"), "nothing run again: " + second);
    String csv = Files.readString(own.resolve("drill-load.csv"));
    assertTrue(csv.contains(",NaN,NaN,NaN,"), "no queues in the load figure: " + csv);
    assertEquals(csv, Files.readString(read.resolve("drill-load.csv")), "the same bytes");
  }

  /** The CSV's rows as cells, header first. */
  private static List<String[]> csv(Path f) throws IOException {
    return Files.readAllLines(f).stream().map(l -> l.split(",")).toList();
  }

  private static int column(List<String[]> csv, String name) {
    int i = List.of(csv.get(0)).indexOf(name);
    assertTrue(i >= 0, "no column " + name);
    return i;
  }

  @Test
  void queueSpreadReadsTheStalenessFiguresSamplesAndTwoOtherWays(@TempDir Path dir)
      throws IOException {
    String[] points = {
      "--scale", "small", "--loads", "0.4", "--schemes", "drill,ecmp", "--duration", "20ms"
    };
    run(concat(concat(new String[] {"drill-staleness"}, points), "--out", dir.toString()));
    String out =
        run(
            concat(
                concat(new String[] {"drill-queues"}, points),
                "--runs",
                "1",
                "--out",
                dir.toString()));
    assertTrue(out.contains("wrote drill-queues.csv and drill-queues-runs.csv to"), out);
    List<String[]> fig = csv(dir.resolve("drill-staleness.csv"));
    List<String[]> runs = csv(dir.resolve("drill-queues-runs.csv"));
    assertEquals(3, runs.size(), "header and one run per scheme");
    for (int r = 1; r <= 2; r++) {
      // The instant reading is the figure's statistic on the same samples: the same numbers.
      assertEquals(fig.get(r)[1], runs.get(r)[1]);
      assertEquals(
          fig.get(r)[column(fig, "queue_std_leaf")], runs.get(r)[column(runs, "instant_leaf")]);
      assertEquals(
          fig.get(r)[column(fig, "queue_std_spine")], runs.get(r)[column(runs, "instant_spine")]);
      // Pooled over time as well as ports, the spread cannot be smaller (total variance).
      for (String tier : List.of("leaf", "spine")) {
        double instant = Double.parseDouble(runs.get(r)[column(runs, "instant_" + tier)]);
        double pooled = Double.parseDouble(runs.get(r)[column(runs, "pooled_" + tier)]);
        assertTrue(pooled >= instant, tier + ": pooled " + pooled + " < instant " + instant);
      }
    }
    List<String[]> sum = csv(dir.resolve("drill-queues.csv"));
    assertEquals(1 + 2 * 3, sum.size(), "a row per scheme and reading");
    int over = column(sum, "over_drill");
    assertEquals("NaN", sum.get(1)[over], "DRILL over itself is not shown");
    double ecmpOverDrill = Double.parseDouble(sum.get(4)[over]);
    double ecmp = Double.parseDouble(sum.get(4)[column(sum, "combined")]);
    double drill = Double.parseDouble(sum.get(1)[column(sum, "combined")]);
    // The CSV rounds to 3 decimals: the ratio of the rounded spreads is within that of the ratio.
    double rounding = ecmpOverDrill * (0.0005 / ecmp + 0.0005 / drill);
    assertEquals(ecmp / drill, ecmpOverDrill, rounding + 0.001);
    assertTrue(ecmpOverDrill > 1, "ECMP spreads its queues more than DRILL: " + ecmpOverDrill);
  }

  @Test
  void aPacketUpdatePeriodChangesPpuAndCuRunsOnly(@TempDir Path dir) throws IOException {
    String[] points = {
      "drill-load",
      "--scale",
      "small",
      "--loads",
      "0.8",
      "--schemes",
      "drill,piu:10us,ppu,cu:10us",
      "--duration",
      "20ms"
    };
    Path cache = dir.resolve("cache");
    run(concat(points, "--out", dir.resolve("every").toString(), "--cache", cache.toString()));
    String spaced =
        run(
            concat(
                points,
                "--ppu-period",
                "20us",
                "--out",
                dir.resolve("spaced").toString(),
                "--cache",
                cache.toString()));
    assertTrue(spaced.contains("refreshed by packets at most once every 20us"), spaced);
    assertTrue(
        spaced.contains("[1/2]") && !spaced.contains("[1/3]"), "DRILL and PIU reused: " + spaced);
    List<String[]> every = csv(dir.resolve("every").resolve("drill-load.csv"));
    List<String[]> other = csv(dir.resolve("spaced").resolve("drill-load.csv"));
    assertArrayEquals(every.get(1), other.get(1), "DRILL");
    assertArrayEquals(every.get(2), other.get(2), "PIU");
    int mean = column(every, "mean_fct_ms");
    assertTrue(!every.get(3)[mean].equals(other.get(3)[mean]), "PPU changes");
    assertTrue(!every.get(4)[mean].equals(other.get(4)[mean]), "CU changes");
  }

  @Test
  void sprayFigureWritesCsvAndThreeChartsAndRepeatsItsBytes(@TempDir Path dir) throws IOException {
    String out = run("spray-static", "--scale", "small", "--runs", "2", "--out", dir.toString());
    assertTrue(out.contains("wrote spray-static.csv, spray-static-runs.csv and 3 charts"), out);
    String csv = Files.readString(dir.resolve("spray-static.csv"));
    assertTrue(csv.startsWith("scheme,long_flows,long_flow_gbps,short_fct_ms"), csv);
    assertTrue(
        csv.lines().findFirst().orElseThrow().endsWith(",long_flow_gbps_ci95,short_fct_ms_ci95"));
    assertEquals(1 + 3 * 6, csv.lines().count());
    // One row per run, and the figure's mean is the mean of its runs.
    List<String> runs = Files.readAllLines(dir.resolve("spray-static-runs.csv"));
    assertEquals(1 + 3 * 6 * 2, runs.size());
    String[] first = runs.get(1 + 2).split(","); // spray, n = 1, seed 1
    String[] second = runs.get(1 + 3).split(","); // spray, n = 1, seed 2
    double mean = (Double.parseDouble(first[4]) + Double.parseDouble(second[4])) / 2;
    assertEquals(
        mean,
        Double.parseDouble(csv.lines().skip(2).findFirst().orElseThrow().split(",")[3]),
        0.0011);
    Path again = dir.resolve("again");
    run("spray-static", "--scale", "small", "--runs", "2", "--out", again.toString());
    for (String f : List.of("spray-static.csv", "spray-static-runs.csv")) {
      assertEquals(
          Files.readString(dir.resolve(f)),
          Files.readString(again.resolve(f)),
          "same seed, same bytes");
    }
  }

  @Test
  void badArgumentsAreNamed() {
    assertMessage(
        "--load must be in (0, 1], got '1.5'", "drill-run", "--scheme", "drill", "--load", "1.5");
    assertMessage("--loads must be in (0, 1], got '0'", "drill-load", "--loads", "0.5,0");
    assertMessage("unknown scheme 'conga'", "drill-load", "--schemes", "drill,conga");
    assertMessage(
        "interval of scheme 'piu:-10us' must be positive", "drill-load", "--schemes", "piu:-10us");
    assertMessage(
        "interval of scheme 'cu:0us' must be positive", "drill-load", "--schemes", "cu:0us");
    assertMessage("needs an update interval", "drill-staleness", "--schemes", "piu");
    assertMessage("--runs must be at least 1", "spray-random", "--runs", "0");
    assertMessage("--threads must be an integer", "spray-random", "--threads", "two");
    assertMessage("unknown scale 'huge'", "drill-load", "--scale", "huge");
    assertMessage("--duration", "drill-load", "--duration", "-1s");
    assertMessage("unknown option --bogus", "spray-static", "--bogus", "1");
    assertMessage("drill-run needs --scheme", "drill-run", "--load", "0.5");
    assertMessage("option --out needs a value", "spray-static", "--out");
    assertMessage("--ppu-period", "drill-load", "--ppu-period", "-2us");
    assertMessage(
        "--sample-to is after the run's end",
        "drill-queues",
        "--scale",
        "small",
        "--sample-to",
        "1s");
    assertMessage(
        "sampling span is empty", "drill-queues", "--sample-from", "0.5s", "--sample-to", "0.2s");
  }

  private static void assertMessage(String expected, String... args) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(args));
    assertTrue(
        e.getMessage().contains(expected), "'" + e.getMessage() + "' lacks '" + expected + "'");
  }

  @Test
  void theCommandLineExitsWithCodeTwoOnABadArgument() throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                NetModelsMain.class.getName(),
                "drill-load",
                "--schemes",
                "piu:-1us")
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(2, p.waitFor(), output);
    assertTrue(output.contains("error: interval of scheme 'piu:-1us' must be positive"), output);
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
