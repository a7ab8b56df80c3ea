import io.pikachu.sim.calib.*;
import io.pikachu.sim.engine.*;
import io.pikachu.sim.model.Method;
import java.nio.file.*;
import java.util.*;

/** Per held-back run: the last reducer's lag after the last map and its post-shuffle, measured and predicted. */
public class Decomp {
  public static void main(String[] a) throws Exception {
    Path dir = Paths.get(a[0]);
    List<MeasuredRun> runs = SuiteRuns.read(dir.resolve("results.csv"), dir);
    Path bdir = Paths.get(a[1]);
    Map<String, Double> bins = Calibration.binsMergeCost(SuiteRuns.read(bdir.resolve("results.csv"), bdir));
    Validation v = Validation.run(runs, 4, bins);
    System.out.println("app,config,method,rep,node_class,who,mb,lag,post,merge,reduce");
    for (Validation.Row row : v.rows()) {
      MeasuredRun r = row.run;
      EmbeddedModel m = v.models().get(r.rep());
      SimResult s = Calibration.simulate(m, r, Method.parse(r.method()));
      double mapEndM = 0;
      for (MeasuredRun.Task t : r.maps()) mapEndM = Math.max(mapEndM, t.finish);
      Map<String, String> cls = new HashMap<>();
      for (MeasuredRun.Node n : r.nodes()) cls.put(n.name, n.label);
      for (MeasuredRun.Task t : r.reducers()) {
        System.out.printf(Locale.ROOT, "%s,%s,%s,%d,%s,meas,%.2f,%.2f,%.2f,%.2f,%.2f%n", r.app(), r.config(), r.method(), r.rep(), cls.get(t.node), t.shuffleMb, t.shuffleDone - mapEndM, t.finish - t.shuffleDone, t.sortDone - t.shuffleDone, t.finish - t.sortDone);
      }
      double mapEndP = 0;
      for (TaskRecord t : s.tasks()) if (!t.reduce() && t.succeeded()) mapEndP = Math.max(mapEndP, t.finish());
      for (TaskRecord t : s.reducers()) {
        System.out.printf(Locale.ROOT, "%s,%s,%s,%d,%s,pred,%.2f,%.2f,%.2f,%.2f,%.2f%n", r.app(), r.config(), r.method(), r.rep(), t.nodeLabel(), t.heldMb(), t.shuffleDone() - mapEndP, t.finish() - t.shuffleDone(), t.sortDone() - t.shuffleDone(), t.finish() - t.sortDone());
      }
    }
  }
}
