package io.pikachu.netmodels.tool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.metrics.FlowsCsv;
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
    assertEquals(FlowsCsv.HEADER.strip(), flows.get(0));
    assertEquals(6, flows.size()); // the trace's five flows all finish
    assertTrue(flows.stream().skip(1).allMatch(l -> l.contains(",1,")), "finished 1");
    for (String f : List.of("flows.csv", "queues.csv", "ports.csv")) {
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
  void flowsCutOffByTheEndAreWrittenFlaggedAndPortsAreAccounted() throws Exception {
    Path dir = tmp.resolve("cut");
    String out =
        run(
            "--topology",
            "examples/two-paths.topo",
            "--trace",
            "examples/incast.csv",
            "--max-time",
            "1ms",
            "--out",
            dir.toString());
    List<String> flows = Files.readAllLines(dir.resolve("flows.csv"));
    assertEquals(6, flows.size(), "every flow of the trace has a row: " + flows);
    long unfinished = 0;
    for (String l : flows.subList(1, flows.size())) {
      String[] c = l.split(",");
      long bytes = Long.parseLong(c[4]);
      long acked = Long.parseLong(c[12]);
      if (c[11].equals("0")) {
        unfinished++;
        assertTrue(acked < bytes, l);
        assertTrue(Double.parseDouble(c[5]) <= 1000 - Double.parseDouble(c[3]) + 1e-3, l);
      } else {
        assertEquals(bytes, acked, l);
      }
    }
    assertTrue(unfinished > 0, "1 ms cuts the incast's 2 MB flows off: " + flows);
    assertTrue(out.contains(unfinished + " flows had not finished"), out);
    List<String> ports = Files.readAllLines(dir.resolve("ports.csv"));
    assertEquals(
        "port,switch_port,gbps,packets,bytes,utilisation,drops,ecn_marks,peak_queue_packets,"
            + "peak_queue_bytes",
        ports.get(0));
    double busiest = 0;
    for (String l : ports.subList(1, ports.size())) {
      double u = Double.parseDouble(l.split(",")[5]);
      assertTrue(u >= 0 && u <= 1.0 + 1e-9, l);
      busiest = Math.max(busiest, u);
    }
    assertTrue(busiest > 0.9, "the incast's bottleneck is busy: " + busiest);
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
