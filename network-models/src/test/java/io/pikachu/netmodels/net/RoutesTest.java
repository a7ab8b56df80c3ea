package io.pikachu.netmodels.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.pikachu.netmodels.fabric.Fabric;
import io.pikachu.netmodels.fabric.FatTreeFabric;
import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutesTest {
  @Test
  void leafSpineHasOneSharedUplinkGroupPerLeafUnlessPerDestination() {
    Network net = new Network(new Simulator(1));
    Fabric f = LeafSpine.drill(20).build(net);
    net.buildRoutes(false);
    assertEquals(80, f.hosts().size());
    Router leaf0 = f.switches().get(0);
    PortGroup toFar = leaf0.route(f.hosts().get(79).id());
    assertEquals(4, toFar.size());
    assertSame(toFar, leaf0.route(f.hosts().get(20).id()));
    assertEquals(1, leaf0.route(f.hosts().get(3).id()).size()); // same leaf: straight down
    Router spine = f.switches().get(8);
    assertEquals(1, spine.route(f.hosts().get(79).id()).size());
    assertEquals(8, net.groups().stream().filter(g -> g.size() > 1).count()); // one per leaf

    Network perDst = new Network(new Simulator(1));
    Fabric g = LeafSpine.drill(20).build(perDst);
    perDst.buildRoutes(true);
    Router l0 = g.switches().get(0);
    assertNotSame(l0.route(g.hosts().get(79).id()), l0.route(g.hosts().get(20).id()));
    assertEquals(g.hosts().get(79).id(), l0.route(g.hosts().get(79).id()).destination());
  }

  @Test
  void oversubscriptionOfTheScriptsTopology() {
    assertEquals(1.25, LeafSpine.drill(20).oversubscription(), 1e-12);
    assertEquals(0.625, LeafSpine.drill(40).oversubscription(), 1e-12);
    assertEquals(1.25, LeafSpine.drill(20).scaled(4, 4, 4).oversubscription(), 1e-12);
  }

  @Test
  void fatTreeFirstPathIsTheSeedsExampleAndThereAreFourPaths() {
    Network net = new Network(new Simulator(1));
    Fabric f =
        FatTreeFabric.kAry(4, 1_000_000_000L, 25 * Simulator.PS_PER_US, 1_500_000, 1000).build(net);
    net.buildRoutes(false);
    assertEquals(16, f.hosts().size());
    assertEquals(20, f.switches().size());
    Host s0 = f.hosts().get(0);
    Host s15 = f.hosts().get(15);
    // Follow the first port of every group: S0 -> E0 -> A0 -> C0 -> A6 -> E7 -> S15.
    List<String> path = new ArrayList<>();
    Node at = s0.nic().peer();
    while (at != s15) {
      path.add(at.name());
      at = ((Router) at).route(s15.id()).port(0).peer();
    }
    assertEquals(List.of("E0", "A0", "C0", "A6", "E7"), path);
    assertEquals(2, ((Router) s0.nic().peer()).route(s15.id()).size());
    Router a0 = (Router) net.nodes().stream().filter(n -> n.name().equals("A0")).findFirst().get();
    assertEquals(2, a0.route(s15.id()).size());
    assertEquals(1, a0.route(f.hosts().get(3).id()).size()); // same pod: down to E1
  }
}
