package io.pikachu.netmodels.smux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.assign.Assigner;
import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.assign.SwitchTables;
import io.pikachu.netmodels.assign.VipShape;
import io.pikachu.netmodels.topology.EcmpRouter;
import io.pikachu.netmodels.topology.FatTree;
import io.pikachu.netmodels.workload.Workload;
import io.pikachu.netmodels.workload.WorkloadGenerator;
import io.pikachu.netmodels.workload.WorkloadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureImpactTest {
  private final FatTree tree = new FatTree(4, 6, 2, 4, 10, 10, 40);
  private final SwitchTables tables = SwitchTables.paper().withHostEntries(500);
  private final Workload w =
      new WorkloadGenerator(tree, WorkloadSpec.paperScale().withVips(800).scaledVolume(0.005))
          .generate(4);
  private final List<VipShape> shapes = VipShape.of(w.vips(), tree, tables);
  private final Assignment a =
      new Assigner(tree, tables, shapes).assign(w.trace().gbps(0, 60), Assigner.Strategy.DUET, 1);

  @Test
  void healthyRoutingCarriesTheAssignmentsLoadsPlusTheSmuxTraffic() {
    FailureImpact impact = new FailureImpact(tree, shapes);
    EcmpRouter.Loads loads = impact.loads(a, 3, FailureScenario.none());
    double extra = 0;
    for (int l = 0; l < tree.links(); l++) {
      // HMux VIPs are routed exactly as the assignment booked them; SMux VIPs only add to that.
      assertTrue(loads.gbps()[l] >= a.state().loadGbps(l) - 1e-9, "link " + l);
      extra += loads.gbps()[l] - a.state().loadGbps(l);
    }
    assertTrue(a.leftoverGbps() > 0, "the host table of 500 should leave VIPs on SMuxes");
    assertTrue(extra > a.leftoverGbps(), "SMux traffic crosses at least one link: " + extra);
    assertEquals(0, loads.unroutedGbps(), 1e-9);
  }

  @Test
  void containerFailureSendsItsVipsToSmuxesAndDropsItsOwnTraffic() {
    SmuxProvisioner p = new SmuxProvisioner(tree, shapes);
    FailureScenario f = FailureScenario.container(tree, 0);
    double expected = 0;
    for (int v = 0; v < a.vips(); v++) {
      boolean failsOver = !a.onHmux(v) || tree.containerOf(a.hmuxOf(v)) == 0;
      if (failsOver) expected += SmuxProvisioner.survivingGbps(shapes.get(v), a.gbps(v), f);
    }
    assertEquals(expected, p.smuxGbpsUnder(a, f), 1e-9);
    assertTrue(p.smuxGbpsUnder(a, f) > a.leftoverGbps() * 0.5);
    SmuxProvisioner.Provision prov = p.provision(a, 3.6, 5, 0, 1);
    assertTrue(prov.smuxes() >= SmuxProvisioner.count(prov.worstContainerGbps(), 3.6));
    assertEquals(SmuxProvisioner.count(a.totalGbps(), 3.6), prov.anantaSmuxes());
  }
}
