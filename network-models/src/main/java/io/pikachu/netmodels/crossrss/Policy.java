package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.lb.Registry;
import io.pikachu.netmodels.maglev.MaglevTable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The four load balancers of the seed's Fig. 2. */
public enum Policy {
  CROSSRSS("CrossRSS"),
  RR("RR"),
  HASH("HASH"),
  POW2("Pow2");

  /** The server-choice policies of the seed's Fig. 2 by their command-line names. */
  public static final Registry<Policy> REGISTRY =
      new Registry<Policy>("policy")
          .register(
              "crossrss",
              "each RSS bucket to the server whose core for it is least loaded",
              CROSSRSS)
          .register("rr", "per-connection round robin over the servers", RR)
          .register("hash", "a Maglev table over the servers", HASH)
          .register("pow2", "the less loaded of two random servers (10 Hz reports)", POW2);

  private final String label;

  Policy(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  Balancer create(Cluster cluster, RssTables rss, long seed) {
    int servers = cluster.servers();
    return switch (this) {
      case CROSSRSS -> new CrossRssBalancer(servers, cluster.cores(), rss, seed);
      case RR -> new RoundRobin(servers);
      case HASH -> new MaglevHash(servers);
      case POW2 -> new PowerOfTwo(servers, cluster.cores(), new SplittableRandom(seed ^ 0x9092L));
    };
  }

  /** Per-connection round robin over the servers (per connection, so as not to break any). */
  private static final class RoundRobin implements Balancer {
    private final int servers;
    private int next;

    RoundRobin(int servers) {
      this.servers = servers;
    }

    @Override
    public int serverFor(long key, int bucket) {
      int s = next;
      next = next + 1 == servers ? 0 : next + 1;
      return s;
    }
  }

  /** Hashing, as the load balancer of record does it: a Maglev table of the servers. */
  private static final class MaglevHash implements Balancer {
    private final MaglevTable table;

    MaglevHash(int servers) {
      List<String> names = new ArrayList<>();
      for (int s = 0; s < servers; s++) {
        names.add(String.format("server-%06d", s)); // sorted by name = sorted by id
      }
      table = MaglevTable.build(names, MaglevTable.DEFAULT_SIZE);
    }

    @Override
    public int serverFor(long key, int bucket) {
      return table.backendAt((int) Math.floorMod(key, (long) table.size()));
    }
  }

  /**
   * Power of two choices on the same reports: two servers drawn independently (they may coincide,
   * as in the seed's code), the one whose cores reported less load in total wins, the first on a
   * tie.
   */
  private static final class PowerOfTwo implements Balancer {
    private final int cores;
    private final double[] serverLoad;
    private final SplittableRandom random;

    PowerOfTwo(int servers, int cores, SplittableRandom random) {
      this.cores = cores;
      this.serverLoad = new double[servers];
      this.random = random;
    }

    @Override
    public int serverFor(long key, int bucket) {
      int a = random.nextInt(serverLoad.length);
      int b = random.nextInt(serverLoad.length);
      return serverLoad[a] > serverLoad[b] ? b : a;
    }

    @Override
    public void onReport(double[] coreLoad, long nowNs) {
      for (int s = 0; s < serverLoad.length; s++) {
        double sum = 0;
        for (int c = 0; c < cores; c++) sum += coreLoad[s * cores + c];
        serverLoad[s] = sum;
      }
    }
  }
}
