// Usage: java -cp <sim class path> Copies.java <suite dir>. Works on the simulator as committed (one
// simulation per replay) and on patches/experiments.patch's (Calibration.replay: one per seed).
import io.pikachu.sim.calib.*;
import io.pikachu.sim.engine.*;
import io.pikachu.benchmodel.Method;
import java.nio.file.*;
import java.util.*;
// Held-back replays (each repetition by a model fitted on the others, every seed of a replay) of the
// Config-1 runs, against the measured runs: jobs whose last map was a speculative copy, copies that won,
// and each winning copy's wait from the last attempt end on its node before its launch.
public class Copies {
  static boolean copyLast(List<TaskRecord> ts) {
    TaskRecord last = null;
    for (TaskRecord t : ts) if (!t.reduce() && t.succeeded() && (last == null || t.finish() > last.finish())) last = t;
    return last != null && !last.attempt().endsWith("_0");
  }
  static void gaps(List<double[]> ts, List<Double> out) { // {isMap, isCopy, node, start, finish}
    double first = Double.MAX_VALUE;
    for (double[] t : ts) if (t[0] == 1) first = Math.min(first, t[3]);
    for (double[] t : ts) {
      if (t[0] != 1 || t[1] != 1 || t[3] < first + 1) continue;
      double last = -1;
      for (double[] u : ts) if (u != t && u[2] == t[2] && u[4] <= t[3] + 0.05) last = Math.max(last, u[4]);
      if (last >= 0) out.add(t[3] - last);
    }
  }
  public static void main(String[] a) throws Exception {
    Path root = Paths.get(a[0]);
    List<MeasuredRun> runs = SuiteRuns.read(root.resolve("results.csv"), root);
    double measLast = 0, simLast = 0, measWon = 0, simWon = 0; int n = 0, seeds = 0;
    List<Double> measGap = new ArrayList<>(), simGap = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      List<MeasuredRun> fit = new ArrayList<>(), held = new ArrayList<>();
      for (MeasuredRun r : runs) (r.rep() == rep ? held : fit).add(r);
      EmbeddedModel m = Calibration.fit(fit, 4.0);
      for (MeasuredRun r : held) {
        if (!r.config().equals("config-1")) continue;
        n++;
        List<double[]> mt = new ArrayList<>(); MeasuredRun.Task lastMap = null;
        for (MeasuredRun.Task t : r.tasks()) {
          boolean copy = !t.attempt.endsWith("_0");
          mt.add(new double[] {t.reduce ? 0 : 1, copy ? 1 : 0, t.node.hashCode(), t.start, t.finish});
          if (!t.reduce) { if (copy) measWon++; if (lastMap == null || t.finish > lastMap.finish) lastMap = t; }
        }
        if (!lastMap.attempt.endsWith("_0")) measLast++;
        gaps(mt, measGap);
        List<SimResult> rp = replays(m, r, Method.parse(r.method()));
        seeds = rp.size();
        for (SimResult s : rp) {
          List<double[]> st = new ArrayList<>();
          for (TaskRecord t : s.tasks()) {
            if (!t.succeeded()) continue;
            boolean copy = !t.attempt().endsWith("_0");
            st.add(new double[] {t.reduce() ? 0 : 1, copy ? 1 : 0, t.node().hashCode(), t.start(), t.finish()});
            if (!t.reduce() && copy) simWon += 1.0 / seeds;
          }
          if (copyLast(s.tasks())) simLast += 1.0 / seeds;
          gaps(st, simGap);
        }
      }
    }
    System.out.printf(Locale.ROOT, "Config-1, %d held-back runs, %d seed(s) per replay (figures per replay: the mean over its seeds)%n", n, seeds);
    System.out.printf(Locale.ROOT, "  jobs whose last map was a copy: measured %.0f, replayed %.1f%n", measLast, simLast);
    System.out.printf(Locale.ROOT, "  copies that won: measured %.0f, replayed %.1f%n", measWon, simWon);
    System.out.printf(Locale.ROOT, "  a winning copy's launch after the last end on its node, s: measured %s; replayed %s%n", q(measGap), q(simGap));
  }
  /** The replay's simulations: Calibration.replay's seeds where the simulator has it, else one. */
  @SuppressWarnings("unchecked")
  static List<SimResult> replays(EmbeddedModel m, MeasuredRun r, Method method) throws Exception {
    try {
      Object rp = Calibration.class.getMethod("replay", EmbeddedModel.class, MeasuredRun.class, Method.class).invoke(null, m, r, method);
      return (List<SimResult>) rp.getClass().getMethod("seeds").invoke(rp);
    } catch (NoSuchMethodException e) {
      return List.of((SimResult) Calibration.class.getMethod("simulate", EmbeddedModel.class, MeasuredRun.class, Method.class).invoke(null, m, r, method));
    }
  }
  static String q(List<Double> v) {
    Collections.sort(v);
    if (v.isEmpty()) return "none";
    return String.format(Locale.ROOT, "median %.2f (10th %.2f, 90th %.2f; n=%d)", v.get(v.size() / 2), v.get(v.size() / 10), v.get(9 * v.size() / 10), v.size());
  }
}
