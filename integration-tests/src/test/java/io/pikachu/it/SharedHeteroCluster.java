package io.pikachu.it;

import io.pikachu.cluster.ClusterSpec;
import io.pikachu.cluster.ClusterSpec.SlotConfig;
import io.pikachu.cluster.HeteroCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One small heterogeneous cluster (a 1-core fast node, a 0.25-core slow node, Config-1) for every
 * test class of this module that asks for it: starting and stopping a cluster costs about 40 s, so
 * it is started once and closed when the whole test run ends.
 */
public final class SharedHeteroCluster implements BeforeAllCallback {
  private static final String KEY = SharedHeteroCluster.class.getName();

  /** What a test class needs of the cluster; {@code base} is a folder of its own. */
  public record Handle(HeteroCluster cluster, Configuration conf, FileSystem fs, Path base) {}

  private record Running(HeteroCluster cluster)
      implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() {
      cluster.close();
    }
  }

  private static volatile HeteroCluster current;

  @Override
  public void beforeAll(ExtensionContext context) {
    current =
        context
            .getRoot()
            .getStore(ExtensionContext.Namespace.GLOBAL)
            .getOrComputeIfAbsent(KEY, key -> new Running(start()), Running.class)
            .cluster();
  }

  /** The cluster, with a folder named after the calling test class. */
  public static Handle forClass(Class<?> testClass) throws IOException {
    Configuration conf = current.clientConfiguration();
    Path base =
        new Path(current.workDir().getAbsoluteFile().toURI().toString(), testClass.getSimpleName());
    return new Handle(current, conf, FileSystem.get(conf), base);
  }

  private static HeteroCluster start() {
    try {
      return HeteroCluster.start(
          "integration-tests", ClusterSpec.heterogeneous(1, 1, 0.25, 4, SlotConfig.CONFIG_1), null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
