package io.pikachu.netmodels.crossrss;

/** How the load balancer picks a server for a new connection. */
interface Balancer {
  /** The server for a connection with 5-tuple hash {@code key} and RSS bucket {@code bucket}. */
  int serverFor(long key, int bucket);

  /**
   * The 10 Hz load report: {@code coreLoad[server * cores + core]} is each core's smoothed load
   * (packets served per report interval). Balancers that ignore load do nothing.
   */
  default void onReport(double[] coreLoad, long nowNs) {}
}
