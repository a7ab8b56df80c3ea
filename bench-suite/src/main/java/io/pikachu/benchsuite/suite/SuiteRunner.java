package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.SuiteFiles;
import io.pikachu.benchsuite.demo.JobRunner;
import io.pikachu.cluster.HeteroCluster;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs the benchmark suite: for every cluster configuration one embedded cluster, on which every
 * application runs under stock Hadoop, Tarazu's estimate, the one-shot Pikachu, the two-stage
 * controller and every point of the sweep grid, repetition by repetition (interleaved, so slow
 * drifts of the machine hit all alike, Optimal included); the points that refine the sweep around
 * its best come last, since they depend on the grid's results. Every finished job is appended to
 * results.csv at once; a run that already succeeded there is skipped, so an interrupted suite
 * resumes where it stopped.
 */
public final class SuiteRunner {
  public static final String RESULTS = SuiteFiles.RESULTS;

  private final SuiteOptions options;
  private final PrintStream out;
  private final Path csv;
  private final Set<String> done;
  private final List<RunResult> results;
  private int planned;
  private int finished;

  public SuiteRunner(SuiteOptions options, PrintStream out) throws IOException {
    this.options = options;
    this.out = out;
    this.csv = options.out().resolve(RESULTS);
    if (options.fresh()) {
      deleteRecursively(options.out());
    }
    this.results = new ArrayList<>(ResultsCsv.read(csv));
    if (!ResultsCsv.isCurrent(csv)) {
      // An older file lacks the bin-map-version columns: rewrite it so that new rows line up.
      ResultsCsv.rewrite(csv, results);
      out.println("Rewrote " + csv + " with this version's columns (older runs: versions unknown)");
    }
    this.done =
        results.stream().filter(RunResult::ok).map(RunResult::key).collect(Collectors.toSet());
    if (!done.isEmpty()) {
      out.printf(Locale.ROOT, "Resuming: %d successful runs already in %s%n", done.size(), csv);
    }
  }

  public void run(List<String> commandLine) throws Exception {
    Files.createDirectories(options.out());
    SuiteSetup.write(options, commandLine, options.out());
    planned = countPlanned();
    for (SuiteCluster cluster : options.clusters()) {
      if (remaining(cluster)) {
        runOn(cluster);
      } else {
        out.println(cluster.label() + ": every planned run is already in " + csv);
      }
    }
  }

  private boolean remaining(SuiteCluster cluster) {
    if (gridKeys(cluster).stream().anyMatch(k -> !done.contains(k))) {
      return true;
    }
    // Refined points depend on results, so a configuration with a sweep is revisited unless all are
    // known.
    return options.runs("optimal")
        && options.refine()
        && options.apps().stream()
            .anyMatch(
                app ->
                    !SweepRefinement.around(gridMedians(app, cluster)).stream()
                        .allMatch(p -> allRepsDone(app, cluster, Method.fixed(p))));
  }

  /**
   * The keys of every run planned in advance on a configuration: the methods' repetitions and the
   * sweep grid.
   */
  private List<String> gridKeys(SuiteCluster config) {
    List<String> keys = new ArrayList<>();
    for (int rep = 1; rep <= options.rounds(); rep++) {
      for (SuiteApp app : options.apps()) {
        for (Method m : options.round(rep)) {
          keys.add(RunResult.key(app.label(), config.label(), m.label(), rep));
        }
      }
    }
    return keys;
  }

  private void runOn(SuiteCluster config) throws Exception {
    out.printf(
        Locale.ROOT,
        "%n== %s: starting the embedded cluster %s%n",
        config.label(),
        config.spec().nodes());
    try (HeteroCluster cluster =
        HeteroCluster.start("pikachu-suite-" + config.label(), config.spec(), null)) {
      out.println("CPU limits: " + cluster.cpuLimitMethod());
      Configuration conf = cluster.clientConfiguration();
      org.apache.hadoop.fs.Path base =
          new org.apache.hadoop.fs.Path(
              cluster.workDir().getAbsoluteFile().toURI().toString(), "suite");
      Map<SuiteApp.Input, org.apache.hadoop.fs.Path> inputs = generateInputs(conf, base);
      JobRunner jobs = new JobRunner(cluster, out);
      SuiteJob job =
          new SuiteJob(cluster, config, jobs, base, options.out(), options.jobSettings());
      for (int rep = 1; rep <= options.rounds(); rep++) {
        for (SuiteApp app : options.apps()) {
          for (Method m : options.round(rep)) {
            runOnce(job, app, inputs.get(app.input()), m, rep);
          }
        }
      }
      if (options.runs("optimal") && options.refine()) {
        for (SuiteApp app : options.apps()) {
          for (double p : SweepRefinement.around(gridMedians(app, config))) {
            planned += options.sweepReps();
            for (int rep = 1; rep <= options.sweepReps(); rep++) {
              runOnce(job, app, inputs.get(app.input()), Method.fixed(p), rep);
            }
          }
        }
      }
    }
  }

  private void runOnce(
      SuiteJob job, SuiteApp app, org.apache.hadoop.fs.Path input, Method method, int rep) {
    String key = RunResult.key(app.label(), job.config().label(), method.label(), rep);
    if (done.contains(key)) {
      return;
    }
    finished++;
    out.printf(Locale.ROOT, "%n[%d/%d] %s%n", finished, planned, key);
    RunResult result = job.run(app, input, method, rep);
    ResultsCsv.append(csv, result);
    results.add(result);
    if (result.ok()) {
      done.add(key);
      out.printf(
          Locale.ROOT,
          "%s: %.1f s, P %s%s%s%n",
          key,
          result.seconds(),
          Double.isNaN(result.fastestP())
              ? "-"
              : String.format(Locale.ROOT, "%.2f", result.fastestP()),
          result.rebalanced() ? ", rebalanced " + result.reducerBins() : "",
          result.versions().count() > 1
              ? String.format(
                  Locale.ROOT,
                  ", %d versions, final %s (provisional P %.2f)",
                  result.versions().count(),
                  result.versions().finalStage(),
                  result.versions().provisionalP())
              : "");
    } else {
      out.println(key + ": " + result.status());
    }
  }

  private Map<SuiteApp.Input, org.apache.hadoop.fs.Path> generateInputs(
      Configuration conf, org.apache.hadoop.fs.Path base) throws IOException {
    Map<SuiteApp.Input, org.apache.hadoop.fs.Path> inputs = new EnumMap<>(SuiteApp.Input.class);
    for (SuiteApp app : options.apps()) {
      if (!inputs.containsKey(app.input())) {
        org.apache.hadoop.fs.Path dir =
            new org.apache.hadoop.fs.Path(
                base, "input-" + app.input().name().toLowerCase(Locale.ROOT));
        out.printf(
            Locale.ROOT,
            "Generating %s input: %d x %d MB, seed %d%n",
            app.input().name().toLowerCase(Locale.ROOT),
            options.maps(),
            options.megabytesPerMap(),
            options.seed());
        app.input()
            .generate(
                conf, dir, options.maps(), options.megabytesPerMap() * 1_000_000L, options.seed());
        inputs.put(app.input(), dir);
      }
    }
    return inputs;
  }

  private boolean allRepsDone(SuiteApp app, SuiteCluster config, Method m) {
    for (int rep = 1; rep <= options.sweepReps(); rep++) {
      if (!done.contains(RunResult.key(app.label(), config.label(), m.label(), rep))) {
        return false;
      }
    }
    return true;
  }

  /** Median time of every grid point that has a successful run. */
  private Map<Double, Double> gridMedians(SuiteApp app, SuiteCluster config) {
    Map<Double, Double> medians = new TreeMap<>();
    for (double p : options.sweep()) {
      String label = Method.fixed(p).label();
      double[] seconds =
          results.stream()
              .filter(
                  r ->
                      r.ok()
                          && r.app().equals(app.label())
                          && r.config().equals(config.label())
                          && r.method().equals(label))
              .mapToDouble(RunResult::seconds)
              .toArray();
      if (seconds.length > 0) {
        medians.put(Method.fixed(p).fixedP(), new Median().evaluate(seconds));
      }
    }
    return medians;
  }

  /** Runs still to do, counting the grid but not refined points, which are not known yet. */
  private int countPlanned() {
    return (int)
        options.clusters().stream()
            .flatMap(c -> gridKeys(c).stream())
            .filter(k -> !done.contains(k))
            .count();
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }
}
