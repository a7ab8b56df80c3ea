package io.pikachu.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file system the bin-map store really lives on. A {@code viewfs://} path is a mount point: the
 * object-store rule must judge what it is mounted on (s3a, abfs, hdfs), not the view's own scheme.
 * Resolving asks the file system, so only the AM does it, once per job; every task follows the
 * layout the AM wrote.
 */
final class StoreScheme {
  private static final Logger LOG = LoggerFactory.getLogger(StoreScheme.class);

  /**
   * What an unresolvable mount counts as: a store without atomic rename, so Pikachu steps aside.
   */
  static final String UNRESOLVED = "s3a";

  private StoreScheme() {}

  /** The scheme of the file system the job's bin-map base directory resolves to. */
  static String resolved(Configuration conf) {
    Optional<Path> base = FsBinMapStore.baseDirectory(conf);
    if (!base.isPresent()) {
      return "";
    }
    String scheme = VirtualBinsConfig.schemeOf(base.get().toUri(), conf);
    if (!"viewfs".equalsIgnoreCase(scheme)) {
      return scheme;
    }
    try {
      FileSystem fs = base.get().getFileSystem(conf);
      Path target = fs.resolvePath(nearestExisting(fs, fs.makeQualified(base.get())));
      return VirtualBinsConfig.schemeOf(target.toUri(), conf);
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "Pikachu: cannot resolve the mount point of the bin-map store {} ({}); treating it as an"
              + " object store",
          base.get(),
          e.toString());
      return UNRESOLVED;
    }
  }

  /** {@code path} or its nearest ancestor that exists: a mount resolves through either. */
  private static Path nearestExisting(FileSystem fs, Path path) throws IOException {
    for (Path p = path; p != null; p = p.getParent()) {
      try {
        fs.getFileStatus(p);
        return p;
      } catch (FileNotFoundException e) {
        // try the parent
      }
    }
    throw new FileNotFoundException("no part of " + path + " exists");
  }
}
