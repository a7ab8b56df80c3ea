package io.pikachu.netmodels.net;

/** One end of a connection at a host (a TCP sender or receiver); it consumes its packets. */
public interface Endpoint {
  void receive(int packet);
}
