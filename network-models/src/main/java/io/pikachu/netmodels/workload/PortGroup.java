package io.pikachu.netmodels.workload;

import java.util.Arrays;

/**
 * The DIPs serving one destination port of a VIP (port-based load balancing, section 3.5.2). A VIP
 * without port-based rules has a single group with {@code port == 0} (any port). Weights are the
 * DIPs' relative capacities, realised on switches by WCMP; equal weights mean plain ECMP.
 */
public record PortGroup(int port, double trafficShare, int[] dipServers, double[] dipWeights) {
  public PortGroup {
    if (dipServers.length == 0)
      throw new IllegalArgumentException("port group " + port + " has no DIPs");
    if (dipWeights.length != dipServers.length) {
      throw new IllegalArgumentException(
          "port group "
              + port
              + ": "
              + dipServers.length
              + " DIPs but "
              + dipWeights.length
              + " weights");
    }
    for (double w : dipWeights) {
      if (!(w > 0))
        throw new IllegalArgumentException(
            "port group " + port + ": DIP weight must be > 0, got " + w);
    }
    if (!(trafficShare > 0 && trafficShare <= 1)) {
      throw new IllegalArgumentException(
          "port group " + port + ": traffic share must be in (0,1], got " + trafficShare);
    }
    dipServers = dipServers.clone();
    dipWeights = dipWeights.clone();
  }

  public static PortGroup anyPort(int[] dipServers) {
    double[] w = new double[dipServers.length];
    Arrays.fill(w, 1.0);
    return new PortGroup(0, 1.0, dipServers, w);
  }

  public int dips() {
    return dipServers.length;
  }
}
