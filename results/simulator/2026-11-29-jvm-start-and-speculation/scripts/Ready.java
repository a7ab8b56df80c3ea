import io.pikachu.sim.calib.*;
import io.pikachu.sim.engine.*;
import io.pikachu.benchmodel.Method;
import java.nio.file.*;
import java.util.*;
/**
 * For each held-back run of a suite run set (fitted as `sim validate` fits: on the other repetitions'
 * stock runs, without the bins cost, which acts after the shuffle only): the simulated speculative
 * copies against the measured ones, whether the last map was a copy (simulated/measured), the reduce
 * tail and map phase (simulated/measured), the reducers' launch, each reducer's shuffle end relative
 * to the last map (simulated, measured), and each simulated reducer's launch and JVM ready relative to
 * the last map with launch-to-ready in brackets (s = slow node, f = fast node), to set beside the
 * containers' logs (../2026-11-29-fixed-p-today/jvmready-output.txt).
 * Run: java -cp <pikachu-sim classpath> Ready.java <suite run set>
 */
public class Ready {
  public static void main(String[] a) throws Exception {
    Path root = Paths.get(a[0]);
    List<MeasuredRun> runs = SuiteRuns.read(root.resolve("results.csv"), root);
    TreeSet<Integer> reps = new TreeSet<>();
    for (MeasuredRun r : runs) reps.add(r.rep());
    for (int k : reps) {
      List<MeasuredRun> fit = new ArrayList<>(), held = new ArrayList<>();
      for (MeasuredRun r : runs) (r.rep() == k ? held : fit).add(r);
      EmbeddedModel m = Calibration.fit(fit, 4.0);
      System.out.println("rep " + k + " " + m.describe().split("\n")[0]);
      for (MeasuredRun r : held) {
        SimResult s = Calibration.simulate(m, r, Method.parse(r.method()));
        double lastMap = 0;
        for (TaskRecord t : s.tasks()) if (!t.reduce() && t.succeeded()) lastMap = Math.max(lastMap, t.finish());
        StringBuilder b = new StringBuilder();
        for (TaskRecord t : s.tasks()) if (t.reduce())
          b.append(String.format(Locale.ROOT, " %s:launch%+.0f/ready%+.1f(%.0f)", t.nodeLabel().substring(0,1)+t.node().replaceAll("\\D",""), t.start()-lastMap, t.ready()-lastMap, t.ready()-t.start()));
        String lastId = ""; for (TaskRecord t : s.tasks()) if (!t.reduce() && t.succeeded() && t.finish()==lastMap) lastId=t.attempt()+"@"+t.node();
        double mLaunch = 1e9; for (MeasuredRun.Task t : r.reducers()) mLaunch=Math.min(mLaunch,t.start);
        double sLaunch = 1e9; for (TaskRecord t : s.tasks()) if (t.reduce()) sLaunch=Math.min(sLaunch,t.start());
        StringBuilder sh = new StringBuilder(); for (TaskRecord t : s.tasks()) if (t.reduce()) sh.append(String.format(Locale.ROOT," %s%.1f", t.node().substring(0,1), t.shuffleDone()-lastMap));
        StringBuilder mh = new StringBuilder(); double mLast=r.mapPhaseSeconds(); for (MeasuredRun.Task t : r.reducers()) mh.append(String.format(Locale.ROOT," %s%.1f", t.node.substring(0,1), t.shuffleDone-mLast));
        int sc=0, sw=0; for (TaskRecord t : s.tasks()) if (!t.reduce() && t.attempt().endsWith("_1")) { sc++; if (t.succeeded()) sw++; }
        int mw=0; for (MeasuredRun.Task t : r.maps()) if (t.attempt.endsWith("_1")) mw++;
        System.out.printf(Locale.ROOT, "copies sim %d (won %d) meas won %d | ", sc, sw, mw);
        System.out.printf(Locale.ROOT, "%-10s r%d copy=%s/%s tail %.1f/%.1f map %.1f/%.1f launch %.1f/%.1f shufEnd sim[%s] meas[%s] ready%s%n", r.method(), r.rep(), lastId.contains("_1@"), r.lastMapWasACopy(), s.reduceTailSeconds(), r.reduceTailSeconds(), s.mapPhaseSeconds(), r.mapPhaseSeconds(), sLaunch, mLaunch, sh, mh, b);
      }
    }
  }
}
