package io.pikachu.sim.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One job: its application, its maps' input sizes, its reducers, how its keys spread over the
 * reducers' partitions (skew), and the run's seed. Immutable; build with {@link #builder}.
 */
public final class JobSpec {
  private final String name;
  private final AppProfile app;
  private final double[] mapInputMb;
  private final int reducers;
  private final int binsPerReducer;
  private final double skew;
  private final int replication;
  private final double taskNoise;
  private final long seed;
  private final Map<String, String> pikachuConf;
  private final List<String> reducerNodes;
  private final Map<String, Double> nodeProfile;

  private JobSpec(Builder b) {
    this.name = b.name;
    this.app = b.app;
    this.mapInputMb = b.mapInputMb.clone();
    this.reducers = b.reducers;
    this.binsPerReducer = b.binsPerReducer;
    this.skew = b.skew;
    this.replication = b.replication;
    this.taskNoise = b.taskNoise;
    this.seed = b.seed;
    this.pikachuConf =
        Collections.unmodifiableMap(new LinkedHashMap<String, String>(b.pikachuConf));
    this.reducerNodes =
        b.reducerNodes == null
            ? null
            : Collections.unmodifiableList(new ArrayList<String>(b.reducerNodes));
    this.nodeProfile =
        Collections.unmodifiableMap(new LinkedHashMap<String, Double>(b.nodeProfile));
  }

  /**
   * @param maps number of maps, each reading {@code mbPerMap} MB
   * @param reducers number of reducers (0 is refused: the simulator models jobs with a reduce side)
   */
  public static Builder builder(AppProfile app, int maps, double mbPerMap, int reducers) {
    double[] in = new double[maps];
    Arrays.fill(in, mbPerMap);
    return new Builder(app, in, reducers);
  }

  public static Builder builder(AppProfile app, double[] mapInputMb, int reducers) {
    return new Builder(app, mapInputMb, reducers);
  }

  public Builder toBuilder() {
    Builder b = new Builder(app, mapInputMb, reducers);
    b.name = name;
    b.binsPerReducer = binsPerReducer;
    b.skew = skew;
    b.replication = replication;
    b.taskNoise = taskNoise;
    b.seed = seed;
    b.pikachuConf.putAll(pikachuConf);
    b.reducerNodes = reducerNodes;
    b.nodeProfile.putAll(nodeProfile);
    return b;
  }

  public String name() {
    return name;
  }

  public AppProfile app() {
    return app;
  }

  public int maps() {
    return mapInputMb.length;
  }

  public double mapInputMb(int map) {
    return mapInputMb[map];
  }

  public int reducers() {
    return reducers;
  }

  public int binsPerReducer() {
    return binsPerReducer;
  }

  /**
   * Zipf exponent of the job's partition sizes: 0 spreads keys evenly over the job's partitions; s
   * &gt; 0 makes partition i's share proportional to 1/(i+1)^s, in a seeded random order.
   */
  public double skew() {
    return skew;
  }

  /** HDFS replicas of each map's input: a map is local on the nodes that hold one. */
  public int replication() {
    return replication;
  }

  /** Log-normal sigma of each task's work around its cost (0: every task exactly its cost). */
  public double taskNoise() {
    return taskNoise;
  }

  public long seed() {
    return seed;
  }

  /** Extra {@code pikachu.*} settings for the controller (e.g. {@code pikachu.deadband}). */
  public Map<String, String> pikachuConf() {
    return pikachuConf;
  }

  /**
   * The node profile the job's controller starts from (rule {@code node-speed-from-profile}):
   * relative speeds by node name, empty for none.
   */
  public Map<String, Double> nodeProfile() {
    return nodeProfile;
  }

  /**
   * The node each reducer ran on, by reducer index, when a replay places them as they were; null:
   * placed at random over the reduce slots, as YARN does.
   */
  public List<String> reducerNodes() {
    return reducerNodes;
  }

  /** Builder of {@link JobSpec}. */
  public static final class Builder {
    private String name = "job";
    private final AppProfile app;
    private final double[] mapInputMb;
    private final int reducers;
    private int binsPerReducer = 10;
    private double skew;
    private int replication = 3;
    private double taskNoise;
    private long seed = 42;
    private final Map<String, String> pikachuConf = new LinkedHashMap<String, String>();
    private final Map<String, Double> nodeProfile = new LinkedHashMap<String, Double>();
    private List<String> reducerNodes;

    private Builder(AppProfile app, double[] mapInputMb, int reducers) {
      if (app == null) {
        throw new IllegalArgumentException("a job needs an application profile");
      }
      if (mapInputMb.length < 1) {
        throw new IllegalArgumentException("a job needs at least one map");
      }
      if (reducers < 1) {
        throw new IllegalArgumentException(
            "the job has no reducers: there is no reduce side to simulate or rebalance");
      }
      for (double v : mapInputMb) {
        if (!(v >= 0)) {
          throw new IllegalArgumentException("map input sizes must be >= 0");
        }
      }
      this.app = app;
      this.mapInputMb = mapInputMb.clone();
      this.reducers = reducers;
    }

    public Builder name(String v) {
      name = v;
      return this;
    }

    public Builder binsPerReducer(int v) {
      if (v < 1) {
        throw new IllegalArgumentException("bins per reducer must be >= 1");
      }
      binsPerReducer = v;
      return this;
    }

    public Builder skew(double v) {
      if (!(v >= 0)) {
        throw new IllegalArgumentException("skew must be >= 0");
      }
      skew = v;
      return this;
    }

    public Builder replication(int v) {
      if (v < 1) {
        throw new IllegalArgumentException("replication must be >= 1");
      }
      replication = v;
      return this;
    }

    public Builder taskNoise(double v) {
      if (!(v >= 0)) {
        throw new IllegalArgumentException("task noise must be >= 0");
      }
      taskNoise = v;
      return this;
    }

    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /** The node profile the controller starts from ({@link JobSpec#nodeProfile()}). */
    public Builder nodeProfile(Map<String, Double> speeds) {
      nodeProfile.clear();
      nodeProfile.putAll(speeds);
      return this;
    }

    public Builder pikachu(String key, String value) {
      pikachuConf.put(key, value);
      return this;
    }

    /** Places reducer r on node {@code nodes.get(r)} (a node with a free reduce slot then). */
    public Builder reducerNodes(List<String> nodes) {
      if (nodes != null && nodes.size() != reducers) {
        throw new IllegalArgumentException(
            nodes.size() + " reducer nodes for " + reducers + " reducers");
      }
      reducerNodes = nodes;
      return this;
    }

    public JobSpec build() {
      return new JobSpec(this);
    }
  }
}
