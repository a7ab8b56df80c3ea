package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.maglev.FiveTuple;

/**
 * The stateless fix for table rewrites, after Cheetah (Barbette et al., NSDI 2020): the server that
 * accepts a connection is written into a 16-bit cookie the connection carries from then on (Cheetah
 * uses the TCP timestamp or a QUIC connection id), masked by a hash of the connection's 32-bit flow
 * hash so that it does not reveal the server. The load balancer uses its table only for a
 * connection's first packet and routes every later one by the cookie, so rewriting the table breaks
 * no connection and the load balancer keeps no per-connection state.
 */
final class ServerCookie {
  static final int MAX_SERVERS = 1 << 16;

  private ServerCookie() {}

  static int encode(int server, int flowHash) {
    if (server < 0 || server >= MAX_SERVERS) {
      throw new IllegalArgumentException(
          "a 16-bit cookie names at most " + MAX_SERVERS + " servers, got server " + server);
    }
    return (server ^ mask(flowHash)) & 0xffff;
  }

  static int decode(int cookie, int flowHash) {
    return (cookie ^ mask(flowHash)) & 0xffff;
  }

  private static int mask(int flowHash) {
    return (int) (FiveTuple.fmix64(flowHash ^ 0x0c00_c1e5L) >>> 48);
  }
}
