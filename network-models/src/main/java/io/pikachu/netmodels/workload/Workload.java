package io.pikachu.netmodels.workload;

import io.pikachu.netmodels.topology.FatTree;
import java.util.List;

/** The VIPs of a datacenter and their traffic over time. */
public record Workload(FatTree tree, List<Vip> vips, TrafficTrace trace) {
  public Workload {
    vips = List.copyOf(vips);
    for (int i = 0; i < vips.size(); i++) {
      if (vips.get(i).id() != i)
        throw new IllegalArgumentException(
            "VIP ids must be 0..n-1 in order; index " + i + " holds VIP " + vips.get(i).id());
    }
    if (trace.vips() != vips.size()) {
      throw new IllegalArgumentException(
          "trace covers " + trace.vips() + " VIPs, workload has " + vips.size());
    }
  }
}
