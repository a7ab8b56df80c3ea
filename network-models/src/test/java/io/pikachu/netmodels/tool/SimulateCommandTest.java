package io.pikachu.netmodels.tool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
  @TempDir Path tmp;

  private String run(String... args) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    String[] all = new String[args.length + 1];
    all[0] = "simulate";
    System.arraycopy(args, 0, all, 1, args.length);
    io.pikachu.netmodels.cli.NetModelsMain.run(all, new PrintStream(b, true, "UTF-8"));
    return b.toString("UTF-8");
  }

  @Test
  void traceRunWritesEveryFlowAndTheQueuesTheSameForTheSameSeed() throws Exception {
    for (String dir : List.of("a", "b")) {
      run(
          "--topology",
          "examples/two-paths.topo",
          "--trace",
          "examples/incast.csv",
          "--scheme",
          "spray",
          "--queue-interval",
          "50us",
          "--out",
          tmp.resolve(dir).toString());
    }
    List<String> flows = Files.readAllLines(tmp.resolve("a/flows.csv"));
    assertEquals(SimulateCommand.FLOWS_HEADER.strip(), flows.get(0));
    assertEquals(6, flows.size()); // the trace's five flows all finish
    for (String f : List.of("flows.csv", "queues.csv")) {
      assertArrayEquals(
          Files.readAllBytes(tmp.resolve("a").resolve(f)),
          Files.readAllBytes(tmp.resolve("b").resolve(f)),
          f);
    }
    List<String> queues = Files.readAllLines(tmp.resolve("a/queues.csv"));
    assertTrue(
        queues.stream().anyMatch(l -> l.contains(",e1->h3,") && !l.endsWith(",0,0")),
        "the incast's bottleneck port holds packets at some sample");
  }

  @Test
  void sprayingReordersAndEcmpDoesNot() throws Exception {
    assertTrue(outOfOrderBytes(fatTreeRun("spray")) > 0);
    assertEquals(0, outOfOrderBytes(fatTreeRun("ecmp")));
  }

  /** Seed 004's fat-tree at half load for 20 ms of arrivals; returns its flows.csv. */
  private Path fatTreeRun(String scheme) throws Exception {
    Path dir = tmp.resolve(scheme);
    String[] fixed = {
      "--topology", "examples/fat-tree-k4.topo", "--load", "0.5", "--tcp", "spraying"
    };
    String[] mine = {"--arrivals", "20ms", "--scheme", scheme, "--out", dir.toString()};
    String[] all =
        java.util.stream.Stream.concat(
                java.util.Arrays.stream(fixed), java.util.Arrays.stream(mine))
            .toArray(String[]::new);
    run(all);
    return dir.resolve("flows.csv");
  }

  private static long outOfOrderBytes(Path flows) throws Exception {
    return Files.readAllLines(flows).stream()
        .skip(1)
        .mapToLong(l -> Long.parseLong(l.split(",")[8]))
        .sum();
  }

  @Test
  void wrongArgumentsAreNamed() {
    assertError("simulate needs --topology FILE", "--load", "0.5");
    assertError("either --trace FILE or --load L", "--topology", "examples/fat-tree-k4.topo");
    assertError(
        "unknown scheme 'conga'",
        "--topology",
        "examples/fat-tree-k4.topo",
        "--load",
        "0.5",
        "--scheme",
        "conga");
    assertError(
        "unknown TCP preset 'cubic'",
        "--topology",
        "examples/fat-tree-k4.topo",
        "--load",
        "0.5",
        "--tcp",
        "cubic");
    assertError("cannot read topology file nope.topo", "--topology", "nope.topo", "--load", "0.5");
    assertError(
        "option --sizes does not apply with --trace",
        "--topology",
        "examples/fat-tree-k4.topo",
        "--trace",
        "examples/incast.csv",
        "--sizes",
        "websearch");
  }

  @Test
  void aTraceNamingAHostTheTopologyLacksIsRefused() throws Exception {
    Path trace = Files.writeString(tmp.resolve("bad.csv"), "start_us,src,dst,bytes\n0,0,9,100\n");
    assertError(
        "line 2: dst 9 is not a host of the topology (0..3)",
        "--topology",
        "examples/two-paths.topo",
        "--trace",
        trace.toString(),
        "--out",
        tmp.toString());
  }

  private void assertError(String expected, String... args) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(args));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
