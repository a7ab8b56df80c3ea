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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
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
 * per job and for the cluster. The folder may be local or on HDFS (any Hadoop file system URI).
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
                "pairs",
                "a suite results.csv: compare each stock job's predicted Pikachu time with the"
                    + " measured two-stage run of the same job (validation)"))
        .addOption(Option.builder("q").longOpt("quiet").desc("no progress lines").build())
        .addOption(CommandLines.help());
  }

  static String usage() {
    return CommandLines.usage(
        "advise [options] <job history folder, local or e.g. hdfs:///mr-history/done>",
        "Replays each job of a job history with and without Pikachu and says what it would save.",
        options());
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(new Configuration(), args, out, err);
  }

  static int run(Configuration conf, String[] args, PrintStream out, PrintStream err) {
    CommandLine line;
    try {
      line = CommandLines.parse(options(), args, 1, 1, usage());
    } catch (CommandLines.UsageException e) {
      (e.isHelp() ? out : err).print(e.isHelp() ? e.getMessage() : "advise: " + e.getMessage());
      return e.isHelp() ? 0 : 2;
    }
    try {
      List<Path> files = Advisor.historyFiles(conf, new Path(line.getArgs()[0]));
      Advisor.Report report = Advisor.advise(conf, files, line.hasOption("quiet") ? null : err);
      print(report, out);
      if (line.hasOption("csv")) {
        writeCsv(report, line.getOptionValue("csv"));
        out.println("CSV: " + line.getOptionValue("csv"));
      }
      if (line.hasOption("pairs")) {
        validate(report, line.getOptionValue("pairs"), out);
      }
      return report.jobs.isEmpty() ? 1 : 0;
    } catch (IOException e) {
      err.println("advise: " + e.getMessage());
      return 1;
    }
  }

  static void print(Advisor.Report r, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "%-26s %-16s %10s %7s %10s %8s %6s  %s%n",
        "job",
        "name",
        "measured",
        "spread",
        "w/ Pikachu",
        "saving",
        "P",
        "note");
    double measured = 0;
    double predicted = 0;
    int replayed = 0;
    Map<String, Integer> aside = new TreeMap<String, Integer>();
    for (Advice a : r.jobs) {
      if (a.stepAside != null) {
        String reason = a.stepAside.split(":")[0];
        Integer n = aside.get(reason);
        aside.put(reason, n == null ? 1 : n + 1);
        out.printf(
            Locale.ROOT,
            "%-26s %-16s %9.1fs %6.1f%% %10s %8s %6s  steps aside: %s%n",
            a.jobId,
            trim(a.name),
            a.measuredSeconds,
            100 * a.reducerSpread,
            "-",
            "-",
            "-",
            a.stepAside);
        continue;
      }
      replayed++;
      measured += a.measuredSeconds;
      predicted += a.predictedPikachuSeconds;
      out.printf(
          Locale.ROOT,
          "%-26s %-16s %9.1fs %6.1f%% %9.1fs %7.1f%% %6.2f  %s%n",
          a.jobId,
          trim(a.name),
          a.measuredSeconds,
          100 * a.reducerSpread,
          a.predictedPikachuSeconds,
          100 * a.saving,
          a.p,
          a.notes);
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "Cluster: %d job(s) replayed, %d stepped aside, %d file(s) unusable.%n",
        replayed,
        r.jobs.size() - replayed,
        r.bad.size());
    if (replayed > 0) {
      out.printf(
          Locale.ROOT,
          "Predicted with Pikachu: %.0f s of job time where stock took %.0f s (%.1f%% saved over"
              + " the replayed jobs).%n",
          predicted,
          measured,
          100 * (1 - predicted / measured));
    }
    for (Map.Entry<String, Integer> e : aside.entrySet()) {
      out.printf(Locale.ROOT, "Steps aside (%s): %d job(s)%n", e.getKey(), e.getValue());
    }
    for (String b : r.bad) {
      out.println("Could not use " + b);
    }
  }

  private static String trim(String s) {
    return s == null ? "" : s.length() <= 16 ? s : s.substring(0, 15) + "~";
  }

  static void writeCsv(Advisor.Report r, String file) throws IOException {
    try (Writer w = Files.newBufferedWriter(Paths.get(file), StandardCharsets.UTF_8);
        CSVPrinter p =
            new CSVPrinter(
                w,
                CSVFormat.DEFAULT
                    .builder()
                    .setHeader(
                        "file",
                        "job_id",
                        "name",
                        "measured_s",
                        "reducer_end_spread",
                        "predicted_pikachu_s",
                        "saving",
                        "p",
                        "sim_stock_s",
                        "sim_pikachu_s",
                        "stock_fit_error",
                        "steps_aside",
                        "notes")
                    .build())) {
      for (Advice a : r.jobs) {
        p.printRecord(
            a.file,
            a.jobId,
            a.name,
            f(a.measuredSeconds),
            f(a.reducerSpread),
            f(a.predictedPikachuSeconds),
            f(a.saving),
            f(a.p),
            f(a.simStockSeconds),
            f(a.simPikachuSeconds),
            f(a.fitError),
            a.stepAside == null ? "" : a.stepAside,
            a.notes);
      }
      for (String b : r.bad) {
        p.printRecord("", "", "", "", "", "", "", "", "", "", "", "", "unusable: " + b);
      }
    }
  }

  /**
   * Each stock job in the report whose twin two-stage run (same application, cluster and
   * repetition) is in the suite's results: its predicted Pikachu time against the measured one.
   */
  static void validate(Advisor.Report r, String resultsCsv, PrintStream out) throws IOException {
    Map<String, CSVRecord> byJob = new LinkedHashMap<String, CSVRecord>();
    Map<String, CSVRecord> twoStage = new LinkedHashMap<String, CSVRecord>();
    try (Reader in = Files.newBufferedReader(Paths.get(resultsCsv), StandardCharsets.UTF_8)) {
      for (CSVRecord c :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        byJob.put(c.get(Results.JOB_ID), c);
        if (c.get(Results.METHOD).equals(Method.TWO_STAGE.label())) {
          twoStage.put(
              c.get(Results.APP) + "/" + c.get(Results.CONFIG) + "/" + c.get(Results.REP), c);
        }
      }
    }
    List<Double> errors = new ArrayList<Double>();
    int sameWinner = 0;
    out.println();
    out.println(
        "| stock job | app | rep | stock measured | two-stage predicted | two-stage measured"
            + " | error |");
    out.println("| --- | --- | --- | --- | --- | --- | --- |");
    for (Advice a : r.jobs) {
      CSVRecord s = byJob.get(a.jobId);
      if (s == null || !s.get(Results.METHOD).equals(Method.STOCK.label()) || a.stepAside != null) {
        continue;
      }
      CSVRecord t =
          twoStage.get(s.get(Results.APP) + "/" + s.get(Results.CONFIG) + "/" + s.get(Results.REP));
      if (t == null) {
        continue;
      }
      double measured = Double.parseDouble(t.get(Results.SECONDS));
      double e = a.predictedPikachuSeconds / measured - 1;
      errors.add(Math.abs(e));
      boolean predictedFaster = a.predictedPikachuSeconds < a.measuredSeconds;
      boolean measuredFaster = measured < a.measuredSeconds;
      if (predictedFaster == measuredFaster) {
        sameWinner++;
      }
      out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %.1f s | %.1f s | %.1f s | %+.1f%% |%n",
          a.jobId,
          s.get(Results.APP),
          s.get(Results.REP),
          a.measuredSeconds,
          a.predictedPikachuSeconds,
          measured,
          100 * e);
    }
    double[] v = new double[errors.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = errors.get(i);
    }
    double[] ci = Stats.medianInterval(v);
    out.printf(
        Locale.ROOT,
        "%nPairs: %d; median absolute error of the predicted Pikachu time %.1f%% [95%% interval"
            + " %.1f, %.1f]; same winner as measured (stock or two-stage) in %d of %d%n",
        v.length,
        100 * Stats.median(v),
        100 * ci[0],
        100 * ci[1],
        sameWinner,
        v.length);
  }

  private static String f(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
