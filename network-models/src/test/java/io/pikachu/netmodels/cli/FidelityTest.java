package io.pikachu.netmodels.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.cli.Fidelity.Row;
import io.pikachu.netmodels.experiments.Runner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scoring rule, the replicates' seeds and the cache that makes a scoring resumable. */
class FidelityTest {
  private static final Row RANGE = new Row("x", "002", "a ratio", "1.2-2.5", 1.2, 2.5);

  @Test
  void aRowIsMetOnlyWhenItsWholeIntervalIsInsideTheTolerance() {
    assertEquals("met", Fidelity.score(RANGE, new double[] {1.5, 1.6, 1.55, 1.52, 1.58}).verdict());
    // Mean inside, interval across the upper bound (PIU 100 us's five seeds against 1.4-2.4).
    Row piu = new Row("y", "002", "a ratio", "1.4-2.4", 1.4, 2.4);
    Fidelity.Score edge = Fidelity.score(piu, new double[] {2.435, 2.395, 2.401, 2.469, 2.261});
    assertEquals("in part", edge.verdict());
    assertTrue(edge.mean() < 2.4 && edge.hi() > 2.4, edge.toString());
    assertEquals(
        "miss", Fidelity.score(RANGE, new double[] {1.15, 1.17, 1.14, 1.16, 1.14}).verdict());
    // The five-seed interval is the t-interval: 2.776 x sd / sqrt(5).
    Fidelity.Score s = Fidelity.score(RANGE, new double[] {1, 2, 3, 4, 5});
    assertEquals(3.0, s.mean(), 1e-12);
    assertEquals(2.776445 * Math.sqrt(2.5) / Math.sqrt(5), s.hi() - 3, 1e-5);
  }

  @Test
  void everyRowIsScoredOnceWithItsGroupsReplicates() {
    Set<String> ids = new HashSet<>();
    for (Row r : Fidelity.ROWS) {
      assertTrue(ids.add(r.id()), "row " + r.id() + " twice");
      assertTrue(r.id().startsWith(r.group() + "-"), r.id());
      assertTrue(r.lo() <= r.hi(), r.id());
    }
    // Batches of seeds 003 and 004 are the paper's 10 runs: seeds 1-10, 11-20, ...
    assertEquals(21, Fidelity.seedOf("004", 1, 2));
    assertEquals(3, Fidelity.seedOf("002", 1, 2));
    // Spraying is judged per number of long flows.
    for (int n = 1; n <= 5; n++) {
      assertTrue(ids.contains("004-long-random-n" + n) && ids.contains("004-short-random-n" + n));
    }
  }

  @Test
  void aReplicateIsMeasuredOnceAndReadBackFromTheCache(@TempDir Path cache) throws Exception {
    Fidelity f = new Fidelity(cache, true, new Runner(2, null), null);
    Map<String, Double> first = f.replicate("003", 1);
    List<Path> files;
    try (var s = Files.list(cache)) {
      files = s.toList();
    }
    assertEquals(1, files.size(), files.toString());
    long t0 = System.nanoTime();
    Map<String, Double> again =
        new Fidelity(cache, true, new Runner(2, null), null).replicate("003", 1);
    assertEquals(first, again);
    assertTrue((System.nanoTime() - t0) / 1e9 < 1, "read back, not run again");
    for (Row r : Fidelity.ROWS) {
      if (r.group().equals("003")) assertTrue(first.containsKey(r.id()), r.id());
    }
  }

  @Test
  void aCostCellIsCachedApartFromTheSeedsOwnTestbed(@TempDir Path cache) throws Exception {
    // Two cached replicates of seed 001, seed 1: the seed's testbed and a cost cell.
    Files.writeString(
        cache.resolve("full-001-1.txt"), "fidelity 1 | full | 001 | 1\n001-job-ratio 13.0\n");
    Files.writeString(
        cache.resolve("full-001-server-ms0.3-1.txt"),
        "fidelity 1 | full | 001-server-ms0.3 | 1\n001-job-ratio 7.0\n");
    Fidelity own = new Fidelity(cache, false, new Runner(1, null), null);
    assertEquals(Map.of("001-job-ratio", 13.0), own.replicate("001", 1));
    Fidelity cell =
        new Fidelity(cache, false, new Runner(1, null), null)
            .withTaalkTestbed(io.pikachu.netmodels.taalk.Setup.seedTestbed(), "server-ms0.3");
    assertEquals(Map.of("001-job-ratio", 7.0), cell.replicate("001", 1));
  }

  @Test
  void costOptionsAreRefusedForOtherSeedsRows() {
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                NetModelsMain.run(
                    new String[] {"fidelity", "--groups", "002", "--balancer-ms", "1"},
                    new java.io.PrintStream(new java.io.ByteArrayOutputStream())));
    assertTrue(e.getMessage().contains("use --groups 001"), e.getMessage());
  }
}
