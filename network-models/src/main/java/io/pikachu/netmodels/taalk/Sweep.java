package io.pikachu.netmodels.taalk;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The seed's experiment: for each load x, {@code reps} repetitions of x connections opened
 * together, under each policy. Runs are independent, so they run in parallel; each has its own
 * seed, so the results do not depend on the order they ran in.
 */
public final class Sweep {
  private final int[] loads;
  private final int reps;
  private final Map<Policy, LoadRun[][]> runs = new EnumMap<>(Policy.class);

  private Sweep(int[] loads, int reps) {
    this.loads = loads;
    this.reps = reps;
  }

  public static Sweep run(Setup base, List<Policy> policies, int[] loads, int reps) {
    if (reps < 1) throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
    Sweep s = new Sweep(loads.clone(), reps);
    for (Policy p : policies) {
      Setup setup = base.withPolicy(p);
      LoadRun[][] out = new LoadRun[loads.length][reps];
      IntStream.range(0, loads.length * reps)
          .parallel()
          .forEach(i -> out[i / reps][i % reps] = Testbed.run(setup, loads[i / reps], i % reps));
      s.runs.put(p, out);
    }
    return s;
  }

  /** Loads 1..max. */
  public static int[] loads(int max) {
    if (max < 1) throw new IllegalArgumentException("--max-load must be at least 1, got " + max);
    return IntStream.rangeClosed(1, max).toArray();
  }

  public int[] loads() {
    return loads.clone();
  }

  public int reps() {
    return reps;
  }

  public List<Policy> policies() {
    return new ArrayList<>(runs.keySet());
  }

  /** Every FCT of load index {@code li} under {@code p}, all repetitions pooled, in run order. */
  public double[] fcts(Policy p, int li) {
    LoadRun[] r = runs.get(p)[li];
    int n = 0;
    for (LoadRun x : r) n += x.fct().length;
    double[] out = new double[n];
    int k = 0;
    for (LoadRun x : r) {
      System.arraycopy(x.fct(), 0, out, k, x.fct().length);
      k += x.fct().length;
    }
    return out;
  }

  public LoadRun[] runs(Policy p, int li) {
    return runs.get(p)[li].clone();
  }

  public int indexOf(int load) {
    for (int i = 0; i < loads.length; i++) {
      if (loads[i] == load) return i;
    }
    throw new IllegalArgumentException("load " + load + " was not run");
  }
}
