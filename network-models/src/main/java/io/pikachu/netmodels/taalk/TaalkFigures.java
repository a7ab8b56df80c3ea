package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The seed's Figs. 7-12 from one {@link Sweep}. */
public final class TaalkFigures {
  /** The loads whose FCT distributions the seed plots (Figs. 10, 11, 12). */
  static final int[] DISTRIBUTION_LOADS = {82, 83, 93};

  /** Completion times at or above this count as the seconds-long outliers of SYN back-off. */
  static final double OUTLIER_S = 0.9;

  private TaalkFigures() {}

  /** A figure's table (printed and written as CSV) and its chart. */
  public record Figure(String id, Table table, Chart chart) {
    public void write(Path dir) throws IOException {
      Files.createDirectories(dir);
      table.writeCsv(dir.resolve(id + ".csv"));
      chart.writeSvg(dir.resolve(id + ".svg"));
    }
  }

  /** Fig. 7: mean FCT per load. */
  public static Figure fig7(Sweep s) {
    List<Policy> ps = s.policies();
    Table t = new Table("TAALK Fig. 7: mean flow completion time (s)", header("load", ps, ""));
    Chart c =
        new Chart("TAALK Fig. 7: mean FCT", "load (simultaneous connections)", "mean FCT (s)");
    int[] loads = s.loads();
    for (int i = 0; i < loads.length; i++) {
      Object[] row = new Object[ps.size() + 1];
      row[0] = loads[i];
      for (int k = 0; k < ps.size(); k++) {
        double m = Stats.mean(s.fcts(ps.get(k), i));
        row[k + 1] = m;
        c.point(ps.get(k).label(), loads[i], m);
      }
      t.row(row);
    }
    return new Figure("taalk-fig7", t, c.integerX());
  }

  /** Fig. 8: the spread of FCTs per load (the seed's box plots): quartiles, p95, max, outliers. */
  public static Figure fig8(Sweep s) {
    Table t =
        new Table(
            "TAALK Fig. 8: FCT spread per load (s)",
            "load",
            "policy",
            "p25",
            "median",
            "p75",
            "p95",
            "max",
            "outliers_over_0.9s");
    Chart c =
        new Chart("TAALK Fig. 8: FCT median and 95th percentile", "load", "FCT (s), log scale")
            .logY()
            .integerX();
    int[] loads = s.loads();
    for (int i = 0; i < loads.length; i++) {
      for (Policy p : s.policies()) {
        double[] f = s.fcts(p, i);
        long outliers = Arrays.stream(f).filter(x -> x >= OUTLIER_S).count();
        t.row(
            loads[i],
            p.label(),
            Stats.quantile(f, 0.25),
            Stats.quantile(f, 0.5),
            Stats.quantile(f, 0.75),
            Stats.quantile(f, 0.95),
            Stats.max(f),
            outliers);
        c.point(p.label() + " median", loads[i], Stats.quantile(f, 0.5));
        c.point(p.label() + " p95", loads[i], Stats.quantile(f, 0.95));
      }
    }
    return new Figure("taalk-fig8", t, c);
  }

  /** Fig. 9: the largest FCT per load (the job completion time), over all repetitions. */
  public static Figure fig9(Sweep s) {
    List<Policy> ps = s.policies();
    boolean ratios = ps.contains(Policy.TAALK);
    String[] head = header("load", ps, "");
    if (ratios) {
      head = Arrays.copyOf(head, head.length + ps.size() - 1);
      int k = ps.size() + 1;
      for (Policy p : ps) {
        if (p != Policy.TAALK) head[k++] = p.label() + "_over_taalk";
      }
    }
    Table t = new Table("TAALK Fig. 9: job completion time, the largest FCT (s)", head);
    Chart c = new Chart("TAALK Fig. 9: largest FCT per load", "load", "max FCT (s), log scale");
    int[] loads = s.loads();
    for (int i = 0; i < loads.length; i++) {
      Object[] row = new Object[head.length];
      row[0] = loads[i];
      for (int k = 0; k < ps.size(); k++) {
        double m = Stats.max(s.fcts(ps.get(k), i));
        row[k + 1] = m;
        c.point(ps.get(k).label(), loads[i], m);
      }
      if (ratios) {
        double taalk = Stats.max(s.fcts(Policy.TAALK, i));
        int k = ps.size() + 1;
        for (Policy p : ps) {
          if (p != Policy.TAALK) row[k++] = Stats.max(s.fcts(p, i)) / taalk;
        }
      }
      t.row(row);
    }
    return new Figure("taalk-fig9", t, c.logY().integerX());
  }

  /** Figs. 10-12: the distribution of FCTs at one load, as a cumulative distribution. */
  public static Figure distribution(Sweep s, int load, String id) {
    int li = s.indexOf(load);
    Table t = new Table("TAALK FCT distribution at load " + load, "policy", "fct_s", "cdf");
    Chart c =
        new Chart("TAALK FCT distribution, load " + load, "FCT (s), log scale", "fraction of flows")
            .logX();
    for (Policy p : s.policies()) {
      double[] f = s.fcts(p, li);
      Arrays.sort(f);
      for (int k = 0; k < f.length; k++) t.row(p.label(), f[k], (k + 1) / (double) f.length);
      c.cdf(p.label(), f);
    }
    return new Figure(id, t, c);
  }

  private static String[] header(String first, List<Policy> ps, String suffix) {
    String[] h = new String[ps.size() + 1];
    h[0] = first;
    for (int k = 0; k < ps.size(); k++) h[k + 1] = ps.get(k).label() + suffix;
    return h;
  }
}
