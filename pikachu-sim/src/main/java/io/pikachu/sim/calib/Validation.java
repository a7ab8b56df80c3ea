package io.pikachu.sim.calib;

import io.pikachu.benchmodel.Method;
import io.pikachu.sim.engine.SimResult;
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
    return run(runs, mbPerMap, java.util.Collections.<String, BinsPostShuffle>emptyMap());
  }

  /**
   * @param binsCost what bins do to a reducer's post-shuffle work per application ({@link
   *     BinsPostShuffle#measure}), measured on another data set than {@code runs}, or none
   */
  public static Validation run(
      List<MeasuredRun> runs, double mbPerMap, Map<String, BinsPostShuffle> binsCost) {
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
      EmbeddedModel m = Calibration.fit(fit, mbPerMap).withBinsCost(binsCost);
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
    return sameWinnerBeyond(method, -1);
  }

  /**
   * The machine's noise on one paired difference: the standard deviation of the log ratio of a
   * method's measured job time to stock's in the same round, around its mean over the rounds of the
   * same application, cluster and method, pooled over all of them (with the small-sample
   * correction). Measured times only; the model plays no part.
   */
  public double pairNoise() {
    Map<String, Row> stock = stockByRound();
    Map<String, List<Double>> groups = new LinkedHashMap<String, List<Double>>();
    for (Row r : rows) {
      Row s = stock.get(round(r));
      if (s == null || r.run.method().equals("stock")) {
        continue;
      }
      groups
          .computeIfAbsent(
              r.run.app() + "/" + r.run.config() + "/" + r.run.method(),
              g -> new ArrayList<Double>())
          .add(Math.log(r.run.jobSeconds() / s.run.jobSeconds()));
    }
    double sum = 0;
    int dof = 0;
    for (List<Double> g : groups.values()) {
      if (g.size() < 2) {
        continue;
      }
      double mean = 0;
      for (double x : g) {
        mean += x / g.size();
      }
      for (double x : g) {
        sum += (x - mean) * (x - mean);
      }
      dof += g.size() - 1;
    }
    return dof == 0 ? Double.NaN : Math.sqrt(sum / dof);
  }

  /**
   * Paired rounds of stock and {@code method} whose measured difference exceeds {@code noise} (as a
   * fraction of stock's time): how many the model calls the same winner as the measurement, and how
   * many there are.
   */
  public int[] sameWinnerBeyond(String method, double noise) {
    Map<String, Row> stock = stockByRound();
    int same = 0;
    int pairs = 0;
    for (Row r : rows) {
      Row s = stock.get(round(r));
      if (!r.run.method().equals(method) || s == null) {
        continue;
      }
      double measured = r.run.jobSeconds() / s.run.jobSeconds() - 1;
      if (Math.abs(measured) <= noise) {
        continue;
      }
      pairs++;
      if ((measured < 0) == (r.predJob < s.predJob)) {
        same++;
      }
    }
    return new int[] {same, pairs};
  }

  /**
   * Paired rounds a claim that one method is faster than another needs, when they differ by {@code
   * difference} and one paired difference scatters by {@code noise} (both fractions): the 95%
   * interval of the mean difference, 1.96 noise / sqrt(n), must exclude 0.
   */
  public static int roundsNeeded(double difference, double noise) {
    double n = Math.pow(1.96 * noise / Math.abs(difference), 2);
    return n > 1e6 ? Integer.MAX_VALUE : (int) Math.ceil(n);
  }

  /**
   * Per cluster: the model's median predicted difference of {@code method} against stock (over
   * applications and rounds), and the rounds a winner claim at that difference needs.
   */
  public String roundsTable(String method) {
    double noise = pairNoise();
    Map<String, Row> stock = stockByRound();
    Map<String, List<Double>> byConfig = new LinkedHashMap<String, List<Double>>();
    for (Row r : rows) {
      Row s = stock.get(round(r));
      if (r.run.method().equals(method) && s != null) {
        byConfig
            .computeIfAbsent(r.run.config(), c -> new ArrayList<Double>())
            .add(r.predJob / s.predJob - 1);
      }
    }
    StringBuilder t =
        new StringBuilder(
            "| cluster | predicted difference, "
                + method
                + " against stock (median) | paired rounds a winner claim needs |\n"
                + "| --- | --- | --- |\n");
    for (Map.Entry<String, List<Double>> e : byConfig.entrySet()) {
      double d = Stats.median(e.getValue());
      int n = roundsNeeded(d, noise);
      t.append(
          String.format(
              Locale.ROOT,
              "| %s | %+.1f%% | %s |%n",
              e.getKey(),
              100 * d,
              n == Integer.MAX_VALUE ? "no finite number (a tie)" : Integer.toString(n)));
    }
    return t.toString();
  }

  /** Stock's run in the same round as {@code r} (application, cluster, repetition), or null. */
  Row stockOf(Row r) {
    return stockByRound().get(round(r));
  }

  private Map<String, Row> stockByRound() {
    Map<String, Row> stock = new LinkedHashMap<String, Row>();
    for (Row r : rows) {
      if (r.run.method().equals("stock")) {
        stock.put(round(r), r);
      }
    }
    return stock;
  }

  private static String round(Row r) {
    return r.run.app() + "/" + r.run.config() + "/" + r.run.rep();
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

  /**
   * The validation table in Markdown: per method, median absolute errors of job time, map phase and
   * reduce tail with their 95% intervals, each beside its noise floor (what an exact model would
   * miss by: {@link NoiseFloor#floor}), the reduce tail's median signed error, and how often the
   * model names the measured winner against stock.
   */
  public String table() {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "| method | runs | job time (floor) | map phase (floor) | reduce tail (floor) | reduce"
                + " tail, signed | same winner as stock's (paired rounds) | same winner where the"
                + " measured difference exceeds the noise (%.1f%%) |%n",
            100 * pairNoise()));
    s.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (String m : methods()) {
      List<Row> rs = rowsOf(m);
      double[][] e = errors(rs);
      String winner = "";
      String beyond = "";
      if (m != null && !m.equals("stock")) {
        int[] w = sameWinner(m);
        winner = w[0] + " of " + w[1];
        int[] b = sameWinnerBeyond(m, pairNoise());
        beyond = b[0] + " of " + b[1];
      }
      s.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %s | %s | %s | %s | %s |%n",
              m == null ? "all" : m,
              rs.size(),
              cell(e[0], NoiseFloor.floor(rs, 0)),
              cell(e[1], NoiseFloor.floor(rs, 1)),
              cell(e[2], NoiseFloor.floor(rs, 2)),
              signedCell(signedTailErrors(rs)),
              winner,
              beyond));
    }
    s.append(NoiseFloor.otherRoundsRow(rows));
    return s.toString();
  }

  /** The methods in the order they first appear, then null for all of them. */
  private List<String> methods() {
    List<String> methods = new ArrayList<String>();
    for (Row r : rows) {
      if (!methods.contains(r.run.method())) {
        methods.add(r.run.method());
      }
    }
    methods.add(null);
    return methods;
  }

  static double[] signedTailErrors(List<Row> rows) {
    double[] e = new double[rows.size()];
    for (int i = 0; i < e.length; i++) {
      e[i] = rows.get(i).tailError();
    }
    return e;
  }

  /**
   * The reduce tail of runs with bins, split by whether the job's last map was a speculative copy:
   * on the 2026-11-24/25 runs such runs had slow-node reducers idle for seconds after the last map
   * (docs/simulator.md, section 2), which the model does not have.
   */
  public String lastMapTable() {
    StringBuilder s =
        new StringBuilder(
            "| method | last map | runs | reduce tail (floor) | reduce tail, signed |\n"
                + "| --- | --- | --- | --- | --- |\n");
    for (String m : methods()) {
      if ("stock".equals(m)) {
        continue;
      }
      for (boolean copy : new boolean[] {false, true}) {
        List<Row> rs = new ArrayList<Row>();
        for (Row r : rowsOf(m)) {
          if (!r.run.method().equals("stock") && r.run.lastMapWasACopy() == copy) {
            rs.add(r);
          }
        }
        if (rs.isEmpty()) {
          continue;
        }
        s.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %d | %s | %s |%n",
                m == null ? "all with bins" : m,
                copy ? "a speculative copy" : "an original",
                rs.size(),
                cell(errors(rs)[2], NoiseFloor.floor(rs, 2)),
                signedCell(signedTailErrors(rs))));
      }
    }
    return s.toString();
  }

  static String cell(double[] absErrors, double floor) {
    return cell(absErrors)
        + (Double.isNaN(floor)
            ? " (no two rounds of one job)"
            : String.format(Locale.ROOT, " (%.1f%%)", 100 * floor));
  }

  static String signedCell(double[] errors) {
    double[] ci = Stats.medianInterval(errors);
    return String.format(
        Locale.ROOT,
        "%+.1f%% [%+.1f, %+.1f]",
        100 * Stats.median(errors),
        100 * ci[0],
        100 * ci[1]);
  }

  static String cell(double[] absErrors) {
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
