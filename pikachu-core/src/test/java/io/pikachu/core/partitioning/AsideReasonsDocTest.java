package io.pikachu.core.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every reason Pikachu steps aside for has a row in docs/virtual-bins.md's table and a mention in
 * the admin guide, and nothing else does: the reasons an admin reads in the counters are the ones
 * the docs explain.
 */
class AsideReasonsDocTest {
  private static final Path VIRTUAL_BINS = Path.of("..", "docs", "virtual-bins.md");
  private static final Path GUIDE = Path.of("..", "docs", "admin-guide.md");

  @Test
  void virtualBinsTablesEveryReason() throws IOException {
    String doc = Files.readString(VIRTUAL_BINS);
    List<String> missing = new ArrayList<>();
    for (Rebalancing.AsideReason r : Rebalancing.AsideReason.values()) {
      if (!doc.contains("| `" + r.name() + "` |")) {
        missing.add(r.name());
      }
    }
    assertEquals(List.of(), missing, VIRTUAL_BINS + " has no table row for these reasons");
  }

  @Test
  void theAdminGuideNamesEveryReason() throws IOException {
    String guide = Files.readString(GUIDE);
    List<String> missing = new ArrayList<>();
    for (Rebalancing.AsideReason r : Rebalancing.AsideReason.values()) {
      if (!guide.contains("`" + r.name() + "`") && !guide.contains(r.counterName())) {
        missing.add(r.name());
      }
    }
    assertEquals(List.of(), missing, GUIDE + " does not name these reasons");
  }
}
