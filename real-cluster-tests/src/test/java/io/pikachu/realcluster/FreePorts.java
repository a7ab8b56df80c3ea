package io.pikachu.realcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/** Free loopback ports, each handed out once; the daemons bind them a few seconds later. */
final class FreePorts {
  private final Set<Integer> given = new HashSet<>();

  int next() {
    for (int attempt = 0; attempt < 100; attempt++) {
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        int port = socket.getLocalPort();
        if (given.add(port)) {
          return port;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("no free loopback port", e);
      }
    }
    throw new IllegalStateException("no new free loopback port after 100 attempts");
  }

  /** {@code 127.0.0.1:<a free port>} */
  String address() {
    return ClusterSite.HOST + ":" + next();
  }
}
