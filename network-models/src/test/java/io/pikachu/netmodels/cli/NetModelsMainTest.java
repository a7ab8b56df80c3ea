package io.pikachu.netmodels.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetModelsMainTest {
  @Test
  void writesTableAndChart(@TempDir Path dir) throws Exception {
    NetModelsMain.run(new String[] {"duet-fig17", "--scale", "small", "--out", dir.toString()});
    String csv = Files.readString(dir.resolve("fig17.csv"));
    assertTrue(csv.startsWith("system,smuxes,"), csv);
    assertTrue(csv.contains("Duet,"));
    assertTrue(Files.readString(dir.resolve("fig17.svg")).contains("<svg"));
  }

  @Test
  void rejectsUnknownExperimentsAndOptions() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> NetModelsMain.run(new String[] {"fig99"}));
    assertTrue(e.getMessage().contains("fig99"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"duet-fig16", "--scale", "huge"}));
    assertTrue(e.getMessage().contains("huge"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"duet-fig16", "--seed", "x"}));
    assertTrue(e.getMessage().contains("--seed"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"duet-fig16", "--out"}));
    assertTrue(e.getMessage().contains("needs a value"), e.getMessage());
    for (String[] bad :
        new String[][] {
          {"duet-fig18", "--first-fit", "sideways"}, {"duet-fig17", "--smux-path", "wobbly"}
        }) {
      e = assertThrows(IllegalArgumentException.class, () -> NetModelsMain.run(bad));
      assertTrue(e.getMessage().contains(bad[2]), e.getMessage());
    }
  }

  @Test
  void spreadSmuxPathChangesOnlyTheLatencyColumnsOfFig17(@TempDir Path dir) throws Exception {
    Path fixed = dir.resolve("fixed");
    Path spread = dir.resolve("spread");
    NetModelsMain.run(new String[] {"duet-fig17", "--scale", "small", "--out", fixed.toString()});
    NetModelsMain.run(
        new String[] {
          "duet-fig17", "--scale", "small", "--smux-path", "spread", "--out", spread.toString()
        });
    String[] a = Files.readString(fixed.resolve("fig17.csv")).split("\n");
    String[] b = Files.readString(spread.resolve("fig17.csv")).split("\n");
    assertTrue(a.length == b.length && a.length > 3);
    boolean slower = false;
    for (int i = 0; i < a.length; i++) {
      String[] x = a[i].split(",");
      String[] y = b[i].split(",");
      // system, SMux count, load per SMux, utilisation and drop rate come from the queue, which
      // the path delay does not touch; the mean latency grows with the spread (its tail).
      for (int c : new int[] {0, 1, 2, 3, 6}) assertTrue(x[c].equals(y[c]), a[i] + " / " + b[i]);
      if (i > 0) slower |= Double.parseDouble(y[5]) > Double.parseDouble(x[5]) + 100;
    }
    assertTrue(slower, "the spread path's mean latency is Fig. 3.1's heavy tail");
  }
}
