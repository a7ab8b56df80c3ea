package io.pikachu.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sim command line: what a user types, what comes back, and the exit codes. */
class SimMainTest {

  /** Exit code, standard output, standard error. */
  static String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        SimMain.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {
      Integer.toString(rc),
      out.toString(StandardCharsets.UTF_8),
      err.toString(StandardCharsets.UTF_8)
    };
  }

  @Test
  void helpListsEveryCommandAndOption() {
    for (String[] r : new String[][] {run(), run("--help"), run("paper", "--help")}) {
      assertEquals("0", r[0]);
      assertTrue(r[1].contains("validate, fig2-2, fig2-7"), r[1]);
      assertTrue(r[1].contains("--fast-core-speed"), r[1]);
    }
  }

  @Test
  void wrongCommandsAndOptionsExitWithTwoAndSayWhy() {
    String[] unknown = run("figures");
    assertEquals("2", unknown[0]);
    assertTrue(unknown[2].contains("unknown command 'figures'"), unknown[2]);
    String[] option = run("simulate", "--clusters", "paper-7");
    assertEquals("2", option[0]);
    assertTrue(option[2].contains("--clusters"), option[2]);
    String[] cluster = run("simulate", "--cluster", "paper-9", "--maps", "20");
    assertEquals("2", cluster[0]);
    assertTrue(cluster[2].contains("unknown cluster 'paper-9'; known: paper-7"), cluster[2]);
    String[] method = run("simulate", "--method", "fastest", "--maps", "20");
    assertEquals("2", method[0]);
    assertTrue(method[2].contains("unknown method 'fastest'"), method[2]);
    String[] number = run("simulate", "--fast-core-speed", "fast");
    assertEquals("2", number[0]);
    assertTrue(number[2].contains("--fast-core-speed must be a number"), number[2]);
  }

  @Test
  void aMissingSuiteIsNamed(@TempDir Path tmp) {
    String[] r = run("validate", "--results", tmp.resolve("none.csv").toString());
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no suite results at"), r[2]);
    assertTrue(r[2].contains("none.csv"), r[2]);
  }

  @Test
  void simulatePrintsTheJobAndEveryReducer() {
    String[] r = run("simulate", "--cluster", "paper-7", "--method", "two-stage", "--maps", "40");
    assertEquals("0", r[0], r[2]);
    assertTrue(r[1].contains("wordcount on paper-7-config-1, 40 maps, two-stage: job"), r[1]);
    assertEquals(14, r[1].lines().filter(l -> l.startsWith("  reducer ")).count(), r[1]);
  }

  @Test
  void validateWritesItsTableAndCsv(@TempDir Path tmp) throws Exception {
    String[] r = run("validate", "--bins-runs", "none", "--out", tmp.toString());
    assertEquals("0", r[0], r[2]);
    String md = Files.readString(tmp.resolve("validation.md"));
    assertTrue(md.contains("| two-stage | 45 |"), md);
    assertEquals(226, Files.readAllLines(tmp.resolve("validation.csv")).size());
    assertFalse(md.contains("NaN"), md);
  }
}
