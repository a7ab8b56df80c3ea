package io.pikachu.netmodels.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.fabric.Fabric;
import io.pikachu.netmodels.fabric.FatTreeFabric;
import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.fabric.Topology;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.sim.Simulator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyFileTest {
  private static final Path EXAMPLES = Path.of("examples");

  @Test
  void leafSpineFileIsSeed002sFabric() {
    Topology t = TopologyFile.read(EXAMPLES.resolve("leaf-spine-drill.topo"));
    assertEquals(LeafSpine.drill(20), t);
  }

  @Test
  void fatTreeFileIsSeed004sFabric() {
    Topology t = TopologyFile.read(EXAMPLES.resolve("fat-tree-k4.topo"));
    assertEquals(FatTreeFabric.spraying(), t);
  }

  @Test
  void graphFileBuildsItsHostsSwitchesAndLinks() {
    Topology t = TopologyFile.read(EXAMPLES.resolve("two-paths.topo"));
    Network net = new Network(new Simulator(1));
    Fabric f = t.build(net);
    assertEquals(4, f.hosts().size());
    assertEquals(4, f.switches().size());
    assertEquals(16, net.ports().size()); // 8 links, both directions
    assertEquals("h3", f.hosts().get(3).name());
    net.buildRoutes(false);
    // e0 reaches h3 over both middle switches: one group of two ports
    assertTrue(net.groups().stream().anyMatch(g -> g.size() == 2));
  }

  @Test
  void mistakesAreNamedWithTheirLine() {
    assertError("line 2: unknown key 'leafs'", "topology leaf-spine", "leafs 8");
    assertError("missing 'uplink-gbps'", leafSpineWithout("uplink-gbps"));
    assertError("line 3: 'k' given twice", "topology fat-tree", "k 4", "k 6");
    assertError(
        "k must be even",
        "topology fat-tree",
        "k 5",
        "gbps 1",
        "delay-us 25",
        "queue-bytes 1500000",
        "queue-packets 1000");
    assertError(
        "'-1' is not a positive number",
        "topology fat-tree",
        "k 4",
        "gbps -1",
        "delay-us 25",
        "queue-bytes 1500000",
        "queue-packets 1000");
    assertError("unknown topology 'torus'", "topology torus");
    assertError("the first line must be 'topology", "leaves 8");
    assertError(
        "line 3: link to undeclared node 's9'", "topology graph", "host a", "link a s9 10 1 1500");
    assertError(
        "host 'b' has 0 links",
        "topology graph",
        "host a",
        "host b",
        "switch s",
        "link a s 10 1 15000");
    assertError(
        "host 'c' cannot be reached",
        "topology graph",
        "host a",
        "host b",
        "host c",
        "switch s",
        "switch t",
        "link a s 10 1 15000",
        "link b s 10 1 15000",
        "link c t 10 1 15000");
    assertError("line 2: 'link' takes 5 value(s), got 3", "topology graph", "link a b 10");
  }

  private static String[] leafSpineWithout(String key) {
    List<String> all =
        List.of(
            "topology leaf-spine",
            "leaves 2",
            "spines 2",
            "hosts-per-leaf 2",
            "host-gbps 10",
            "uplink-gbps 10",
            "host-delay-us 1",
            "link-delay-us 1",
            "queue-bytes 15000");
    return all.stream().filter(l -> !l.startsWith(key)).toArray(String[]::new);
  }

  private static void assertError(String expected, String... lines) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> TopologyFile.parse("t.topo", List.of(lines)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().startsWith("t.topo"), e.getMessage());
  }
}
