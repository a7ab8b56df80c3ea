package io.pikachu.netmodels.net;

/**
 * Told of every packet arriving at a switch, before it is forwarded: how a stale queue table learns
 * from incoming packets (DRILL's per-packet updates).
 */
public interface ArrivalObserver {
  void onArrival(int packet, Port from);
}
