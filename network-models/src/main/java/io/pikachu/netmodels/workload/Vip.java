package io.pikachu.netmodels.workload;

import java.util.List;

/**
 * A virtual IP: where its clients sit and which DIPs serve it. The traffic volume is not part of
 * the VIP; it comes from a {@link TrafficTrace} interval, so one VIP set serves every load level
 * and every interval.
 *
 * @param srcTors ToRs whose servers send to this VIP from inside the datacenter
 * @param srcShares share of the internal traffic from each of those ToRs (sums to 1)
 * @param internalFraction share of the VIP's traffic from inside the DC; the rest arrives from the
 *     Internet
 */
public record Vip(
    int id, int[] srcTors, double[] srcShares, double internalFraction, List<PortGroup> ports) {
  public Vip {
    if (srcTors.length != srcShares.length) {
      throw new IllegalArgumentException(
          "VIP " + id + ": " + srcTors.length + " source ToRs but " + srcShares.length + " shares");
    }
    if (internalFraction < 0 || internalFraction > 1) {
      throw new IllegalArgumentException(
          "VIP " + id + ": internal fraction must be in [0,1], got " + internalFraction);
    }
    if (internalFraction > 0 && srcTors.length == 0) {
      throw new IllegalArgumentException("VIP " + id + " has internal traffic but no source ToR");
    }
    if (ports.isEmpty()) throw new IllegalArgumentException("VIP " + id + " has no DIPs");
    double shares = ports.stream().mapToDouble(PortGroup::trafficShare).sum();
    if (Math.abs(shares - 1) > 1e-9) {
      throw new IllegalArgumentException(
          "VIP " + id + ": port traffic shares sum to " + shares + ", not 1");
    }
    srcTors = srcTors.clone();
    srcShares = srcShares.clone();
    ports = List.copyOf(ports);
  }

  public int totalDips() {
    return ports.stream().mapToInt(PortGroup::dips).sum();
  }
}
