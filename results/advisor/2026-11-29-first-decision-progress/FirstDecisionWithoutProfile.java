import io.pikachu.core.decision.*;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.*;
import io.pikachu.core.decision.trace.TraceFile;
import java.nio.file.*;
import java.util.*;

public class FirstDecisionWithoutProfile {
  public static void main(String[] args) throws Exception {
    for (String a : args) {
      TraceFile t = TraceFile.read(Paths.get(a));
      ControllerConfig cfg = ControllerConfig.fromMap(t.header().config());
      for (boolean prof : new boolean[] {true, false}) {
        if (prof && t.header().profiled().isEmpty()) continue;
        JobController c = new JobController(cfg, t.header().numReducers(), t.header().slicingOrDefault());
        if (prof) c.withProfile(t.header().profiled());
        DecisionRecord r = run(c, cfg, t.reports());
        Decision p = r.versions().get(0);
        Decision f = r.last();
        System.out.printf("%s profile=%s v1 %s at T1+%.1fs maps %d: %s | final %s %s%n", a.replaceAll(".*/(rep\\d+)/.*", "$1"), prof,
            p.stage(), (p.decidedAtMs() - p.firstReducerMs()) / 1000.0, p.mapsCompleted(), classes(p), f.stage(), classes(f));
        System.out.println("      rules " + p.rules() + " bins " + p.reducerBins());
      }
    }
  }
  static DecisionRecord run(JobController controller, ControllerConfig config, List<StatusReport> reports) {
    for (StatusReport r : reports) {
      controller.onReport(r);
      controller.poll(r.timeMs());
      if (controller.isFinal()) return controller.record().get();
    }
    long end = reports.get(reports.size() - 1).timeMs();
    controller.poll(end + config.maxWaitMs());
    controller.poll(end + 2 * config.maxWaitMs());
    return controller.record().get();
  }
  static String classes(Decision d) {
    StringBuilder b = new StringBuilder();
    for (ClassMeasurement c : d.classes())
      b.append(String.format("%s%s s=%.4f P=%.2f ", c.name(), c.nodes(), c.speed() == null ? Double.NaN : c.speed(), c.p() == null ? Double.NaN : c.p()));
    return b.toString();
  }
}
