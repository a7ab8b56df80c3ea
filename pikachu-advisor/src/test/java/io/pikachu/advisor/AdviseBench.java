package io.pikachu.advisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * The advisor's speed figure: {@code advise} over {@code n} history files (copies of the files in a
 * folder, renamed so each is its own job file), timed from listing to the last advice. Printed, not
 * asserted.
 */
public final class AdviseBench {
  private AdviseBench() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: AdviseBench <folder of .jhist files> <number of files>");
      System.exit(2);
    }
    Path source = Paths.get(args[0]);
    int n = Integer.parseInt(args[1]);
    List<Path> originals = new ArrayList<Path>();
    try (java.util.stream.Stream<Path> s = Files.list(source)) {
      s.filter(p -> p.getFileName().toString().endsWith(".jhist")).sorted().forEach(originals::add);
    }
    if (originals.isEmpty()) {
      throw new IOException("no .jhist files in " + source);
    }
    Path dir = Files.createTempDirectory("advise-bench");
    for (int i = 0; i < n; i++) {
      Path from = originals.get(i % originals.size());
      Files.copy(
          from,
          dir.resolve(String.format(Locale.ROOT, "copy%05d-%s", i, from.getFileName())),
          StandardCopyOption.REPLACE_EXISTING);
    }
    Configuration conf = new Configuration();
    long t0 = System.nanoTime();
    List<org.apache.hadoop.fs.Path> files =
        Advisor.historyFiles(conf, new org.apache.hadoop.fs.Path(dir.toUri()));
    Advisor.Report r = Advisor.advise(conf, files, null);
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "advise over %d history files: %.1f s wall on %d cores (%d jobs replayed, %d unusable;"
            + " target < 60 s)%n",
        files.size(),
        s,
        Runtime.getRuntime().availableProcessors(),
        r.jobs.size(),
        r.bad.size());
    for (org.apache.hadoop.fs.Path f : files) {
      Files.delete(Paths.get(f.toUri()));
    }
    Files.delete(dir);
  }
}
