package io.pikachu.it;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.SlotConfig;
import io.pikachu.cluster.HeteroCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The embedded clusters of this module, each started once and shared by every test class that asks
 * for its kind: starting and stopping a cluster costs about 40 s. Only one runs at a time (two
 * MiniYARNClusters in one JVM share static state); test classes are ordered by kind ({@code
 * junit-platform.properties}), so each kind starts once, and the last one is closed when the test
 * run ends.
 */
public final class SharedCluster implements BeforeAllCallback {

  /** Which cluster a test class runs on. */
  public enum Kind {
    /**
     * Three equal NodeManagers without a real CPU limit: for exactness and fault tests, which only
     * need a real shuffle between nodes, as fast as the machine allows.
     */
    PLAIN(ClusterSpec.homogeneous(3, 2.0, 8, 6)),
    /** A 1-core fast node and a 0.25-core slow node with Config-1 slots: a rebalancing cluster. */
    HETERO(ClusterSpec.heterogeneous(1, 1, 0.25, 4, SlotConfig.CONFIG_1)),
    /**
     * Two equal NodeManagers whose ShuffleHandlers serve only TLS ({@code
     * mapreduce.shuffle.ssl.enabled}), with keystores made by Hadoop's own test utilities.
     */
    ENCRYPTED(ClusterSpec.homogeneous(2, 2.0, 8, 6)),
    /** As {@link #PLAIN}, for a test that stops one of its nodes: started for it alone, last. */
    DISPOSABLE(ClusterSpec.homogeneous(3, 2.0, 8, 6));

    private final ClusterSpec spec;

    Kind(ClusterSpec spec) {
      this.spec = spec;
    }
  }

  /** Puts a test class on a shared cluster of the given kind. */
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @Inherited
  @ExtendWith(SharedCluster.class)
  public @interface On {
    Kind value();
  }

  /** What a test class needs of the cluster; {@code base} is a folder of its own. */
  public record Handle(HeteroCluster cluster, Configuration conf, FileSystem fs, Path base) {

    /**
     * The client settings plus what every small test job wants: a small sort buffer, reducers from
     * the start, and no speculation, which would only add attempts a test does not expect.
     */
    public Configuration jobConf() {
      Configuration c = new Configuration(conf);
      c.setInt(MRJobConfig.IO_SORT_MB, 16);
      c.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 0f);
      c.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
      c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
      return c;
    }
  }

  private static final String KEY = SharedCluster.class.getName();
  private static Kind currentKind;
  private static HeteroCluster current;

  /** Closes whichever cluster runs when the whole test run ends. */
  private static final class Closer implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() {
      stopCurrent();
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    Kind kind = context.getRequiredTestClass().getAnnotation(On.class).value();
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(KEY, key -> new Closer(), Closer.class);
    use(kind);
  }

  private static synchronized void use(Kind kind) {
    if (current != null && currentKind == kind) {
      return;
    }
    stopCurrent();
    try {
      Configuration settings = testSettings(kind);
      if (kind == Kind.ENCRYPTED) {
        EncryptedShuffle.configure(settings);
      }
      current = HeteroCluster.start("it-" + kind.name().toLowerCase(), kind.spec, settings);
      currentKind = kind;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static synchronized void stopCurrent() {
    if (current != null) {
      current.close();
      current = null;
      currentKind = null;
    }
  }

  /**
   * Settings that cost a test time and mean nothing for what it checks: a job client polls for
   * completion every 5 s by default, and NodeManagers and AMs heartbeat once a second.
   */
  private static Configuration testSettings(Kind kind) {
    Configuration c = new Configuration(false);
    c.setInt("mapreduce.client.completion.pollinterval", 200);
    c.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
    c.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 250);
    c.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 250);
    if (kind == Kind.DISPOSABLE) {
      // the node a test stops is declared lost after 10 s instead of 10 min. Only here: on a loaded
      // 2-core CI machine a live NodeManager can miss 10 s of heartbeats, and a node declared lost
      // takes its AMs with it, so a test that expects one AM attempt would see two.
      c.setInt("yarn.nm.liveness-monitor.expiry-interval-ms", 10_000);
    }
    return c;
  }

  /** The running cluster, with a folder named after the calling test class. */
  public static synchronized Handle forClass(Class<?> testClass) throws IOException {
    Configuration conf = current.clientConfiguration();
    Path base =
        new Path(current.workDir().getAbsoluteFile().toURI().toString(), testClass.getSimpleName());
    return new Handle(current, conf, FileSystem.get(conf), base);
  }
}
