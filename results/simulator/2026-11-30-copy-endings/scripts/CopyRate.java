import io.pikachu.sim.calib.*;
import io.pikachu.sim.engine.*;
import io.pikachu.sim.model.*;
import io.pikachu.benchmodel.Method;
import java.nio.file.*;
import java.util.*;
// Held-back replays (each repetition by a model fitted on the others): per run, whether the measured
// job's last map was a speculative copy and in how many of S seeds the replay's was; copies that won.
// Usage: CopyRate <suite dir> <task noise> <seeds> [perrun]
public class CopyRate {
  static boolean copyLast(List<TaskRecord> ts) {
    TaskRecord last = null;
    for (TaskRecord t : ts) if (!t.reduce() && t.succeeded() && (last == null || t.finish() > last.finish())) last = t;
    return last != null && !last.attempt().endsWith("_0");
  }
  static int copiesWon(List<TaskRecord> ts) {
    int n = 0;
    for (TaskRecord t : ts) if (!t.reduce() && t.succeeded() && !t.attempt().endsWith("_0")) n++;
    return n;
  }
  public static void main(String[] a) throws Exception {
    Path root = Paths.get(a[0]);
    double noise = Double.parseDouble(a[1]); int seeds = Integer.parseInt(a[2]);
    boolean perRun = a.length > 3;
    List<MeasuredRun> runs = SuiteRuns.read(root.resolve("results.csv"), root);
    Map<String,double[]> agg = new TreeMap<>();
    for (int rep = 1; rep <= 3; rep++) {
      List<MeasuredRun> fit = new ArrayList<>(), held = new ArrayList<>();
      for (MeasuredRun r : runs) (r.rep() == rep ? held : fit).add(r);
      if (held.isEmpty()) continue;
      EmbeddedModel m = Calibration.fit(fit, 4.0);
      for (MeasuredRun r : held) {
        Path tasks = root.resolve("runs").resolve(r.app()).resolve(r.config()).resolve(r.method()).resolve("rep" + r.rep()).resolve("tasks.csv");
        List<String> lines = Files.readAllLines(tasks);
        String lastA = null; double lastF = -1; int measWon = 0;
        for (String l : lines.subList(1, lines.size())) {
          String[] f = l.split(",");
          if (!f[1].equals("map")) continue;
          if (!f[0].endsWith("_0")) measWon++;
          if (Double.parseDouble(f[6]) > lastF) { lastF = Double.parseDouble(f[6]); lastA = f[0]; }
        }
        boolean meas = !lastA.endsWith("_0");
        int simCopy = 0, simWon = 0;
        for (int s = 1; s <= seeds; s++) {
          JobSpec j = noise == 0 && seeds == 1 ? m.job(r) : m.job(r).toBuilder().taskNoise(noise).seed(s).build();
          SimResult res = new Simulation(EmbeddedModel.cluster(r), j, Method.parse(r.method()), m.embeddedPlatform(r.app())).run();
          if (copyLast(res.tasks())) simCopy++;
          simWon += copiesWon(res.tasks());
        }
        if (perRun) System.out.printf(Locale.ROOT, "run %s %s %s %d measured_copy_last %b simulated_copy_last %d/%d%n", r.app(), r.config(), r.method(), r.rep(), meas, simCopy, seeds);
        for (String k : new String[] {r.config() + " " + r.method(), r.config() + " all"}) {
          double[] c = agg.computeIfAbsent(k, x -> new double[5]);
          c[0]++; if (meas) c[1]++; c[2] += simCopy / (double) seeds; c[3] += measWon; c[4] += simWon / (double) seeds;
        }
      }
    }
    System.out.printf("%-26s %5s %12s %12s %11s %11s%n", "cluster method", "runs", "copy last:", "", "copies won:", "");
    System.out.printf("%-26s %5s %12s %12s %11s %11s%n", "", "", "measured", "replayed", "measured", "replayed");
    for (Map.Entry<String,double[]> e : agg.entrySet()) {
      double[] c = e.getValue();
      System.out.printf(Locale.ROOT, "%-26s %5.0f %12.0f %12.1f %11.0f %11.1f%n", e.getKey(), c[0], c[1], c[2], c[3], c[4]);
    }
  }
}
