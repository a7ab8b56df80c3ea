package io.pikachu.advisor;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.sim.engine.TaskRecord;
/** Each five-node stock history replayed with Pikachu: its first decision's classes and the maps then. */
public class FirstDecisionProbe {
  public static void main(String[] args) throws Exception {
    QuietLogging.apply(false);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    File[] files = new File(args[0]).listFiles((d, n) -> n.endsWith(".jhist"));
    java.util.Arrays.sort(files);
    ReplayProfile prof = new ReplayProfile();
    for (File f : files) prof.add(JobHistory.read(fs, new Path(f.getAbsolutePath())));
    for (File f : files) {
      JobHistory h = JobHistory.read(fs, new Path(f.getAbsolutePath()));
      if (h.ranWithBins()) continue;
      JobReplay.Result r = new JobReplay(h, prof.at(h)).replay();
      Decision d = r.otherWay.decisions().versions().get(0);
      double at = (d.decidedAtMs() - 1_000_000_000_000L) / 1000.0;
      StringBuilder b = new StringBuilder();
      for (ClassMeasurement c : d.classes()) b.append(String.format(" %s%s %.4f", c.name(), c.nodes(), c.speed()));
      System.out.printf("%s first decision at maps %d (%s, final P %s):%s%n", h.jobId(), d.mapsCompleted(), d.rules(), r.otherWay.decisions().last().classes().stream().map(c -> c.name() + "=" + String.format("%.2f", c.p())).collect(java.util.stream.Collectors.toList()), b);
      for (TaskRecord t : r.otherWay.tasks()) if (!t.reduce() && t.start() < 40) System.out.printf("   map %d on %s start %.1f finish %.1f%n", t.task(), t.node(), t.start(), t.finish());
      System.out.println("   profile " + prof.at(h));
      System.out.printf("   first reducer %.1f%n", r.otherWay.firstReducerStart());
    }
  }
}
