package io.pikachu.netmodels.crossrss;

/**
 * A deterministic connection-level simulation of a load balancer in front of multi-core servers.
 * Connections arrive from the synthetic trace; the policy picks a server, the server's RSS table a
 * core, and the connection adds its packet rate to that core until it ends. Cores are fluid queues
 * ({@link CoreQueues}), so the cost is per connection, not per packet. Connection ends are rounded
 * up to a 0.1 ms grid and kept in a timing wheel; arrivals keep their exact times.
 *
 * <p>A connection stays on the server that accepted it, as with a stateful load balancer (the
 * seed's simulation keeps a flow table) or with the server cookie; what a stateless table-only load
 * balancer would break is counted, not simulated.
 */
public final class CrossRssSimulator {
  static final long TICK_NS = 100_000;
  private static final long WINDOW_NS = 1_000_000_000L;

  private final RunSpec spec;
  private final Cluster cluster;
  private final int cores;
  private final RssTables rss;
  private final CoreQueues queues;
  private final Balancer balancer;
  private final CrossRssBalancer table; // null unless the policy is CrossRSS
  private final ConnectionSource source;

  private final double[] reportedLoad;
  private final double[] servedAtLastReport;

  private final OpenConnections open;

  private final OpenConnections.Closer closer = this::closeAt;
  private long closing;
  private long connections;
  private long brokenWithoutConsistency;
  private long brokenWithCookie;

  private CrossRssSimulator(RunSpec spec) {
    this.spec = spec;
    this.cluster = spec.cluster();
    if (cluster.reportNs() % TICK_NS != 0) {
      throw new IllegalArgumentException(
          "report interval must be a multiple of 0.1 ms, got " + cluster.reportNs() + " ns");
    }
    this.cores = cluster.cores();
    this.rss = new RssTables(cluster.servers(), cores, cluster.rssBuckets());
    this.queues = new CoreQueues(cluster.totalCores(), cluster.corePps(), cluster.queuePackets());
    this.balancer = spec.policy().create(cluster, rss, spec.seed());
    this.table = balancer instanceof CrossRssBalancer c ? c : null;
    this.source =
        new ConnectionSource(spec.trace(), spec.load(), cluster.capacityPps(), spec.seed());
    this.open =
        new OpenConnections(
            (int)
                Math.min(
                    1 << 24, // beyond 16 million, let the table grow as needed
                    1.2
                        * cluster.totalCores()
                        * spec.trace().connectionsInFlightPerCore(cluster.corePps())));
    this.reportedLoad = new double[cluster.totalCores()];
    this.servedAtLastReport = new double[cluster.totalCores()];
  }

  public static CrossRssRun run(RunSpec spec) {
    return new CrossRssSimulator(spec).simulate();
  }

  private CrossRssRun simulate() {
    long warmupNs = (long) spec.warmupSeconds() * WINDOW_NS;
    long endNs = warmupNs + spec.windows() * WINDOW_NS;
    long ticks = endNs / TICK_NS;
    long reportEvery = cluster.reportNs() / TICK_NS;
    long windowEvery = WINDOW_NS / TICK_NS;
    int totalCores = cluster.totalCores();
    double[] servedAtWindow = new double[totalCores];
    double[] arrivedAtWindow = new double[cluster.servers()];
    double[] coreCounts = new double[totalCores];
    double[] serverCounts = new double[cluster.servers()];
    WindowVariance coreVariance = new WindowVariance();
    WindowVariance serverVariance = new WindowVariance();
    double[] atWarmupEnd = null;
    long nextReport = reportEvery;
    long nextWindow = windowEvery;
    for (long k = 0; ; k++) {
      long t = k * TICK_NS;
      boolean reportNow = k == nextReport;
      boolean windowNow = k == nextWindow;
      if (reportNow || windowNow) {
        queues.advanceAll(t);
        if (reportNow) {
          report(t);
          nextReport += reportEvery;
        }
        if (windowNow) {
          nextWindow += windowEvery;
          for (int c = 0; c < totalCores; c++) {
            coreCounts[c] = queues.served(c) - servedAtWindow[c];
            servedAtWindow[c] = queues.served(c);
          }
          for (int s = 0; s < cluster.servers(); s++) {
            double arrived = 0;
            for (int c = s * cores; c < (s + 1) * cores; c++) arrived += queues.arrived(c);
            serverCounts[s] = arrived - arrivedAtWindow[s];
            arrivedAtWindow[s] = arrived;
          }
          if (t > warmupNs) {
            coreVariance.addWindow(coreCounts);
            serverVariance.addWindow(serverCounts);
          }
        }
      }
      if (t == warmupNs) {
        queues.advanceAll(t);
        atWarmupEnd = totals();
      }
      if (k == ticks) break;
      closing = t;
      open.closeDue((int) k, closer);
      long limit = t + TICK_NS;
      while (source.arrivalNs < limit) {
        start(source.arrivalNs);
        source.next();
      }
    }
    double[] atEnd = totals();
    open.forEachOpen(this::countBroken); // connections still open at the end of the run
    return new CrossRssRun(
        spec,
        coreVariance.variance(),
        serverVariance.variance(),
        atEnd[0] - atWarmupEnd[0],
        atEnd[1] - atWarmupEnd[1],
        atEnd[2] - atWarmupEnd[2],
        connections,
        table == null ? -1 : brokenWithoutConsistency,
        table == null ? -1 : brokenWithCookie,
        table == null ? 0 : table.entriesRewritten(),
        open.maxOpen());
  }

  private double[] totals() {
    double[] t = new double[3];
    for (int c = 0; c < queues.size(); c++) {
      t[0] += queues.arrived(c);
      t[1] += queues.served(c);
      t[2] += queues.dropped(c);
    }
    return t;
  }

  private void report(long t) {
    double alpha = cluster.reportAlpha();
    for (int c = 0; c < reportedLoad.length; c++) {
      double served = queues.served(c) - servedAtLastReport[c];
      servedAtLastReport[c] = queues.served(c);
      reportedLoad[c] = alpha * served + (1 - alpha) * reportedLoad[c];
    }
    balancer.onReport(reportedLoad, t);
  }

  private void start(long t) {
    long k = source.key;
    int b = rss.bucketOf(cluster.rssOnHostPair() ? source.pairKey : k);
    int server = balancer.serverFor(k, b);
    int c = server * cores + rss.core(server, b);
    queues.advance(c, t);
    queues.addRate(c, source.ratePps);
    long durationNs = (long) Math.ceil(source.packets / source.ratePps * 1e9);
    long endsAt = (t + durationNs + TICK_NS - 1) / TICK_NS;
    if (endsAt > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a connection outlasts the simulator's clock");
    }
    int flowHash = (int) k;
    open.open(
        (int) endsAt,
        c,
        (int) source.ratePps,
        b,
        (int) (t / TICK_NS),
        ServerCookie.encode(server, flowHash),
        flowHash);
    connections++;
  }

  private void closeAt(int c, int rate, int bucket, int startTick, int cookie, int flowHash) {
    queues.advance(c, closing);
    queues.addRate(c, -rate);
    countBroken(c, rate, bucket, startTick, cookie, flowHash);
  }

  /**
   * A connection is broken under table-only routing if its bucket's entry changed while it was open
   * (at its start the entry named its server); under the cookie, if the cookie names another.
   */
  private void countBroken(int c, int rate, int bucket, int startTick, int cookie, int flowHash) {
    if (table == null) return;
    if (table.lastChangeNs(bucket) > startTick * TICK_NS) brokenWithoutConsistency++;
    if (ServerCookie.decode(cookie, flowHash) != c / cores) brokenWithCookie++;
  }
}
