package io.pikachu.netmodels.report;

import io.pikachu.netmodels.assign.SwitchTables;
import io.pikachu.netmodels.topology.FatTree;
import io.pikachu.netmodels.workload.WorkloadSpec;

/**
 * A datacenter to run the experiments on. {@link #full()} is section 3.8.1; {@link #small()}
 * shrinks the network for tests (16 containers of 16 ToRs, 5,120 servers) and scales traffic
 * volumes by the server count, but keeps the VIP population (30k VIPs, 16k host entries): the
 * findings depend on how finely traffic is divided among VIPs, and with fewer VIPs a single
 * elephant carries a large share of the datacenter's traffic (about 8% with 3k VIPs instead of 2%),
 * which no longer resembles the paper's workload.
 */
public record Scenario(
    String name,
    FatTree tree,
    SwitchTables tables,
    WorkloadSpec spec,
    double[] loadsGbps,
    long seed) {
  public static Scenario full() {
    return new Scenario(
        "full",
        FatTree.paperScale(),
        SwitchTables.paper(),
        WorkloadSpec.paperScale(),
        new double[] {1_250, 2_500, 5_000, 10_000},
        1);
  }

  public static Scenario small() {
    FatTree paper = FatTree.paperScale();
    FatTree tree = new FatTree(16, 16, 4, 16, 20, 10, 40);
    double volume = tree.servers() / (double) paper.servers();
    SwitchTables tables = SwitchTables.paper();
    WorkloadSpec spec = WorkloadSpec.paperScale().scaledVolume(volume);
    double[] loads = {1_250 * volume, 2_500 * volume, 5_000 * volume, 10_000 * volume};
    return new Scenario("small", tree, tables, spec, loads, 1);
  }

  public static Scenario named(String name) {
    return switch (name) {
      case "full" -> full();
      case "small" -> small();
      default ->
          throw new IllegalArgumentException("unknown scale '" + name + "': use full or small");
    };
  }

  public Scenario withSeed(long s) {
    return new Scenario(name, tree, tables, spec, loadsGbps, s);
  }

  public Scenario withSpec(WorkloadSpec s) {
    return new Scenario(name, tree, tables, s, loadsGbps, seed);
  }

  public double topLoadGbps() {
    return loadsGbps[loadsGbps.length - 1];
  }
}
