package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.BinMapVersions;
import io.pikachu.benchsuite.suite.ResultsCsv;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a suite directory the way the runner does, with runs whose figures the tests choose. */
final class SyntheticSuite {
  static final String DIGEST = "1000:00000000deadbeef";

  final Path dir;

  SyntheticSuite(Path dir) {
    this.dir = dir;
  }

  Run run(String app, String config, String method, int rep, double seconds) {
    return new Run(app, config, method, rep, seconds);
  }

  /** A results.csv row, with plausible defaults the test overrides where it matters. */
  final class Run {
    private final String app;
    private final String config;
    private final String method;
    private final int rep;
    private final double seconds;
    private String status = RunResult.OK;
    private double fastestP = 1;
    private double fast = Double.NaN;
    private double slow = Double.NaN;
    private long shuffle = 1_000_000_000L;
    private long reshuffled;
    private String digest = DIGEST;
    private boolean rebalanced;
    private String reason = "";
    private BinMapVersions versions;

    private Run(String app, String config, String method, int rep, double seconds) {
      this.app = app;
      this.config = config;
      this.method = method;
      this.rep = rep;
      this.seconds = seconds;
    }

    Run p(double p) {
      fastestP = p;
      return this;
    }

    Run reducersDone(double fastSeconds, double slowSeconds) {
      fast = fastSeconds;
      slow = slowSeconds;
      return this;
    }

    Run shuffle(long bytes, long reshuffledBytes) {
      shuffle = bytes;
      reshuffled = reshuffledBytes;
      return this;
    }

    Run digest(String d) {
      digest = d;
      return this;
    }

    /**
     * A two-stage run: a provisional map with P {@code provisionalP} (moving bins), then a final
     * version of {@code stage} (CONFIRMED or CORRECTED).
     */
    Run twoStage(double provisionalP, String stage) {
      versions = new BinMapVersions(2, stage, provisionalP, true, seconds / 4, seconds / 2);
      return this;
    }

    Run failed(String why) {
      status = "failed: " + why;
      return this;
    }

    Run decided(String why, boolean moved) {
      reason = why;
      rebalanced = moved;
      return this;
    }

    String runDir() {
      return "runs/" + app + "/" + config + "/" + method + "/rep" + rep;
    }

    Path path() {
      return dir.resolve(runDir());
    }

    Run add() {
      double fixedP =
          method.startsWith("fixed-") ? Double.parseDouble(method.substring(6)) : Double.NaN;
      ResultsCsv.append(
          dir.resolve("results.csv"),
          Runs.run(app, config, method, rep)
              .fixedP(fixedP)
              .jobId("job_" + rep)
              .status(status)
              .seconds(status.equals(RunResult.OK) ? seconds : Double.NaN)
              .mapsDoneSeconds(seconds / 2)
              .fastReducersDoneSeconds(fast)
              .slowReducersDoneSeconds(slow)
              .fastestP(fastestP)
              .rebalanced(rebalanced)
              .reason(reason)
              .shuffleBytes(shuffle)
              .reshuffledBytes(reshuffled)
              .outputDigest(status.equals(RunResult.OK) ? digest : "")
              .runDir(runDir())
              .versions(
                  versions != null
                      ? versions
                      : method.equals("stock")
                          ? BinMapVersions.NONE
                          : new BinMapVersions(
                              1, "FINAL", Double.NaN, false, Double.NaN, seconds / 2))
              .build());
      return this;
    }
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** One fast node with four times the CPU of each of two slow ones, as Config-1. */
  static void heterogeneousNodes(Path runDir) throws IOException {
    write(
        runDir.resolve("nodes.csv"),
        """
        node,node_id,cpus,map_slots,reduce_slots,class
        fast0,localhost:4001,1.0,4,2,fast
        slow0,localhost:4002,0.25,1,2,slow
        slow1,localhost:4003,0.25,1,2,slow
        """);
  }

  static void homogeneousNodes(Path runDir) throws IOException {
    write(
        runDir.resolve("nodes.csv"),
        """
        node,node_id,cpus,map_slots,reduce_slots,class
        n0,localhost:4001,0.5,2,2,all
        n1,localhost:4002,0.5,2,2,all
        n2,localhost:4003,0.5,2,2,all
        """);
  }

  static String task(
      String attempt,
      String type,
      String node,
      double start,
      double finish,
      long shuffleBytes,
      double cpu) {
    return String.format(
        Locale.ROOT,
        "%s,%s,%s,%.3f,,,%.3f,%d,%.3f%n",
        attempt,
        type,
        node,
        start,
        finish,
        shuffleBytes,
        cpu);
  }
}
