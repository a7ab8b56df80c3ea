// The four-class study with the 2-core nodes' memory as given and raised to 8 GB: does the gap to
// the best fixed P follow the 2-core reducers' on-disk merge? Seeds 1-5, Wordcount, 680 maps.
// Run (Java 17, single-file source): java -cp <pikachu-sim class path> SlowMemory.java <suite results.csv> <suite folder>
import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.sim.calib.Calibration;
import io.pikachu.sim.calib.EmbeddedModel;
import io.pikachu.sim.calib.SuiteRuns;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.model.JobSpec;
import java.nio.file.Paths;
import java.util.Locale;

public class SlowMemory {
  static final double[] SWEEP = {0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 8.0};

  static ClusterSpec fourClasses(int slowMemoryMb) {
    return ClusterSpec.builder("four-classes-slow-" + slowMemoryMb)
        .add(2, NodeSpec.builder("fast").cores(16).mapSlots(16).reduceSlots(2).memoryMb(32_768))
        .add(2, NodeSpec.builder("c2").cores(8).mapSlots(8).reduceSlots(2).memoryMb(16_384))
        .add(3, NodeSpec.builder("c3").cores(4).mapSlots(4).reduceSlots(2).memoryMb(8_192))
        .add(4, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2).memoryMb(slowMemoryMb))
        .build();
  }

  public static void main(String[] args) throws Exception {
    EmbeddedModel m = Calibration.fit(SuiteRuns.read(Paths.get(args[0]), Paths.get(args[1])), 4);
    for (int mem : new int[] {2_048, 8_192}) {
      ClusterSpec c = fourClasses(mem);
      for (long seed = 1; seed <= 5; seed++) {
        JobSpec job =
            JobSpec.builder(m.profile("wordcount"), 680, 64, c.totalReduceSlots())
                .name("wordcount").replication(3).seed(seed).taskNoise(0.08).build();
        double stock = new Simulation(c, job, Method.STOCK, m.platform()).run().jobSeconds();
        double two = new Simulation(c, job, Method.TWO_STAGE, m.platform()).run().jobSeconds();
        double best = Double.MAX_VALUE;
        double bestP = 0;
        for (double p : SWEEP) {
          double s = new Simulation(c, job, Method.fixed(p), m.platform()).run().jobSeconds();
          if (s < best) {
            best = s;
            bestP = p;
          }
        }
        System.out.printf(Locale.ROOT,
            "slow memory %d MB, seed %d: two-stage saves %.1f%%, best fixed P %.2f saves %.1f%%, gap %.1f points%n",
            mem, seed, 100 * (1 - two / stock), bestP, 100 * (1 - best / stock),
            100 * ((1 - best / stock) - (1 - two / stock)));
      }
    }
  }
}
