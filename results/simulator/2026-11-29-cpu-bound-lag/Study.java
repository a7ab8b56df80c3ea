import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.sim.calib.Calibration;
import io.pikachu.sim.calib.EmbeddedModel;
import io.pikachu.sim.calib.SuiteRuns;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.model.Clusters;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.paper.PaperFigures;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The study of this run set: on the paper's 7 nodes (Config-1, 680 maps of 64 MB, task noise 0.08),
 * for each application, fast-core speed and seed, stock, two-stage and the fixed-P sweep of
 * PaperFigures.SWEEP (or two-stage only), one CSV row per run. Run from pikachu-sim/ (it reads the
 * suite's runs as the simulator's commands do):
 *
 * <pre>java -cp SIM_CLASS_PATH:. Study all|two-stage APPS SPEEDS SEEDS > runs.csv</pre>
 */
public class Study {
  public static void main(String[] a) throws Exception {
    boolean all = a[0].equals("all");
    String[] apps = a[1].split(",");
    String[] speeds = a[2].split(",");
    int seeds = Integer.parseInt(a[3]);
    EmbeddedModel m =
        Calibration.fit(
            SuiteRuns.read(
                Paths.get("../results/cluster/2026-11-25-suite/results.csv"),
                Paths.get("../results/cluster/2026-11-25-suite")),
            4);
    System.out.println(
        "app,fast_core_speed,seed,method,job_s,map_s,tail_s,p,applied_ratio,final_rules,fast_cpu_of_fair_share");
    for (String app : apps) {
      for (String sp : speeds) {
        double speed = Double.parseDouble(sp);
        ClusterSpec c = Clusters.named("paper-7", speed);
        for (int seed = 1; seed <= seeds; seed++) {
          JobSpec job =
              JobSpec.builder(m.profile(app), 680, 64, c.totalReduceSlots())
                  .binsPerReducer(10)
                  .seed(seed)
                  .taskNoise(0.08)
                  .build();
          List<Method> methods = new ArrayList<>();
          if (all) {
            methods.add(Method.parse("stock"));
          }
          methods.add(Method.parse("two-stage"));
          if (all) {
            for (double p : PaperFigures.SWEEP) {
              methods.add(Method.fixed(p));
            }
          }
          for (Method method : methods) {
            SimResult r = new Simulation(c, job, method, m.platform()).run();
            String rules = "";
            String fair = "";
            if (r.decisions() != null && method.equals(Method.parse("two-stage"))) {
              Decision d = r.decisions().last();
              rules = String.join(" ", d.rules());
              try {
                ClassMeasurement fast = d.classes().get(0);
                fair = fast.cpuOfFairShare() == null ? "" : String.format(Locale.ROOT, "%.3f", fast.cpuOfFairShare());
              } catch (NoSuchMethodError e) {
                fair = "n/a"; // the code before the rule has no such field
              }
            }
            System.out.printf(
                Locale.ROOT,
                "%s,%s,%d,%s,%.1f,%.1f,%.1f,%.3f,%.3f,%s,%s%n",
                app,
                sp,
                seed,
                method,
                r.jobSeconds(),
                r.mapPhaseSeconds(),
                r.reduceTailSeconds(),
                r.controllerP(),
                r.appliedRatio("fast", "slow"),
                rules,
                fair);
            System.out.flush();
          }
        }
      }
    }
  }
}
