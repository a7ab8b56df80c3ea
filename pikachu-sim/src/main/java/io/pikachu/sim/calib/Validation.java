package io.pikachu.sim.calib;

import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.model.Method;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Predicts held-back runs: for each repetition k, the model is fitted on the stock runs of the
 * other repetitions and then predicts every run of repetition k (stock and every Pikachu method,
 * which the fit never saw), so every prediction is of a run the fit did not use.
 */
public final class Validation {

  /** One held-back run and its prediction. */
  public static final class Row {
    public final MeasuredRun run;
    public final double predJob;
    public final double predMap;
    public final double predTail;
    public final double predP;

    Row(MeasuredRun run, SimResult s) {
      this.run = run;
      this.predJob = s.jobSeconds();
      this.predMap = s.mapPhaseSeconds();
      this.predTail = s.reduceTailSeconds();
      this.predP = s.controllerP();
    }

    public double jobError() {
      return predJob / run.jobSeconds() - 1;
    }

    public double mapError() {
      return predMap / run.mapPhaseSeconds() - 1;
    }

    public double tailError() {
      return predTail / run.reduceTailSeconds() - 1;
    }
  }

  private final List<Row> rows = new ArrayList<Row>();
  private final Map<Integer, EmbeddedModel> models = new LinkedHashMap<Integer, EmbeddedModel>();

  private Validation() {}

  public static Validation run(List<MeasuredRun> runs, double mbPerMap) {
    Validation v = new Validation();
    TreeSet<Integer> reps = new TreeSet<Integer>();
    for (MeasuredRun r : runs) {
      reps.add(r.rep());
    }
    for (int k : reps) {
      List<MeasuredRun> fit = new ArrayList<MeasuredRun>();
      List<MeasuredRun> held = new ArrayList<MeasuredRun>();
      for (MeasuredRun r : runs) {
        (r.rep() == k ? held : fit).add(r);
      }
      EmbeddedModel m = Calibration.fit(fit, mbPerMap);
      v.models.put(k, m);
      for (MeasuredRun r : held) {
        v.rows.add(new Row(r, Calibration.simulate(m, r, Method.parse(r.method()))));
      }
    }
    return v;
  }

  public List<Row> rows() {
    return rows;
  }

  public Map<Integer, EmbeddedModel> models() {
    return models;
  }

  /** Median absolute error (fraction) of job, map phase and reduce tail over the rows given. */
  public static double[] medianAbsErrors(List<Row> rows) {
    double[][] e = errors(rows);
    return new double[] {Stats.median(e[0]), Stats.median(e[1]), Stats.median(e[2])};
  }

  static double[][] errors(List<Row> rows) {
    double[][] e = new double[3][rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      e[0][i] = Math.abs(rows.get(i).jobError());
      e[1][i] = Math.abs(rows.get(i).mapError());
      e[2][i] = Math.abs(rows.get(i).tailError());
    }
    return e;
  }

  public List<Row> rowsOf(String method) {
    List<Row> r = new ArrayList<Row>();
    for (Row row : rows) {
      if (method == null || row.run.method().equals(method)) {
        r.add(row);
      }
    }
    return r;
  }

  /**
   * Paired rounds (same application, cluster and repetition) of stock and {@code method}: how many
   * the model calls the same winner as the measurement, and how many there are.
   */
  public int[] sameWinner(String method) {
    Map<String, Row> stock = new LinkedHashMap<String, Row>();
    for (Row r : rows) {
      if (r.run.method().equals("stock")) {
        stock.put(r.run.app() + "/" + r.run.config() + "/" + r.run.rep(), r);
      }
    }
    int same = 0;
    int pairs = 0;
    for (Row r : rows) {
      if (!r.run.method().equals(method)) {
        continue;
      }
      Row s = stock.get(r.run.app() + "/" + r.run.config() + "/" + r.run.rep());
      if (s == null) {
        continue;
      }
      pairs++;
      boolean measured = r.run.jobSeconds() < s.run.jobSeconds();
      boolean predicted = r.predJob < s.predJob;
      if (measured == predicted) {
        same++;
      }
    }
    return new int[] {same, pairs};
  }

  public void writeCsv(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        CSVPrinter p =
            new CSVPrinter(
                w,
                CSVFormat.DEFAULT
                    .builder()
                    .setHeader(
                        "app",
                        "config",
                        "method",
                        "rep",
                        "measured_job_s",
                        "predicted_job_s",
                        "measured_map_phase_s",
                        "predicted_map_phase_s",
                        "measured_reduce_tail_s",
                        "predicted_reduce_tail_s",
                        "job_error",
                        "map_phase_error",
                        "reduce_tail_error",
                        "predicted_p")
                    .build())) {
      for (Row r : rows) {
        p.printRecord(
            r.run.app(),
            r.run.config(),
            r.run.method(),
            r.run.rep(),
            f(r.run.jobSeconds()),
            f(r.predJob),
            f(r.run.mapPhaseSeconds()),
            f(r.predMap),
            f(r.run.reduceTailSeconds()),
            f(r.predTail),
            f(r.jobError()),
            f(r.mapError()),
            f(r.tailError()),
            f(r.predP));
      }
    }
  }

  /** The validation table in Markdown: per method, median absolute errors with 95% intervals. */
  public String table() {
    StringBuilder s = new StringBuilder();
    s.append(
        "| method | runs | job time | map phase | reduce tail | same winner as stock's (paired"
            + " rounds) |\n");
    s.append("| --- | --- | --- | --- | --- | --- |\n");
    List<String> methods = new ArrayList<String>();
    for (Row r : rows) {
      if (!methods.contains(r.run.method())) {
        methods.add(r.run.method());
      }
    }
    methods.add(null);
    for (String m : methods) {
      List<Row> rs = rowsOf(m);
      double[][] e = errors(rs);
      String winner = "";
      if (m != null && !m.equals("stock")) {
        int[] w = sameWinner(m);
        winner = w[0] + " of " + w[1];
      }
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %s | %s | %s |%n",
              m == null ? "all" : m,
              rs.size(),
              cell(e[0]),
              cell(e[1]),
              cell(e[2]),
              winner));
    }
    return s.toString();
  }

  private static String cell(double[] absErrors) {
    double[] ci = Stats.medianInterval(absErrors);
    return String.format(
        Locale.ROOT,
        "%.1f%% [%.1f, %.1f]",
        100 * Stats.median(absErrors),
        100 * ci[0],
        100 * ci[1]);
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }
}
