package io.pikachu.core.decision;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.decision.trace.TraceHeader;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes the synthetic traces under src/test/resources/traces/. Not a test: run it by hand after
 * changing the trace format or the model, e.g. {@code java -cp <test classpath> ...TraceFixtures
 * src/test/resources/traces}. Each trace stops 10 s after the decision, as the adapter's recorder
 * does.
 */
public final class TraceFixtures {

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    write(
        dir.resolve("synthetic-wordcount-two-classes.jsonl"),
        SyntheticJobs.wordcountLike(600),
        "Synthetic (SyntheticJob model, not a real run): 2 fast nodes (8 map slots, shuffle 12 maps/s) and "
            + "5 slow (2 slots, 3 maps/s), 2 reducers per node, 600 maps. True P = 4.",
        Map.of(
            "reason",
            "STABILISED",
            "fastestClass",
            "fast",
            "fastestP.min",
            "3.4",
            "fastestP.max",
            "4.6",
            "classes",
            "2",
            "rebalanced",
            "true"));
    write(
        dir.resolve("synthetic-sort-p-below-one.jsonl"),
        SyntheticJobs.sortLike(600),
        "Synthetic (SyntheticJob model, not a real run): the fast nodes' reducers shuffle 2.5 maps/s, the "
            + "slow ones 6, 300 maps. True P = 2.5 / 6 = 0.417 (fast nodes are the bottleneck).",
        Map.of(
            "reason",
            "STABILISED",
            "fastestClass",
            "fast",
            "fastestP.min",
            "0.35",
            "fastestP.max",
            "0.48",
            "classes",
            "2",
            "rebalanced",
            "true"));
  }

  private static void write(
      Path file, SyntheticJob job, String description, Map<String, String> expect)
      throws IOException {
    List<StatusReport> reports = job.run();
    JobController c = new JobController(Replay.oneShot(), job.numReducers(), Slicing.HASH);
    long stopAt = Long.MAX_VALUE;
    for (StatusReport r : reports) {
      c.onReport(r);
      if (stopAt == Long.MAX_VALUE && c.poll(r.timeMs()).isPresent()) {
        Decision d = c.decision().orElseThrow();
        stopAt = d.decidedAtMs() + 10_000;
      }
    }
    TraceHeader header =
        TraceHeader.of(
            TraceHeader.FORMAT,
            TraceHeader.VERSION,
            job.numReducers(),
            description,
            Map.of(PikachuKeys.ESTIMATOR.name(), "pikachu"),
            expect,
            Slicing.HASH);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        TraceFile.Recorder rec = new TraceFile.Recorder(w, header)) {
      for (StatusReport r : reports) {
        if (r.timeMs() <= stopAt) {
          rec.record(r);
        }
      }
    }
  }

  private TraceFixtures() {}
}
