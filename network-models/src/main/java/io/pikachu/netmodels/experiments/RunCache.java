package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.metrics.FctSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * One file per finished run, named by a hash of what defines the run (model version, setup, TCP
 * settings, load, scheme, seed) and holding that description and the run's point: a sweep of a
 * hundred runs can be done in parts and resumed. Doubles are written exactly, so a point read back
 * prints as it was.
 */
final class RunCache {
  /**
   * Part of every run's key. Raise it with any change to the engine, the transport, the selectors,
   * the workloads or the metrics that changes a run's result: a cache made by older code then
   * misses instead of passing off stale points as new ones.
   */
  static final int MODEL_VERSION = 2;

  private final Path dir;

  RunCache(Path dir) {
    this.dir = dir;
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IllegalArgumentException("--cache: cannot create " + dir + ": " + e.getMessage());
    }
  }

  private Path file(String key) {
    long h = 0xcbf29ce484222325L;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return dir.resolve(String.format("%016x.run", h));
  }

  /** The point stored for this run (load and scheme left for the caller to set), or null. */
  Point get(String key) {
    Path f = file(key);
    if (!Files.isRegularFile(f)) return null;
    try {
      List<String> lines = Files.readAllLines(f);
      if (lines.size() < 2 || !lines.get(0).equals(key)) return null; // a hash collision
      String[] v = lines.get(1).split(" ");
      int flows = Integer.parseInt(v[0]);
      return new Point(
          0,
          null,
          flows,
          Long.parseLong(v[1]),
          new FctSummary(
              flows, Double.parseDouble(v[2]), Double.parseDouble(v[3]), Double.parseDouble(v[4])),
          Double.parseDouble(v[5]),
          Double.parseDouble(v[6]),
          Double.parseDouble(v[7]),
          Double.parseDouble(v[8]),
          Long.parseLong(v[9]));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "--cache: unreadable run file " + f + ": " + e.getMessage());
    }
  }

  void put(String key, Point p) {
    String line =
        String.join(
            " ",
            Integer.toString(p.flows()),
            Long.toString(p.unfinished()),
            Double.toString(p.fct().meanMs()),
            Double.toString(p.fct().medianMs()),
            Double.toString(p.fct().p99Ms()),
            Double.toString(p.smallMeanMs()),
            Double.toString(p.largeMeanMs()),
            Double.toString(p.queueLeaf()),
            Double.toString(p.queueSpine()),
            Long.toString(p.drops()));
    Path f = file(key);
    // Written aside and moved into place: a sweep killed while writing leaves no half file.
    Path tmp = f.resolveSibling(f.getFileName() + "." + Thread.currentThread().getId() + ".tmp");
    try {
      Files.writeString(tmp, key + "\n" + line + "\n");
      Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
