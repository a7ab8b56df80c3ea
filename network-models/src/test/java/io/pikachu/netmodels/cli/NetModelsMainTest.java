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
    NetModelsMain.run(new String[] {"fig17", "--scale", "small", "--out", dir.toString()});
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
            () -> NetModelsMain.run(new String[] {"fig16", "--scale", "huge"}));
    assertTrue(e.getMessage().contains("huge"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"fig16", "--seed", "x"}));
    assertTrue(e.getMessage().contains("--seed"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"fig16", "--out"}));
    assertTrue(e.getMessage().contains("needs a value"), e.getMessage());
  }
}
