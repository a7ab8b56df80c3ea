package io.pikachu.advisor;
import java.io.File;
import java.util.*;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.commons.math3.stat.regression.SimpleRegression;
public class ReducerCpuLines {
  public static void main(String[] args) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    File[] files = new File(args[0]).listFiles((d, n) -> n.endsWith(".jhist"));
    Arrays.sort(files);
    Map<String,Double> lastStock = new HashMap<>();
    for (File f : files) {
      JobHistory h = JobHistory.read(fs, new Path(f.getAbsolutePath()));
      SimpleRegression r = new SimpleRegression();
      List<Double> cpm = new ArrayList<>();
      for (JobHistory.Attempt a : h.successful(true)) { r.addData(a.shuffleMb, a.cpuS); cpm.add(a.cpuS/a.shuffleMb);}
      Collections.sort(cpm);
      double med = (cpm.get(2)+cpm.get(3))/2;
      if (!h.ranWithBins()) { System.out.printf(Locale.ROOT,"%s %-14s STOCK medCPM=%.4f%n", h.jobId(), h.name(), med); }
      else System.out.printf(Locale.ROOT,"%s %-14s BINS  medCPM=%.4f  a=%.3f b=%.4f R2=%.3f%n", h.jobId(), h.name(), med, r.getIntercept(), r.getSlope(), r.getRSquare());
    }
  }
}
