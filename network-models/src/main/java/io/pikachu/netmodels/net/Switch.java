package io.pikachu.netmodels.net;

import java.util.Arrays;

/** A switch: forwards every packet toward its destination; observers see each arrival first. */
public final class Switch extends Router {
  private ArrivalObserver[] observers = new ArrivalObserver[0];

  public Switch(Network net, String name) {
    super(net, name);
  }

  public void addObserver(ArrivalObserver o) {
    observers = Arrays.copyOf(observers, observers.length + 1);
    observers[observers.length - 1] = o;
  }

  @Override
  public void receive(int packet, Port from) {
    for (ArrivalObserver o : observers) o.onArrival(packet, from);
    forward(packet);
  }
}
