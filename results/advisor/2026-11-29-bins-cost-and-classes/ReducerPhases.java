package io.pikachu.advisor;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Prints each successful reducer of every history (stdout: set, job, name, ran with bins, maps,
 * reducers, job s, map phase s, reducer, node, start s, shuffle end s, finish s, MB copied, CPU s)
 * and each successful map (stderr: job, bins, node, start s, finish s, input MB, CPU s).
 */
public class ReducerPhases {
  public static void main(String[] args) throws Exception {
    QuietLogging.apply(false);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    for (int k = 1; k < args.length; k++) {
      File[] files = new File(args[k]).listFiles((d, n) -> n.endsWith(".jhist"));
      java.util.Arrays.sort(files);
      for (File f : files) {
        JobHistory h;
        try { h = JobHistory.read(fs, new Path(f.getAbsolutePath())); } catch (Exception e) { continue; }
        long launch = h.launchMs();
        for (JobHistory.Attempt a : h.successful(true)) {
          System.out.printf(java.util.Locale.ROOT, "%s %s %s %s %d %d %.2f %.2f %d %s %.2f %.2f %.2f %.3f %.3f%n", args[0], h.jobId(), h.name(), h.ranWithBins(),
              h.totalMaps(), h.totalReduces(), h.jobSeconds(), h.mapPhaseSeconds(), a.task, a.node,
              a.start / 1000.0, a.shuffleDone / 1000.0, a.finish / 1000.0, a.shuffleMb, a.cpuS);
        }
        for (JobHistory.Attempt a : h.successful(false)) {
          System.err.printf(java.util.Locale.ROOT, "%s %s %s %.2f %.2f %.3f %.3f%n", h.jobId(), h.ranWithBins(), a.node, a.start/1000.0, a.finish/1000.0, a.inputMb, a.cpuS);
        }
      }
    }
  }
}
