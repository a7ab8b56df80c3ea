package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.maglev.FiveTuple;
import io.pikachu.netmodels.maglev.MaglevTable;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Router;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A stateless L4 load balancer, processing one packet at a time ({@link Fifo}: {@code packetCost}
 * for every packet it sends on, so a duplicated SYN costs d times; the seed's balancers were
 * user-space programs). A SYN goes to the servers its policy names (TAALK: a copy to each of d
 * hashed servers; random: one server at random; Maglev: the table's server); every other packet
 * goes to the server named by the mark the client echoes (TAALK, random) or by the 5-tuple
 * (Maglev). No balancer keeps per-connection state, so any of them can take any packet.
 */
final class Balancer extends Router {
  private final Policy policy;
  private final List<Host> servers;
  private final Connections connections;
  private final SplittableRandom random;
  private final MaglevTable table;
  private final Fifo fifo;
  private final long packetCostPs;
  private long synCopies;
  private long unmarked;

  Balancer(
      Network net,
      String name,
      Policy policy,
      List<Host> servers,
      Connections connections,
      SplittableRandom random,
      MaglevTable table,
      long packetCostPs,
      int capacity) {
    super(net, name);
    this.packetCostPs = packetCostPs;
    this.fifo = new Fifo(net.sim(), capacity, this::balance);
    this.policy = policy;
    this.servers = servers;
    this.connections = connections;
    this.random = random;
    this.table = table;
  }

  @Override
  public boolean addressable() {
    return true;
  }

  @Override
  public void receive(int p, Port from) {
    Packets pk = network().packets();
    if (pk.dst(p) != id()) {
      forward(p);
      return;
    }
    boolean syn = pk.has(p, Packets.SYN) && !pk.has(p, Packets.ACK);
    int sends = syn && policy == Policy.TAALK ? connections.choice().d() : 1;
    if (!fifo.offer(p, sends * packetCostPs)) pk.free(p);
  }

  private void balance(int p) {
    Packets pk = network().packets();
    FiveTuple t = connections.tuple(pk, p);
    boolean syn = pk.has(p, Packets.SYN) && !pk.has(p, Packets.ACK);
    if (policy == Policy.MAGLEV) {
      // Backends are named s000, s001, ...: the table's sorted order is the server index.
      send(p, table.backendAt((int) Math.floorMod(t.hash(), (long) table.size())));
    } else if (syn && policy == Policy.RANDOM) {
      send(p, random.nextInt(servers.size()));
    } else if (syn) {
      for (int s : connections.choice().choose(t)) {
        int copy = pk.copy(p);
        synCopies++;
        send(copy, s);
      }
      pk.free(p);
    } else {
      int mark = connections.marks().read(pk.tsEcr(p));
      int server = mark < 0 ? -1 : connections.serverOf(t, mark, policy);
      if (server < 0) {
        unmarked++; // nothing names a server: the seed's balancer would drop it too
        pk.free(p);
        return;
      }
      send(p, server);
    }
  }

  private void send(int p, int server) {
    network().packets().setDst(p, servers.get(server).id());
    forward(p);
  }

  long synCopies() {
    return synCopies;
  }

  double busySeconds() {
    return fifo.busySeconds();
  }

  long dropped() {
    return fifo.dropped();
  }

  long unmarked() {
    return unmarked;
  }
}
