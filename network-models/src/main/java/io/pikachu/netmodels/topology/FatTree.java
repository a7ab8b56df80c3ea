package io.pikachu.netmodels.topology;

/**
 * The three-tier FatTree of section 3.8.1: containers of ToR and Agg switches, every ToR wired to
 * every Agg of its container, and Core switches split into one plane per Agg index (Agg j of every
 * container is wired to the cores of plane j). Links are directed (full duplex), so each cable is
 * two links with the same capacity.
 *
 * <p>Switch ids: ToRs {@code [0, tors)}, then Aggs container-major, then Cores plane-major. Link
 * ids: ToR uplinks, ToR downlinks, Agg-to-Core uplinks, Core-to-Agg downlinks, each block indexed
 * so that the analytic load model can address a link without a lookup table.
 */
public final class FatTree {
  public enum Kind {
    TOR,
    AGG,
    CORE
  }

  private final int containers;
  private final int torsPerContainer;
  private final int aggsPerContainer;
  private final int cores;
  private final int serversPerTor;
  private final double torAggGbps;
  private final double aggCoreGbps;

  public FatTree(
      int containers,
      int torsPerContainer,
      int aggsPerContainer,
      int cores,
      int serversPerTor,
      double torAggGbps,
      double aggCoreGbps) {
    require(containers >= 1, "containers must be >= 1, got " + containers);
    require(torsPerContainer >= 1, "torsPerContainer must be >= 1, got " + torsPerContainer);
    require(aggsPerContainer >= 1, "aggsPerContainer must be >= 1, got " + aggsPerContainer);
    require(
        cores >= aggsPerContainer && cores % aggsPerContainer == 0,
        "cores must be a positive multiple of aggsPerContainer ("
            + aggsPerContainer
            + "), got "
            + cores);
    require(serversPerTor >= 1, "serversPerTor must be >= 1, got " + serversPerTor);
    require(torAggGbps > 0 && aggCoreGbps > 0, "link capacities must be positive");
    this.containers = containers;
    this.torsPerContainer = torsPerContainer;
    this.aggsPerContainer = aggsPerContainer;
    this.cores = cores;
    this.serversPerTor = serversPerTor;
    this.torAggGbps = torAggGbps;
    this.aggCoreGbps = aggCoreGbps;
  }

  /**
   * The production datacenter of section 3.8.1: 40 containers x (40 ToRs + 4 Aggs), 40 Cores, ~50k
   * servers.
   */
  public static FatTree paperScale() {
    return new FatTree(40, 40, 4, 40, 31, 10, 40);
  }

  /**
   * A k-ary fat-tree (Al-Fares et al.): k containers (pods) of k/2 ToRs and k/2 Aggs, (k/2)^2
   * cores, k/2 servers per ToR, every link at one rate.
   */
  public static FatTree kAry(int k, double gbps) {
    require(k >= 2 && k % 2 == 0, "k must be even and >= 2: " + k);
    int half = k / 2;
    return new FatTree(k, half, half, half * half, half, gbps, gbps);
  }

  /** Whether this is {@link #kAry}'s shape (for descriptions). */
  public boolean isKAry() {
    int half = containers / 2;
    return containers % 2 == 0
        && torsPerContainer == half
        && aggsPerContainer == half
        && cores == half * half
        && serversPerTor == half
        && torAggGbps == aggCoreGbps;
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException("FatTree: " + message);
    }
  }

  public int containers() {
    return containers;
  }

  public int torsPerContainer() {
    return torsPerContainer;
  }

  public int aggsPerContainer() {
    return aggsPerContainer;
  }

  public int cores() {
    return cores;
  }

  public int coresPerPlane() {
    return cores / aggsPerContainer;
  }

  public int serversPerTor() {
    return serversPerTor;
  }

  public int tors() {
    return containers * torsPerContainer;
  }

  public int aggs() {
    return containers * aggsPerContainer;
  }

  public int switches() {
    return tors() + aggs() + cores;
  }

  public int servers() {
    return tors() * serversPerTor;
  }

  public int torOfServer(int server) {
    return server / serversPerTor;
  }

  public int containerOfTor(int tor) {
    return tor / torsPerContainer;
  }

  public int tor(int container, int index) {
    return container * torsPerContainer + index;
  }

  public int agg(int container, int plane) {
    return tors() + container * aggsPerContainer + plane;
  }

  public int core(int plane, int index) {
    return tors() + aggs() + plane * coresPerPlane() + index;
  }

  public Kind kind(int sw) {
    if (sw < 0 || sw >= switches()) {
      throw new IllegalArgumentException(
          "no switch with id " + sw + " (0.." + (switches() - 1) + ")");
    }
    if (sw < tors()) return Kind.TOR;
    return sw < tors() + aggs() ? Kind.AGG : Kind.CORE;
  }

  /** Container of a ToR or Agg; -1 for a Core, which belongs to no container. */
  public int containerOf(int sw) {
    return switch (kind(sw)) {
      case TOR -> sw / torsPerContainer;
      case AGG -> (sw - tors()) / aggsPerContainer;
      case CORE -> -1;
    };
  }

  /** Plane (Agg index) of an Agg or Core; -1 for a ToR. */
  public int planeOf(int sw) {
    return switch (kind(sw)) {
      case TOR -> -1;
      case AGG -> (sw - tors()) % aggsPerContainer;
      case CORE -> (sw - tors() - aggs()) / coresPerPlane();
    };
  }

  /** Index of a Core inside its plane. */
  public int coreIndexOf(int sw) {
    if (kind(sw) != Kind.CORE)
      throw new IllegalArgumentException("switch " + sw + " is not a core");
    return (sw - tors() - aggs()) % coresPerPlane();
  }

  // ---- links ----
  public int links() {
    return 2 * tors() * aggsPerContainer + 2 * aggs() * coresPerPlane();
  }

  public int torUp(int tor, int plane) {
    return tor * aggsPerContainer + plane;
  }

  public int torDown(int tor, int plane) {
    return tors() * aggsPerContainer + tor * aggsPerContainer + plane;
  }

  public int aggUp(int container, int plane, int coreIndex) {
    return 2 * tors() * aggsPerContainer
        + (container * aggsPerContainer + plane) * coresPerPlane()
        + coreIndex;
  }

  public int aggDown(int container, int plane, int coreIndex) {
    return 2 * tors() * aggsPerContainer
        + aggs() * coresPerPlane()
        + (container * aggsPerContainer + plane) * coresPerPlane()
        + coreIndex;
  }

  public double capacityGbps(int link) {
    return link < 2 * tors() * aggsPerContainer ? torAggGbps : aggCoreGbps;
  }

  /** Tail switch of a directed link. */
  public int linkFrom(int link) {
    return endpoints(link)[0];
  }

  /** Head switch of a directed link. */
  public int linkTo(int link) {
    return endpoints(link)[1];
  }

  private int[] endpoints(int link) {
    int torLinks = tors() * aggsPerContainer;
    int aggLinks = aggs() * coresPerPlane();
    if (link < 0 || link >= links()) throw new IllegalArgumentException("no link with id " + link);
    if (link < 2 * torLinks) {
      int l = link % torLinks;
      int tor = l / aggsPerContainer;
      int agg = agg(containerOfTor(tor), l % aggsPerContainer);
      return link < torLinks ? new int[] {tor, agg} : new int[] {agg, tor};
    }
    int l = (link - 2 * torLinks) % aggLinks;
    int aggIdx = l / coresPerPlane();
    int container = aggIdx / aggsPerContainer;
    int plane = aggIdx % aggsPerContainer;
    int agg = agg(container, plane);
    int core = core(plane, l % coresPerPlane());
    return link - 2 * torLinks < aggLinks ? new int[] {agg, core} : new int[] {core, agg};
  }

  public String describe(int sw) {
    return switch (kind(sw)) {
      case TOR -> "ToR" + sw;
      case AGG -> "Agg(c" + containerOf(sw) + ",p" + planeOf(sw) + ")";
      case CORE -> "Core(p" + planeOf(sw) + ",#" + coreIndexOf(sw) + ")";
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FatTree t
        && t.containers == containers
        && t.torsPerContainer == torsPerContainer
        && t.aggsPerContainer == aggsPerContainer
        && t.cores == cores
        && t.serversPerTor == serversPerTor
        && t.torAggGbps == torAggGbps
        && t.aggCoreGbps == aggCoreGbps;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(
        containers,
        torsPerContainer,
        aggsPerContainer,
        cores,
        serversPerTor,
        torAggGbps,
        aggCoreGbps);
  }

  @Override
  public String toString() {
    return containers
        + " containers x ("
        + torsPerContainer
        + " ToRs + "
        + aggsPerContainer
        + " Aggs), "
        + cores
        + " Cores, "
        + servers()
        + " servers";
  }
}
