import java.io.FileWriter;
import java.lang.management.ManagementFactory;

/** Appends, at the JVM's exit, its container, start, exit and process CPU, with a CPU sample every 250 ms. */
public class CpuAgent {
  public static void premain(String args) {
    final long start = ManagementFactory.getRuntimeMXBean().getStartTime();
    final long premain = System.currentTimeMillis();
    final com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    final StringBuffer samples = new StringBuffer();
    Thread sampler = new Thread(() -> {
      try {
        while (true) {
          samples.append(System.currentTimeMillis() - start).append(':').append(os.getProcessCpuTime() / 1_000_000).append(' ');
          Thread.sleep(250);
        }
      } catch (InterruptedException e) {
        // exit
      }
    }, "cpu-agent");
    sampler.setDaemon(true);
    sampler.start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      long end = System.currentTimeMillis();
      String line = System.getenv("CONTAINER_ID") + " start " + start + " premain " + premain + " end " + end
          + " cpu_ms " + os.getProcessCpuTime() / 1_000_000 + " samples " + samples + "\n";
      try (FileWriter w = new FileWriter("/tmp/pikachu-agent/jvmcpu.log", true)) {
        w.write(line);
      } catch (Exception e) {
        // nothing to do
      }
    }));
  }
}
