package io.pikachu.netmodels.smux;

import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.assign.VipShape;
import io.pikachu.netmodels.topology.FatTree;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * SMux count for Duet (section 3.8.2): SMuxes always carry the left-over traffic (VIPs not on an
 * HMux) and must also absorb the traffic that fails over to them under the worst provisioned
 * failure, or the traffic that passes through them during a migration, whichever is larger: {@code
 * ceil((leftover + max(failover, transition)) / C_smux)}. Ananta carries all VIP traffic on SMuxes:
 * {@code ceil(total / C_smux)}.
 */
public final class SmuxProvisioner {
  private final FatTree tree;
  private final List<VipShape> shapes;

  public SmuxProvisioner(FatTree tree, List<VipShape> shapes) {
    this.tree = tree;
    this.shapes = List.copyOf(shapes);
  }

  /**
   * Traffic SMuxes carry under a failure: left-over VIPs and VIPs whose HMux failed, minus vanished
   * traffic.
   */
  public double smuxGbpsUnder(Assignment a, FailureScenario f) {
    double total = 0;
    for (int v = 0; v < a.vips(); v++) {
      if (a.onHmux(v) && !hmuxDown(a, v, f)) continue;
      total += survivingGbps(shapes.get(v), a.gbps(v), f);
    }
    return total;
  }

  private static boolean hmuxDown(Assignment a, int v, FailureScenario f) {
    if (f.switchDown(a.hmuxOf(v))) return true;
    for (int t : a.tipSwitchesOf(v)) if (f.switchDown(t)) return true;
    return false;
  }

  /**
   * A VIP's traffic that still exists: sources and DIPs under failed ToRs are gone (section 3.8.5).
   */
  public static double survivingGbps(VipShape s, double gbps, FailureScenario f) {
    if (f.failed().isEmpty()) return gbps;
    return gbps * (1 - s.lostSrcShare(f.failed())) * (1 - s.lostDipShare(f.failed()));
  }

  /** Provisioning outcome for one assignment. */
  public record Provision(
      double leftoverGbps,
      double worstContainerGbps,
      String worstContainer,
      double worstSampledSwitchesGbps,
      double worstThreeSwitchesGbps,
      double transitionGbps,
      double smuxCapacityGbps,
      double smuxGbps,
      int smuxes,
      int anantaSmuxes) {
    /** Ananta's SMux traffic over Duet's, before rounding to whole SMuxes. */
    public double trafficRatio(double totalGbps) {
      return totalGbps / smuxGbps;
    }
  }

  /**
   * @param samples random 3-switch failures evaluated (the paper's 10 experiments); every container
   *     is evaluated
   * @param transitionGbps traffic of VIPs migrated through SMuxes (0 without migration)
   */
  public Provision provision(
      Assignment a, double smuxCapacityGbps, int samples, double transitionGbps, long seed) {
    if (!(smuxCapacityGbps > 0))
      throw new IllegalArgumentException("SMux capacity must be > 0 Gbps");
    double leftover = a.leftoverGbps();
    double worstC = 0;
    String worstName = "none";
    for (int c = 0; c < tree.containers(); c++) {
      FailureScenario f = FailureScenario.container(tree, c);
      double g = smuxGbpsUnder(a, f);
      if (g > worstC) {
        worstC = g;
        worstName = f.name();
      }
    }
    RandomGenerator rnd = new Well19937c(seed);
    double worstSampled = leftover;
    for (int i = 0; i < samples; i++) {
      worstSampled =
          Math.max(worstSampled, smuxGbpsUnder(a, FailureScenario.randomSwitches(tree, 3, rnd)));
    }
    double worstThree = leftover + topThreeHmuxGbps(a);
    double failure = Math.max(worstC, worstSampled);
    double need = Math.max(failure, leftover + transitionGbps);
    return new Provision(
        leftover,
        worstC,
        worstName,
        worstSampled,
        worstThree,
        transitionGbps,
        smuxCapacityGbps,
        need,
        count(need, smuxCapacityGbps),
        count(a.totalGbps(), smuxCapacityGbps));
  }

  /**
   * Upper bound of the adversarial 3-switch failure: the three switches carrying the most HMux
   * traffic.
   */
  private double topThreeHmuxGbps(Assignment a) {
    double[] perSwitch = new double[tree.switches()];
    for (int v = 0; v < a.vips(); v++) if (a.onHmux(v)) perSwitch[a.hmuxOf(v)] += a.gbps(v);
    List<Double> all = new ArrayList<>();
    for (double x : perSwitch) all.add(x);
    all.sort((x, y) -> Double.compare(y, x));
    double s = 0;
    for (int i = 0; i < Math.min(3, all.size()); i++) s += all.get(i);
    return s;
  }

  public static int count(double gbps, double capacityGbps) {
    return (int) Math.ceil(gbps / capacityGbps - 1e-9);
  }
}
