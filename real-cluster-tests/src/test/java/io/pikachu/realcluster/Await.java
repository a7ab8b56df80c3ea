package io.pikachu.realcluster;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** Waiting for a daemon to be ready, failing at once, with its log, if it died meanwhile. */
final class Await {
  private Await() {}

  static void until(
      String what, Duration timeout, Callable<Boolean> ready, List<JavaProcess> watched)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception last = null;
    while (System.nanoTime() < deadline) {
      for (JavaProcess p : watched) {
        if (!p.isAlive()) {
          throw new IllegalStateException(
              p.name() + " exited while waiting for " + what + "; " + p.tail(40));
        }
      }
      try {
        if (ready.call()) {
          return;
        }
      } catch (Exception e) {
        last = e;
      }
      Thread.sleep(500);
    }
    StringBuilder message =
        new StringBuilder("timed out after " + timeout.toSeconds() + " s waiting for " + what);
    if (last != null) {
      message.append("; last probe failed with ").append(last);
    }
    for (JavaProcess p : watched) {
      message.append('\n').append(p.tail(20));
    }
    throw new IllegalStateException(message.toString());
  }
}
