package io.pikachu.advisor;

import io.pikachu.sim.calib.Stats;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The advice on the jobs of one name: recurring jobs are what an admin decides on, and one run of a
 * job scatters (8-10% run to run on the embedded cluster), so the median over its runs says more
 * than any one of them.
 */
public final class JobNameSummary {
  public final String name;
  public final int jobs;
  public final int stock;
  public final int underPikachu;
  public final int noBins;
  public final int stepsAside;
  public final double medianMeasured;

  /** Medians over the stock runs of the predicted saving and of its interval's ends (NaN: none). */
  public final double saving;

  public final double savingLow;
  public final double savingHigh;

  /** The same over the runs under Pikachu: what they gained. */
  public final double gained;

  public final double gainedLow;
  public final double gainedHigh;

  private JobNameSummary(String name, List<Advice> runs) {
    this.name = name;
    this.jobs = runs.size();
    int s = 0;
    int pk = 0;
    int nb = 0;
    int as = 0;
    List<Double> measured = new ArrayList<Double>();
    List<double[]> sv = new ArrayList<double[]>();
    List<double[]> gn = new ArrayList<double[]>();
    for (Advice a : runs) {
      measured.add(a.measuredSeconds);
      switch (a.kind) {
        case STOCK:
          s++;
          sv.add(new double[] {a.saving, a.savingLow, a.savingHigh});
          break;
        case PIKACHU:
          pk++;
          gn.add(new double[] {a.saving, a.savingLow, a.savingHigh});
          break;
        case PIKACHU_NO_BINS:
          nb++;
          break;
        default:
          as++;
      }
    }
    this.stock = s;
    this.underPikachu = pk;
    this.noBins = nb;
    this.stepsAside = as;
    this.medianMeasured = Stats.median(measured);
    double[] sm = medians(sv);
    this.saving = sm[0];
    this.savingLow = sm[1];
    this.savingHigh = sm[2];
    double[] gm = medians(gn);
    this.gained = gm[0];
    this.gainedLow = gm[1];
    this.gainedHigh = gm[2];
  }

  private static double[] medians(List<double[]> rows) {
    double[] out = new double[3];
    for (int k = 0; k < 3; k++) {
      List<Double> v = new ArrayList<Double>();
      for (double[] r : rows) {
        v.add(r[k]);
      }
      out[k] = v.isEmpty() ? Double.NaN : Stats.median(v);
    }
    return out;
  }

  /** One summary per job name, by name. */
  public static List<JobNameSummary> of(List<Advice> jobs) {
    Map<String, List<Advice>> byName = new TreeMap<String, List<Advice>>();
    for (Advice a : jobs) {
      byName.computeIfAbsent(a.name == null ? "" : a.name, n -> new ArrayList<Advice>()).add(a);
    }
    List<JobNameSummary> out = new ArrayList<JobNameSummary>();
    for (Map.Entry<String, List<Advice>> e : byName.entrySet()) {
      out.add(new JobNameSummary(e.getKey(), e.getValue()));
    }
    return Collections.unmodifiableList(out);
  }
}
