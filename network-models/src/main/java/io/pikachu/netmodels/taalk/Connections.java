package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.maglev.FiveTuple;
import io.pikachu.netmodels.net.Packets;

/**
 * What load balancers and servers agree on without talking: how a client packet's 5-tuple is read,
 * TAALK's hash functions, and the primes of the marks.
 */
final class Connections {
  private static final int TCP = 6;
  private final int clientAddress;
  private final int vip;
  private final ServerChoice choice;
  private final Marks marks;

  /**
   * @param clientAddress the client's IP address in this run (varied per run, so that Maglev's
   *     hashing sees other tuples in each repetition, as a client's ephemeral ports would be)
   */
  Connections(int clientAddress, int vip, ServerChoice choice, int servers) {
    this.clientAddress = clientAddress;
    this.vip = vip;
    this.choice = choice;
    this.marks = new Marks(Math.max(servers, choice.d()));
  }

  /** The 5-tuple of a packet the client sent (a SYN, or a later one). */
  FiveTuple tuple(Packets pk, int p) {
    return new FiveTuple(clientAddress, vip, pk.srcPort(p), pk.dstPort(p), TCP);
  }

  ServerChoice choice() {
    return choice;
  }

  Marks marks() {
    return marks;
  }

  /**
   * The server a mark names: under TAALK mark j is hash function j's server; under random choice
   * mark i is server i (the seed's two endpoints, 65537 and 65539, generalised to one prime each).
   */
  int serverOf(FiveTuple t, int mark, Policy policy) {
    if (policy == Policy.TAALK) return mark < choice.d() ? choice.choose(t)[mark] : -1;
    return mark;
  }

  /**
   * The mark server {@code server} puts on connection {@code t}, or -1 if it should not have it.
   */
  int markOf(FiveTuple t, int server, Policy policy) {
    return policy == Policy.TAALK ? choice.indexOf(t, server) : server;
  }
}
