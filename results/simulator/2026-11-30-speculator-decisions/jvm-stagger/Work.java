import java.lang.management.ManagementFactory;
public class Work {
  public static void main(String[] a) throws Exception {
    long t0 = ManagementFactory.getRuntimeMXBean().getStartTime();
    org.apache.hadoop.mapred.JobConf conf = new org.apache.hadoop.mapred.JobConf();
    org.apache.hadoop.fs.FileSystem.getLocal(conf).listStatus(new org.apache.hadoop.fs.Path("/tmp"));
    Class.forName("org.apache.hadoop.yarn.conf.YarnConfiguration").getConstructor().newInstance();
    long booted = System.currentTimeMillis();
    // about 1.5 core-s of single-threaded work with allocation, like a map's parse and sort
    java.util.Random r = new java.util.Random(1);
    long sum = 0;
    for (int i = 0; i < 60; i++) {
      int[] x = new int[200_000];
      for (int j = 0; j < x.length; j++) x[j] = r.nextInt();
      java.util.Arrays.sort(x);
      sum += x[7];
    }
    long end = System.currentTimeMillis();
    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    System.out.printf("%s JVM start (s mod 100) %.2f, boot %.2f life %.2f s, CPU %.2f core-s (%d)%n", a[0], (t0 % 100000) / 1000.0, (booted - t0) / 1000.0, (end - t0) / 1000.0, os.getProcessCpuTime() / 1e9, sum % 10);
  }
}
