package io.pikachu.advisor;

import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.sim.engine.SimResult;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Prints each history's replayed decisions: classes and reducer bins, as ran and the other way. */
public class ReplayProbe {
  public static void main(String[] args) throws Exception {
    QuietLogging.apply(false);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    File[] files = new File(args[0]).listFiles((d, n) -> n.endsWith(".jhist"));
    java.util.Arrays.sort(files);
    for (File f : files) {
      JobHistory h = JobHistory.read(fs, new Path(f.getAbsolutePath()));
      JobReplay.Result r = new JobReplay(h).replay();
      System.out.println(h.jobId() + " bins=" + h.ranWithBins() + " p=" + r.p + " nodes: " + r.nodes);
      print("as ran", r.asRan);
      print("other", r.otherWay);
      for (JobHistory.Attempt a : h.successful(true)) {
        System.out.printf("   measured reducer %d on %s: %.1f MB%n", a.task, a.node, a.shuffleMb);
      }
    }
  }

  static void print(String label, SimResult s) {
    if (s.decisions() == null) {
      System.out.println("  " + label + ": no decisions, " + s.jobSeconds());
      return;
    }
    for (Decision d : s.decisions().versions()) {
      StringBuilder b = new StringBuilder();
      for (ClassMeasurement c : d.classes()) {
        b.append(" [").append(c.name()).append(' ').append(c.nodes()).append(" speed ").append(c.speed())
            .append(" cap ").append(c.reducerCapacity()).append(" p ").append(c.p()).append(']');
      }
      System.out.println("  " + label + " " + s.jobSeconds() + " " + d.estimator() + " " + d.reason() + " bins "
          + d.reducerBins() + " classes " + d.reducerClasses() + b);
    }
    System.out.println("  " + label + " applied " + s.appliedBinRatio());
  }
}
