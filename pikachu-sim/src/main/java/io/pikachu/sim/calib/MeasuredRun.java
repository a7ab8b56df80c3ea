package io.pikachu.sim.calib;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One job measured on the embedded cluster, from the suite's files: what ran where, and its times
 * in seconds from the job's launch.
 */
public final class MeasuredRun {
  private final String app;
  private final String config;
  private final String method;
  private final int rep;
  private final double jobSeconds;
  private final double mapsDoneSeconds;
  private final double movedMb;
  private final List<Node> nodes;
  private final List<Task> tasks;
  private final RunPlugin plugin;

  /**
   * @param plugin what the run's plugin could do
   */
  public MeasuredRun(
      String app,
      String config,
      String method,
      int rep,
      double jobSeconds,
      double mapsDoneSeconds,
      double movedMb,
      List<Node> nodes,
      List<Task> tasks,
      RunPlugin plugin) {
    this.app = app;
    this.config = config;
    this.method = method;
    this.rep = rep;
    this.jobSeconds = jobSeconds;
    this.mapsDoneSeconds = mapsDoneSeconds;
    this.movedMb = movedMb;
    this.nodes = Collections.unmodifiableList(new ArrayList<Node>(nodes));
    this.tasks = Collections.unmodifiableList(new ArrayList<Task>(tasks));
    this.plugin = plugin;
  }

  /** What the run's plugin could do. */
  public RunPlugin plugin() {
    return plugin;
  }

  public String app() {
    return app;
  }

  public String config() {
    return config;
  }

  public String method() {
    return method;
  }

  public int rep() {
    return rep;
  }

  public double jobSeconds() {
    return jobSeconds;
  }

  public double mapPhaseSeconds() {
    return mapsDoneSeconds;
  }

  /**
   * MB re-fetched or dropped after a new bin map (0 where nothing moved once fetched, or unknown).
   */
  public double movedMb() {
    return movedMb;
  }

  public double reduceTailSeconds() {
    return jobSeconds - mapsDoneSeconds;
  }

  public List<Node> nodes() {
    return nodes;
  }

  public List<Task> tasks() {
    return tasks;
  }

  public List<Task> maps() {
    List<Task> m = new ArrayList<Task>();
    for (Task t : tasks) {
      if (!t.reduce) {
        m.add(t);
      }
    }
    return m;
  }

  public List<Task> reducers() {
    List<Task> r = new ArrayList<Task>();
    for (Task t : tasks) {
      if (t.reduce) {
        r.add(t);
      }
    }
    return r;
  }

  /** Bytes all reducers copied, MB. */
  public double shuffledMb() {
    double s = 0;
    for (Task t : reducers()) {
      s += t.shuffleMb;
    }
    return s;
  }

  /**
   * Whether the map that ended last was a speculative copy (attempt 1 or later): its original was
   * killed when it won.
   */
  public boolean lastMapWasACopy() {
    Task last = null;
    for (Task t : maps()) {
      if (last == null || t.finish > last.finish) {
        last = t;
      }
    }
    return last != null && last.attempt != null && !last.attempt.endsWith("_0");
  }

  public String key() {
    return app + "/" + config + "/" + method + "/" + rep;
  }

  /** A node as {@code nodes.csv} describes it. */
  public static final class Node {
    public final String name;
    public final double cpus;
    public final int mapSlots;
    public final int reduceSlots;
    public final String label;

    public Node(String name, double cpus, int mapSlots, int reduceSlots, String label) {
      this.name = name;
      this.cpus = cpus;
      this.mapSlots = mapSlots;
      this.reduceSlots = reduceSlots;
      this.label = label;
    }
  }

  /** A successful attempt as {@code tasks.csv} describes it. */
  public static final class Task {
    /** The attempt's id; attempt 0 of a task is its original, higher ones re-runs or copies. */
    public final String attempt;

    public final boolean reduce;
    public final String node;
    public final double start;
    public final double shuffleDone;
    public final double sortDone;
    public final double finish;
    public final double shuffleMb;
    public final double cpuS;

    public Task(
        String attempt,
        boolean reduce,
        String node,
        double start,
        double shuffleDone,
        double sortDone,
        double finish,
        double shuffleMb,
        double cpuS) {
      this.attempt = attempt;
      this.reduce = reduce;
      this.node = node;
      this.start = start;
      this.shuffleDone = shuffleDone;
      this.sortDone = sortDone;
      this.finish = finish;
      this.shuffleMb = shuffleMb;
      this.cpuS = cpuS;
    }
  }
}
