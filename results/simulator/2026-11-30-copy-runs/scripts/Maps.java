import io.pikachu.sim.calib.*;
import io.pikachu.sim.engine.*;
import io.pikachu.benchmodel.Method;
import java.nio.file.*;
import java.util.*;
public class Maps {
  public static void main(String[] a) throws Exception {
    Path root = Paths.get(a[0]);
    List<MeasuredRun> runs = SuiteRuns.read(root.resolve("results.csv"), root);
    String app=a[1], cfg=a[2]; int rep=Integer.parseInt(a[3]);
    List<MeasuredRun> fit = new ArrayList<>(), held = new ArrayList<>();
    for (MeasuredRun r : runs) (r.rep() == rep ? held : fit).add(r);
    EmbeddedModel m = Calibration.fit(fit, 4.0);
    for (MeasuredRun r : held) {
      if (!r.app().equals(app) || !r.config().equals(cfg)) continue;
      if (a.length > 4 && !r.method().equals(a[4])) continue;
      SimResult s = Calibration.simulate(m, r, Method.parse(r.method()));
      System.out.printf(Locale.ROOT,"== %s map %.1f/%.1f tail %.1f/%.1f%n", r.method(), s.mapPhaseSeconds(), r.mapPhaseSeconds(), s.reduceTailSeconds(), r.reduceTailSeconds());
      List<TaskRecord> ts = new ArrayList<>(s.tasks()); ts.sort(Comparator.comparingDouble(TaskRecord::start));
      for (TaskRecord t : ts) System.out.printf(Locale.ROOT,"  %s %s %s %.1f ready %.1f -> %.1f %s%n", t.reduce()?"R":"M", t.attempt().substring(t.attempt().length()-8), t.node(), t.start(), t.ready(), t.finish(), t.succeeded()?"":"killed");
    }
  }
}
