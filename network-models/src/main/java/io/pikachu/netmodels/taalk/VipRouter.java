package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Router;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The seed's router: the client addresses it (the virtual IP); it hands each packet of the client
 * to a load balancer chosen at random ("to partially simulate ECMP", without hashing), and forwards
 * the servers' replies to the client.
 */
final class VipRouter extends Router {
  final List<Balancer> balancers = new ArrayList<>();
  private final SplittableRandom random;

  VipRouter(Network net, SplittableRandom random) {
    super(net, "router");
    this.random = random;
  }

  @Override
  public boolean addressable() {
    return true;
  }

  @Override
  public void receive(int p, Port from) {
    Packets pk = network().packets();
    if (pk.dst(p) == id()) pk.setDst(p, balancers.get(random.nextInt(balancers.size())).id());
    forward(p);
  }
}
