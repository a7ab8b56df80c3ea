package io.pikachu.netmodels.taalk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaalkCliTest {
  @TempDir Path tmp;

  private static void run(String... args) throws Exception {
    io.pikachu.netmodels.cli.NetModelsMain.run(args, new PrintStream(new ByteArrayOutputStream()));
  }

  @Test
  void theSameSeedWritesByteIdenticalCsv() throws Exception {
    String[][] commands = {{"taalk-fig9", "--max-load", "12"}, {"taalk-fig11"}};
    for (String[] cmd : commands) {
      Path a = tmp.resolve("a");
      Path b = tmp.resolve("b");
      run(with(cmd, "--runs", "2", "--seed", "5", "--out", a.toString()));
      run(with(cmd, "--runs", "2", "--seed", "5", "--out", b.toString()));
      String id = cmd[0];
      assertArrayEquals(
          Files.readAllBytes(a.resolve(id + ".csv")), Files.readAllBytes(b.resolve(id + ".csv")));
      assertTrue(Files.size(a.resolve(id + ".svg")) > 1000);
    }
  }

  private static String[] with(String[] a, String... more) {
    String[] out = java.util.Arrays.copyOf(a, a.length + more.length);
    System.arraycopy(more, 0, out, a.length, more.length);
    return out;
  }

  @Test
  void badArgumentsAreNamed() {
    String[][] bad = {
      {"taalk-fig7", "--runs", "0"},
      {"taalk-fig7", "--max-load", "x"},
      {"taalk-fig7", "--bogus", "1"},
      {"taalk-fig10", "--max-load", "5"},
      {"taalk-scale", "--slow", "2"},
      {"taalk-fig7", "--seed"},
      {"taalk-fig99"}
    };
    String[] named = {
      "--runs", "--max-load", "--bogus", "--max-load", "--slow", "--seed", "taalk-fig99"
    };
    for (int i = 0; i < bad.length; i++) {
      String[] args = bad[i];
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> run(args), String.join(" ", args));
      assertTrue(e.getMessage().contains(named[i]), e.getMessage());
    }
  }
}
