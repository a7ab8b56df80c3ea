package io.pikachu.advisor;

import io.pikachu.benchmodel.CommandLines;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.SuiteFiles.Results;
import io.pikachu.sim.calib.Stats;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.GenericOptionsParser;

/**
 * {@code advise <history folder>}: what Pikachu would save on the jobs of a cluster's job history,
 * and what it gained on those that ran under it, per job, per job name and for the cluster, each
 * with its interval. The folder may be local or on any Hadoop file system (the history server's
 * done directory on HDFS); {@code --from}, {@code --to} and {@code --name} choose the jobs. {@code
 * --html DIR} writes pages to look at; {@code --decision FILE} a page of one job's decision record.
 */
public final class AdviseMain {

  private AdviseMain() {}

  public static void main(String[] args) throws IOException {
    System.exit(runWithGenericOptions(args, System.out, System.err));
  }

  /**
   * Hadoop's generic options first ({@code -conf}, {@code -D}, {@code -fs}, ...), as every command
   * run with {@code hadoop jar} takes them, then advise's own.
   */
  static int runWithGenericOptions(String[] args, PrintStream out, PrintStream err)
      throws IOException {
    GenericOptionsParser generic = new GenericOptionsParser(new Configuration(), args);
    return run(generic.getConfiguration(), generic.getRemainingArgs(), out, err);
  }

  static Options options() {
    return new Options()
        .addOption(CommandLines.valued("csv", "also write one CSV row per job to this file"))
        .addOption(
            CommandLines.valued(
                "html",
                "also write pages to this folder: index.html (every job, by name) and a page per"
                    + " job (its stages under stock and with Pikachu, what moved, the saving)"))
        .addOption(
            CommandLines.valued(
                "decision",
                "a job's decision record (decision.json from the bin-map store): its page, into"
                    + " --html's folder"))
        .addOption(
            CommandLines.valued(
                "from", "only jobs that finished on this day or later (YYYY-MM-DD, UTC)"))
        .addOption(
            CommandLines.valued("to", "only jobs that finished on this day or earlier (UTC)"))
        .addOption(
            CommandLines.valued(
                "name", "only jobs whose name contains a match of this regular expression"))
        .addOption(
            CommandLines.valued(
                "pairs",
                "a suite results.csv: compare each job's prediction with the measured run of the"
                    + " same job the other way in the same round (validation)"))
        .addOption(Option.builder("q").longOpt("quiet").desc("no progress lines").build())
        .addOption(CommandLines.flag("verbose", "keep Hadoop's log messages on the console"))
        .addOption(CommandLines.help());
  }

  static String usage() {
    return CommandLines.usage(
        "advise [options] <job history folder, local or e.g. hdfs:///mr-history/done>",
        "Replays each job of a job history with and without Pikachu: what it would save, or what"
            + " it gained where it ran under Pikachu.",
        options());
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(new Configuration(), args, out, err);
  }

  static int run(Configuration conf, String[] args, PrintStream out, PrintStream err) {
    CommandLine line;
    try {
      line = CommandLines.parse(options(), args, 0, 1, usage());
      if (line.getArgs().length == 0 && !line.hasOption("decision")) {
        throw CommandLines.error("missing argument: the job history folder", usage());
      }
      if (line.hasOption("decision") && !line.hasOption("html")) {
        throw new IllegalArgumentException("--decision writes a page: give --html <folder> too");
      }
    } catch (CommandLines.UsageException e) {
      (e.isHelp() ? out : err).print(e.isHelp() ? e.getMessage() : "advise: " + e.getMessage());
      return e.isHelp() ? 0 : 2;
    } catch (IllegalArgumentException e) {
      err.println("advise: " + e.getMessage());
      return 2;
    }
    QuietLogging.apply(line.hasOption("verbose"));
    try {
      HistoryListing.Filter filter = filter(line);
      if (line.hasOption("decision")) {
        java.nio.file.Path page =
            HtmlReport.decisionPage(
                Paths.get(line.getOptionValue("decision")), Paths.get(line.getOptionValue("html")));
        out.println("Decision page: " + page);
        if (line.getArgs().length == 0) {
          return 0;
        }
      }
      int[] rejected = new int[1];
      List<Path> files = HistoryListing.list(conf, new Path(line.getArgs()[0]), filter, rejected);
      Advisor.Report report =
          Advisor.advise(
              conf,
              files,
              filter,
              line.hasOption("html"),
              rejected[0],
              line.hasOption("pairs"),
              line.hasOption("quiet") ? null : err);
      print(report, filter, out);
      if (line.hasOption("csv")) {
        writeCsv(report, line.getOptionValue("csv"));
        out.println("CSV: " + line.getOptionValue("csv"));
      }
      if (line.hasOption("html")) {
        java.nio.file.Path index =
            HtmlReport.write(report, filter, Paths.get(line.getOptionValue("html")));
        out.println("Pages: " + index);
      }
      if (line.hasOption("pairs")) {
        validate(report, line.getOptionValue("pairs"), out);
      }
      return report.jobs.isEmpty() ? 1 : 0;
    } catch (IllegalArgumentException e) {
      err.println("advise: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("advise: " + e.getMessage());
      return 1;
    }
  }

  static HistoryListing.Filter filter(CommandLine line) {
    Pattern name = null;
    if (line.hasOption("name")) {
      try {
        name = Pattern.compile(line.getOptionValue("name"));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException(
            "--name is not a regular expression: " + e.getDescription(), e);
      }
    }
    return new HistoryListing.Filter(day(line, "from"), day(line, "to"), name);
  }

  private static LocalDate day(CommandLine line, String option) {
    String v = line.getOptionValue(option);
    if (v == null) {
      return null;
    }
    try {
      return LocalDate.parse(v.trim());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "--" + option + " must be a day YYYY-MM-DD, got '" + v + "'");
    }
  }

  static void print(Advisor.Report r, HistoryListing.Filter filter, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%-24s %-16s %9s %7s  %-32s %-26s %6s  %s%n",
        "job",
        "name",
        "measured",
        "spread",
        "the other way [90% interval]",
        "saving / gained",
        "P",
        "note");
    Map<String, Integer> aside = new TreeMap<String, Integer>();
    double measured = 0;
    double predicted = 0;
    double ranPikachu = 0;
    double asStock = 0;
    int stock = 0;
    int pikachu = 0;
    int noBins = 0;
    int equalSpeed = 0;
    for (Advice a : r.jobs) {
      String other = "-";
      String saving = "-";
      String p = "-";
      String note = a.notes;
      switch (a.kind) {
        case STEPS_ASIDE:
          aside.merge(a.stepAside.split(":")[0], 1, Integer::sum);
          note = "steps aside: " + a.stepAside;
          break;
        case PIKACHU_NO_BINS:
          noBins++;
          break;
        case STOCK:
          stock++;
          measured += a.measuredSeconds;
          predicted += a.predictedOtherSeconds;
          other = interval("w/ Pikachu", a);
          saving = percent(a.saving, a.savingLow, a.savingHigh);
          p = String.format(Locale.ROOT, "%.2f", a.p);
          break;
        default:
          pikachu++;
          ranPikachu += a.measuredSeconds;
          asStock += a.predictedOtherSeconds;
          other = interval("as stock", a);
          saving = "gained " + percent(a.saving, a.savingLow, a.savingHigh);
          p = String.format(Locale.ROOT, "%.2f", a.p);
          note = join("ran under Pikachu: nothing more to save", note);
      }
      if (a.pLimit != null) {
        note = join(a.pLimit, note);
      }
      if (a.nodes.startsWith("per-core speed taken as equal")) {
        equalSpeed++;
      }
      out.printf(
          Locale.ROOT,
          "%-24s %-16s %8.1fs %6.1f%%  %-32s %-26s %6s  %s%n",
          a.jobId,
          trim(a.name),
          a.measuredSeconds,
          100 * a.reducerSpread,
          other,
          saving,
          p,
          note);
    }
    List<JobNameSummary> names = JobNameSummary.of(r.jobs);
    if (!names.isEmpty()) {
      out.println();
      out.println("By job name (a recurring job's runs scatter; decide on their medians):");
      out.printf(
          Locale.ROOT,
          "%-16s %5s %6s %8s %6s %10s  %-30s %s%n",
          "name",
          "jobs",
          "stock",
          "Pikachu",
          "aside",
          "measured",
          "median saving [intervals]",
          "median gained [intervals]");
      for (JobNameSummary s : names) {
        out.printf(
            Locale.ROOT,
            "%-16s %5d %6d %8d %6d %9.1fs  %-30s %s%n",
            trim(s.name),
            s.jobs,
            s.stock,
            s.underPikachu,
            s.stepsAside + s.noBins,
            s.medianMeasured,
            percent(s.saving, s.savingLow, s.savingHigh),
            percent(s.gained, s.gainedLow, s.gainedHigh));
      }
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "Cluster: %d job(s) read (%s): %d replayed with Pikachu, %d that ran under Pikachu"
            + " replayed as stock, %d with Pikachu installed that published no bin map, %d"
            + " stepped aside; %d file(s) unusable, %d job(s) filtered out.%n",
        r.jobs.size(),
        filter,
        stock,
        pikachu,
        noBins,
        r.jobs.size() - stock - pikachu - noBins,
        r.bad.size(),
        r.filteredOut);
    if (stock > 0) {
      out.printf(
          Locale.ROOT,
          "Predicted with Pikachu: %.0f s of job time where stock took %.0f s (%.1f%% saved over"
              + " the %d stock jobs).%n",
          predicted,
          measured,
          100 * (1 - predicted / measured),
          stock);
    }
    if (pikachu > 0) {
      out.printf(
          Locale.ROOT,
          "Under Pikachu: %.0f s of job time where stock would have taken %.0f s (%.1f%% gained"
              + " over %d jobs).%n",
          ranPikachu,
          asStock,
          100 * (1 - ranPikachu / asStock),
          pikachu);
    }
    if (stock + pikachu > 0) {
      out.println(
          "Intervals: the "
              + PredictionInterval.SOURCE
              + "; it widens a prediction by "
              + PredictionInterval.TO_PIKACHU
              + " (stock jobs) and "
              + PredictionInterval.TO_STOCK
              + " (Pikachu jobs). docs/advisor.md says how often it held on pairs it never saw.");
      out.printf(
          Locale.ROOT,
          "Nodes: per-core speed taken as equal in %d of %d replayed job(s) (their maps' CPU per"
              + " MB within %.0f%% on every node), inferred from those counters in the others;"
              + " cores from map throughput (--csv and --html give each job's nodes).%n",
          equalSpeed,
          stock + pikachu,
          100 * JobReplay.EQUAL_SPEED_BAND);
    }
    if (r.withoutConf() > 0) {
      out.printf(
          Locale.ROOT,
          "%d job(s) had no <job id>_conf.xml beside their history: their partitioner and"
              + " encryption were not checked (the history server keeps it beside the .jhist;"
              + " copy both).%n",
          r.withoutConf());
    }
    for (Map.Entry<String, Integer> e : aside.entrySet()) {
      out.printf(Locale.ROOT, "Steps aside (%s): %d job(s)%n", e.getKey(), e.getValue());
    }
    for (String b : r.bad) {
      out.println("Could not use " + b);
    }
  }

  private static String interval(String label, Advice a) {
    return String.format(
        Locale.ROOT,
        "%s %.1fs [%.1f, %.1f]",
        label,
        a.predictedOtherSeconds,
        a.predictedOtherLow,
        a.predictedOtherHigh);
  }

  static String percent(double v, double lo, double hi) {
    return Double.isNaN(v)
        ? "-"
        : String.format(Locale.ROOT, "%.1f%% [%.1f, %.1f]", 100 * v, 100 * lo, 100 * hi);
  }

  private static String join(String a, String b) {
    return b == null || b.isEmpty() ? a : a + "; " + b;
  }

  private static String trim(String s) {
    return s == null ? "" : s.length() <= 16 ? s : s.substring(0, 15) + "~";
  }

  static final String[] CSV_HEADER = {
    "file",
    "job_id",
    "name",
    "kind",
    "measured_s",
    "reducer_end_spread",
    "other_way",
    "predicted_other_s",
    "predicted_other_low_s",
    "predicted_other_high_s",
    "saving",
    "saving_low",
    "saving_high",
    "measured_map_s",
    "predicted_other_map_s",
    "predicted_other_tail_s",
    "p",
    "p_limit",
    "sim_as_ran_s",
    "sim_other_s",
    "fit_error",
    "conf_found",
    "nodes",
    "steps_aside",
    "notes"
  };

  static void writeCsv(Advisor.Report r, String file) throws IOException {
    try (Writer w = Files.newBufferedWriter(Paths.get(file), StandardCharsets.UTF_8);
        CSVPrinter p =
            new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(CSV_HEADER).build())) {
      for (Advice a : r.jobs) {
        p.printRecord(
            a.file,
            a.jobId,
            a.name,
            a.kind.name().toLowerCase(Locale.ROOT).replace('_', '-'),
            f(a.measuredSeconds),
            f(a.reducerSpread),
            a.kind == Advice.Kind.STOCK ? "pikachu" : a.kind == Advice.Kind.PIKACHU ? "stock" : "",
            f(a.predictedOtherSeconds),
            f(a.predictedOtherLow),
            f(a.predictedOtherHigh),
            f(a.saving),
            f(a.savingLow),
            f(a.savingHigh),
            f(a.measuredMapSeconds),
            f(a.predictedOtherMapSeconds),
            f(a.predictedOtherTailSeconds),
            f(a.p),
            a.pLimit == null ? "" : a.pLimit,
            f(a.simAsRanSeconds),
            f(a.simOtherSeconds),
            f(a.fitError),
            a.confFound,
            a.nodes,
            a.stepAside == null ? "" : a.stepAside,
            a.notes);
      }
      for (String b : r.bad) {
        Object[] row = new Object[CSV_HEADER.length];
        java.util.Arrays.fill(row, "");
        row[row.length - 1] = "unusable: " + b;
        p.printRecord(row);
      }
    }
  }

  /**
   * Each job in the report whose twin (the same application, cluster and repetition, the other way:
   * two-stage for a stock job, stock for a two-stage job) is in the suite's results: the prediction
   * against the twin's measured time, whether the interval held it, and the log error's percentiles
   * (what {@link PredictionInterval} is built from).
   */
  static void validate(Advisor.Report r, String resultsCsv, PrintStream out) throws IOException {
    Map<String, CSVRecord> byJob = new LinkedHashMap<String, CSVRecord>();
    Map<String, CSVRecord> byRound = new LinkedHashMap<String, CSVRecord>();
    try (Reader in = Files.newBufferedReader(Paths.get(resultsCsv), StandardCharsets.UTF_8)) {
      for (CSVRecord c :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        byJob.put(c.get(Results.JOB_ID), c);
        byRound.put(round(c, c.get(Results.METHOD)), c);
      }
    }
    for (Advice.Kind kind : new Advice.Kind[] {Advice.Kind.STOCK, Advice.Kind.PIKACHU}) {
      String twinMethod =
          kind == Advice.Kind.STOCK ? Method.TWO_STAGE.label() : Method.STOCK.label();
      List<Double> abs = new ArrayList<Double>();
      List<Double> logs = new ArrayList<Double>();
      int held = 0;
      int sameWinner = 0;
      StringBuilder table = new StringBuilder();
      for (Advice a : r.jobs) {
        CSVRecord s = byJob.get(a.jobId);
        if (a.kind != kind || s == null) {
          continue;
        }
        CSVRecord t = byRound.get(round(s, twinMethod));
        if (t == null) {
          continue;
        }
        double twin = Double.parseDouble(t.get(Results.SECONDS));
        double e = a.predictedOtherSeconds / twin - 1;
        abs.add(Math.abs(e));
        logs.add(Math.log(a.predictedOtherSeconds / twin));
        boolean inside = twin >= a.predictedOtherLow && twin <= a.predictedOtherHigh;
        held += inside ? 1 : 0;
        boolean predictedFaster = a.predictedOtherSeconds < a.measuredSeconds;
        if (predictedFaster == (twin < a.measuredSeconds)) {
          sameWinner++;
        }
        table.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %.1f s | %.1f s [%.1f, %.1f] | %.1f s | %+.1f%% | %s |%n",
                a.jobId,
                s.get(Results.APP),
                s.get(Results.REP),
                a.measuredSeconds,
                a.predictedOtherSeconds,
                a.predictedOtherLow,
                a.predictedOtherHigh,
                twin,
                100 * e,
                inside ? "yes" : "no"));
      }
      if (abs.isEmpty()) {
        continue;
      }
      out.println();
      out.printf(
          Locale.ROOT,
          "%s jobs predicting their %s twin:%n%n",
          kind == Advice.Kind.STOCK ? "Stock" : "Two-stage",
          twinMethod);
      out.println(
          "| job | app | rep | measured | twin predicted [interval] | twin measured | error |"
              + " in the interval |");
      out.println("| --- | --- | --- | --- | --- | --- | --- | --- |");
      out.print(table);
      double[] v = new double[abs.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = abs.get(i);
      }
      double[] ci = Stats.medianInterval(v);
      out.printf(
          Locale.ROOT,
          "%nPairs: %d; median absolute error %.1f%% [95%% interval %.1f, %.1f]; the twin inside"
              + " its stated interval in %d of %d; same winner in %d of %d; log error 5th and"
              + " 95th percentiles %.4f and %.4f%n",
          v.length,
          100 * Stats.median(v),
          100 * ci[0],
          100 * ci[1],
          held,
          v.length,
          sameWinner,
          v.length,
          percentile(logs, 0.05),
          percentile(logs, 0.95));
    }
  }

  private static String round(CSVRecord c, String method) {
    return c.get(Results.APP)
        + "/"
        + c.get(Results.CONFIG)
        + "/"
        + c.get(Results.REP)
        + "/"
        + method;
  }

  /** The q-th percentile by linear interpolation between order statistics. */
  static double percentile(List<Double> values, double q) {
    double[] s = new double[values.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = values.get(i);
    }
    java.util.Arrays.sort(s);
    double pos = q * (s.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = (int) Math.ceil(pos);
    return s[lo] + (pos - lo) * (s[hi] - s[lo]);
  }

  private static String f(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
