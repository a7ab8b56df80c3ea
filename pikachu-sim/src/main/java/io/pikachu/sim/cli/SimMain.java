package io.pikachu.sim.cli;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.CommandLines;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.SlotConfig;
import io.pikachu.benchmodel.SuiteFiles;
import io.pikachu.sim.calib.BinsPostShuffle;
import io.pikachu.sim.calib.Calibration;
import io.pikachu.sim.calib.EmbeddedModel;
import io.pikachu.sim.calib.MeasuredRun;
import io.pikachu.sim.calib.NoiseFloor;
import io.pikachu.sim.calib.Stats;
import io.pikachu.sim.calib.SuiteRuns;
import io.pikachu.sim.calib.Validation;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.engine.TaskRecord;
import io.pikachu.sim.model.Clusters;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.paper.FigureSettings;
import io.pikachu.sim.paper.PaperFigures;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * The simulator's commands: {@code validate} (fit on the suite's runs, predict held-back ones),
 * {@code fig2-2}, {@code fig2-7} (with Table 2.1), {@code fig2-9}, {@code beyond}, {@code bytes}
 * (issue 43's skew and class studies, bins by bytes and by counts), {@code simulate} (one job) and
 * {@code bench} (speed figures).
 */
public final class SimMain {

  static final String COMMANDS =
      "validate, fig2-2, fig2-7, fig2-9, sensitivity, beyond, bytes, paper, simulate, bench";

  private SimMain() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.println(usage());
      return 0;
    }
    String command = args[0];
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    try {
      CommandLine line = CommandLines.parseOptions(options(), rest, usage());
      Path out0 = Paths.get(line.getOptionValue("out", "target/sim"));
      Files.createDirectories(out0);
      switch (command) {
        case "validate":
          return validate(line, out0, out);
        case "fig2-2":
          figures(line, out0, out).fig22();
          return 0;
        case "fig2-7":
          figures(line, out0, out).fig27();
          return 0;
        case "fig2-9":
          figures(line, out0, out).fig29();
          return 0;
        case "beyond":
          figures(line, out0, out).beyond();
          return 0;
        case "bytes":
          figures(line, out0, out).bytes(line.getOptionValue("part", "all"));
          return 0;
        case "sensitivity":
          figures(line, out0, out).sensitivity();
          return 0;
        case "paper":
          PaperFigures f = figures(line, out0, out);
          f.fig22();
          f.fig27();
          f.fig29();
          f.sensitivity();
          return 0;
        case "simulate":
          return simulate(line, out);
        case "bench":
          return bench(line, out);
        default:
          err.println("unknown command '" + command + "'; commands: " + COMMANDS);
          return 2;
      }
    } catch (CommandLines.UsageException e) {
      if (e.isHelp()) {
        out.println(e.getMessage());
        return 0;
      }
      err.println(command + ": " + e.getMessage());
      return 2;
    } catch (IllegalArgumentException e) {
      err.println(command + ": " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println(command + ": " + e.getMessage());
      return 1;
    }
  }

  static Options options() {
    return new Options()
        .addOption(
            CommandLines.valued(
                "results",
                "the suite's results.csv (default ../results/cluster/2026-11-25-suite/results.csv)"))
        .addOption(
            CommandLines.valued(
                "runs",
                "folder holding the suite's runs/ (default"
                    + " ../results/cluster/2026-11-25-suite)"))
        .addOption(CommandLines.valued("out", "output folder (default target/sim)"))
        .addOption(
            CommandLines.valued(
                "reducer-cores",
                "figures: the most cores one reducer may use (default: the calibrated 1.2)"))
        .addOption(
            CommandLines.valued(
                "fast-core-speed",
                "figures: per-core speed of the paper's 7-node cluster's fast nodes over its slow"
                    + " ones' (default 1)"))
        .addOption(
            CommandLines.valued(
                "seeds",
                "figures: seeds 1..N; every cell is their mean with its 95% interval (default 5)"))
        .addOption(
            CommandLines.valued("mb-per-map", "input per map of the suite's runs, MB (default 4)"))
        .addOption(
            CommandLines.valued(
                "bins-runs",
                "validate: a suite folder (results.csv and runs/) whose reducers' phase times give"
                    + " what bins do to a reducer's post-shuffle work (default"
                    + " ../results/cluster/2026-11-24-suite; none: no cost)"))
        .addOption(
            CommandLines.valued(
                "part", "bytes: skew, classes or all (default all): which studies to run"))
        .addOption(CommandLines.valued("app", "simulate: application (default wordcount)"))
        .addOption(
            CommandLines.valued(
                "cluster", "simulate: " + String.join(", ", Clusters.NAMES) + " (default paper-7)"))
        .addOption(
            CommandLines.valued(
                "method",
                "simulate: stock, tarazu, pikachu, two-stage, two-stage-counts, fixed-<P>"))
        .addOption(CommandLines.valued("maps", "simulate: maps (default 680)"))
        .addOption(
            CommandLines.valued(
                "bins-per-reducer", "simulate: virtual bins per reducer (default 10)"))
        .addOption(
            CommandLines.valued(
                "skew",
                "simulate: Zipf exponent of the partitions' sizes (default 0: even partitions)"))
        .addOption(
            CommandLines.valued(
                "set",
                "simulate: the job's Pikachu settings, key=value[,key=value...] (e.g."
                    + " pikachu.allocation.by-bytes=false)"))
        .addOption(
            CommandLines.valued(
                "seed", "simulate: seed of input placement and task noise (default 42)"))
        .addOption(
            CommandLines.valued(
                "task-noise",
                "log-normal sigma of each task's work: figures (default 0.08, measured on the"
                    + " suite's maps), simulate (default 0)"))
        .addOption(CommandLines.help());
  }

  static String usage() {
    return CommandLines.usage("sim <command> [options]", "Commands: " + COMMANDS, options());
  }

  static List<MeasuredRun> suite(CommandLine line) throws IOException {
    Path results =
        Paths.get(
            line.getOptionValue("results", "../results/cluster/2026-11-25-suite/results.csv"));
    Path runs = Paths.get(line.getOptionValue("runs", "../results/cluster/2026-11-25-suite"));
    if (!Files.isRegularFile(results)) {
      throw new IOException("no suite results at " + results.toAbsolutePath() + " (--results)");
    }
    return SuiteRuns.read(results, runs);
  }

  static double mbPerMap(CommandLine line) {
    return Double.parseDouble(line.getOptionValue("mb-per-map", "4"));
  }

  static int validate(CommandLine line, Path out, PrintStream log) throws IOException {
    List<MeasuredRun> runs = suite(line);
    long t0 = System.nanoTime();
    String binsFrom = line.getOptionValue("bins-runs", "../results/cluster/2026-11-24-suite");
    java.util.Map<String, BinsPostShuffle> binsCost = java.util.Collections.emptyMap();
    if (!binsFrom.equals("none")) {
      Path dir = Paths.get(binsFrom);
      binsCost = BinsPostShuffle.measure(SuiteRuns.read(dir.resolve(SuiteFiles.RESULTS), dir));
    }
    Validation v = Validation.run(runs, mbPerMap(line), binsCost);
    v.writeCsv(out.resolve("validation.csv"));
    StringBuilder md = new StringBuilder();
    md.append("Held-back runs: each repetition predicted by a model fitted on the stock runs of")
        .append(" the others (")
        .append(runs.size())
        .append(" runs). Cells: median absolute error [95% interval] (the noise floor: what an")
        .append(" exact model would miss by, the median |log ratio| of two rounds of the same")
        .append(" application, cluster and method over sqrt 2); signed: prediction over")
        .append(" measurement - 1.");
    if (!binsCost.isEmpty()) {
      md.append(" What bins do to a reducer's post-shuffle work is measured on ")
          .append(binsFrom)
          .append(" (its reducers' phase times against their bytes):\n\n");
      for (BinsPostShuffle b : binsCost.values()) {
        md.append("- ").append(b.describe()).append('\n');
      }
    }
    md.append("\n\n")
        .append(v.table())
        .append(
            "\nThe reduce tail of runs with bins by how the job's last map ended (a speculative"
                + " copy or an original attempt):\n\n")
        .append(v.lastMapTable())
        .append('\n')
        .append(
            String.format(
                Locale.ROOT,
                "Noise of one paired difference (measured): %.1f%%. Paired rounds a winner claim"
                    + " needs at the model's predicted difference:%n%n",
                100 * v.pairNoise()))
        .append(v.roundsTable("two-stage"))
        .append(
            "\nSame winner between stock and two-stage, against what an exact model could get with"
                + " this noise (NoiseFloor):\n\n")
        .append(NoiseFloor.agreementTable(v, "two-stage"))
        .append('\n');
    for (java.util.Map.Entry<Integer, EmbeddedModel> e : v.models().entrySet()) {
      md.append("Fit without repetition ")
          .append(e.getKey())
          .append(":\n```\n")
          .append(e.getValue().describe())
          .append("```\n");
    }
    Files.write(out.resolve("validation.md"), md.toString().getBytes(StandardCharsets.UTF_8));
    log.print(md);
    log.printf(
        Locale.ROOT,
        "validated in %.1f s; wrote %s%n",
        (System.nanoTime() - t0) / 1e9,
        out.resolve("validation.csv"));
    return 0;
  }

  static PaperFigures figures(CommandLine line, Path out, PrintStream log) throws IOException {
    List<MeasuredRun> runs = suite(line);
    EmbeddedModel m = Calibration.fit(runs, mbPerMap(line));
    String provenance =
        "Application costs fitted on every stock run of the suite ("
            + line.getOptionValue("results", "../results/cluster/2026-11-25-suite/results.csv")
            + "); none fitted to the paper's figures.\n\n```\n"
            + m.describe()
            + "```";
    log.println(m.describe());
    FigureSettings settings =
        FigureSettings.builder()
            .seedCount((int) CommandLines.whole(line, "seeds", 5))
            .taskNoise(CommandLines.number(line, "task-noise", FigureSettings.MEASURED_TASK_NOISE))
            .fastCoreSpeed(CommandLines.number(line, "fast-core-speed", 1))
            .reducerCores(CommandLines.number(line, "reducer-cores", Double.NaN))
            .build();
    provenance +=
        String.format(
            Locale.ROOT,
            "%n%nRuns: %s (--fast-core-speed, --seeds, --task-noise%s). Each cell is the mean over"
                + " the seeds with its 95%% t interval; a seed places inputs and reducers and draws"
                + " every task's noise.",
            settings.assumptions(),
            Double.isNaN(settings.reducerCores()) ? "" : ", --reducer-cores");
    return new PaperFigures(m, out, log, provenance, settings);
  }

  static int simulate(CommandLine line, PrintStream log) throws IOException {
    List<MeasuredRun> runs = suite(line);
    EmbeddedModel m = Calibration.fit(runs, mbPerMap(line));
    ClusterSpec c =
        Clusters.named(
            line.getOptionValue("cluster", "paper-7"),
            CommandLines.number(line, "fast-core-speed", 1));
    int maps = Integer.parseInt(line.getOptionValue("maps", "680"));
    JobSpec job =
        JobSpec.builder(
                m.profile(line.getOptionValue("app", "wordcount")), maps, 64, c.totalReduceSlots())
            .binsPerReducer(Integer.parseInt(line.getOptionValue("bins-per-reducer", "10")))
            .seed(Long.parseLong(line.getOptionValue("seed", "42")))
            .taskNoise(Double.parseDouble(line.getOptionValue("task-noise", "0")))
            .skew(CommandLines.number(line, "skew", 0))
            .build();
    job = withSettings(job, line.getOptionValue("set", ""));
    Method method = Method.parse(line.getOptionValue("method", "two-stage"));
    long t0 = System.nanoTime();
    SimResult r = new Simulation(c, job, method, m.platform()).run();
    log.printf(
        Locale.ROOT,
        "%s on %s, %d maps, %s: job %.1f s (map phase %.1f s, reduce tail %.1f s), P %.2f,"
            + " applied ratio %.2f, simulated in %.0f ms (%d events)%n",
        job.app().name(),
        c.label(),
        maps,
        method,
        r.jobSeconds(),
        r.mapPhaseSeconds(),
        r.reduceTailSeconds(),
        r.controllerP(),
        r.appliedRatio("fast", "slow"),
        (System.nanoTime() - t0) / 1e6,
        r.events());
    if (r.decisions() != null) {
      for (io.pikachu.core.decision.Decision d : r.decisions().versions()) {
        log.println("  decision: " + d.summaryLine());
      }
    }
    for (TaskRecord t : r.reducers()) {
      log.printf(
          Locale.ROOT,
          "  reducer %d on %s: start %.1f, JVM ready %.1f, shuffle done %.1f, sort done %.1f, end"
              + " %.1f, %.0f MB%n",
          t.task(),
          t.node(),
          t.start(),
          t.ready(),
          t.shuffleDone(),
          t.sortDone(),
          t.finish(),
          t.heldMb());
    }
    return 0;
  }

  /** {@code job} with the settings of {@code --set} (key=value, comma-separated). */
  static JobSpec withSettings(JobSpec job, String settings) {
    if (settings.trim().isEmpty()) {
      return job;
    }
    JobSpec.Builder b = job.toBuilder();
    for (String pair : settings.split(",")) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || !pair.trim().startsWith("pikachu.")) {
        throw new IllegalArgumentException(
            "--set takes pikachu.<key>=<value>[,...], got '" + pair + "'");
      }
      b.pikachu(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    return b.build();
  }

  /**
   * The speed figures: the paper's Config-1 job with the real controller (median of 9 runs), and a
   * 1,000-node, 100,000-map job (one run). Printed, not asserted.
   */
  static int bench(CommandLine line, PrintStream log) throws IOException {
    EmbeddedModel m = Calibration.fit(suite(line), mbPerMap(line));
    ClusterSpec paper = Clusters.paperLocal(SlotConfig.CONFIG_1, 1);
    JobSpec job = JobSpec.builder(m.profile("wordcount"), 680, 64, 14).build();
    double[] ms = new double[9];
    for (int i = 0; i < ms.length + 2; i++) {
      long t0 = System.nanoTime();
      new Simulation(paper, job, Method.TWO_STAGE, m.platform()).run();
      if (i >= 2) {
        ms[i - 2] = (System.nanoTime() - t0) / 1e6;
      }
    }
    log.printf(
        Locale.ROOT,
        "paper's Config-1 Wordcount (7 nodes, 680 maps, two-stage controller): median %.0f ms over"
            + " %d runs after 2 warm-up runs (target < 1000 ms)%n",
        Stats.median(ms),
        ms.length);
    ClusterSpec big = Clusters.ec2Like(333, 667);
    JobSpec bigJob =
        JobSpec.builder(m.profile("wordcount"), 100_000, 64, big.totalReduceSlots()).build();
    long t0 = System.nanoTime();
    SimResult r = new Simulation(big, bigJob, Method.TWO_STAGE, m.platform()).run();
    log.printf(
        Locale.ROOT,
        "1,000 nodes, 100,000 maps, %d reducers, two-stage controller: %.1f s wall, %d events,"
            + " simulated job %.0f s (target < 30 s)%n",
        big.totalReduceSlots(),
        (System.nanoTime() - t0) / 1e9,
        r.events(),
        r.jobSeconds());
    return 0;
  }
}
