package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.QueueSampler;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.report.Intervals;
import io.pikachu.netmodels.report.Table;
import io.pikachu.netmodels.run.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Seed 002's queue-spread rows (Figs. 5.9, 5.10: ECMP / DRILL 92x at 40%, 10.5x at 80%) as a
 * controlled experiment: the same runs read three ways ({@link QueueSampler}: the figure's
 * instantaneous spread across a switch's ports, the pooled one over ports and time, the temporal
 * one per port), for each scheme (the salted ECMP, the scripts' additive {@code ecmp-add}, ...),
 * load and seed, with the sampling period and span as options: the figure samples every 1 us in the
 * measurement window, the thesis "every 1 [u]s for 5 seconds".
 */
public final class QueueSpread {
  /** The three readings, in the order of the table's columns. */
  static final String[] READINGS = {"instant", "pooled", "temporal"};

  private final DrillSetup setup;
  private final long seed;
  private final int runs;
  private final Runner runner;
  private final long periodPs;
  private final long fromPs;
  private final long toPs;

  /** Sampling every {@code periodPs} in {@code [fromPs, toPs)} of runs of {@code setup}. */
  public QueueSpread(
      DrillSetup setup, long seed, int runs, Runner runner, long periodPs, long fromPs, long toPs) {
    if (periodPs <= 0) throw new IllegalArgumentException("--sample-every must be positive");
    if (fromPs >= toPs) {
      throw new IllegalArgumentException(
          "the sampling span is empty: from " + fromPs + " to " + toPs);
    }
    if (toPs > setup.durationPs()) {
      throw new IllegalArgumentException(
          "--sample-to is after the run's end ("
              + setup.durationPs() / 1e12
              + " s): lengthen the run with --duration or --tail");
    }
    this.setup = setup;
    this.seed = seed;
    this.runs = runs;
    this.runner = runner;
    this.periodPs = periodPs;
    this.fromPs = fromPs;
    this.toPs = toPs;
  }

  /** One run's readings: per reading, leaf, spine and their mean. */
  record Reading(double load, Scheme scheme, long seed, long samples, double[][] tiers) {
    double combined(int reading) {
      return (tiers[reading][0] + tiers[reading][1]) / 2;
    }
  }

  /** Every (load, scheme, seed) run, in that order. */
  List<Reading> measure(double[] loads, List<Scheme> schemes) {
    List<Runner.Job> jobs = new ArrayList<>();
    List<double[]> keys = new ArrayList<>();
    List<Scheme> keyed = new ArrayList<>();
    for (double load : loads) {
      for (Scheme s : schemes) {
        for (int r = 0; r < runs; r++) {
          long sd = seed + r;
          keys.add(new double[] {load, sd});
          keyed.add(s);
          jobs.add(
              new Runner.Job(
                  String.format(Locale.ROOT, "load %.0f%% %s seed %d", 100 * load, s.label(), sd),
                  () ->
                      setup
                          .simulation(s, load, sd, false)
                          .sampleQueues(periodPs, fromPs, toPs)
                          .run()));
        }
      }
    }
    List<RunResult> results = runner.run(jobs);
    List<Reading> out = new ArrayList<>();
    for (int k = 0; k < results.size(); k++) {
      QueueSampler q = results.get(k).queues();
      double[][] t = {
        {q.lowerMean(), q.upperMean()},
        {q.lowerPooled(), q.upperPooled()},
        {q.lowerTemporal(), q.upperTemporal()}
      };
      out.add(new Reading(keys.get(k)[0], keyed.get(k), (long) keys.get(k)[1], q.samples(), t));
    }
    return out;
  }

  /**
   * The figure: per (load, scheme) each reading's leaf, spine and combined spread, mean and 95%
   * half-width over seeds; per load and scheme other than the first, its combined spread over the
   * first scheme's (DRILL's), seed by seed, mean and half-width. One row per run beside it.
   */
  public Figure figure(double[] loads, List<Scheme> schemes) {
    List<Reading> all = measure(loads, schemes);
    Table t =
        new Table(
            "Seed 002: queue spread (packets) under three readings of the thesis's statistic",
            "load",
            "scheme",
            "reading",
            "seeds",
            "leaf",
            "spine",
            "combined",
            "combined_ci95",
            "over_" + schemes.get(0).label(),
            "over_ci95");
    Table each =
        new Table(
            "Seed 002: queue spread, one row per run",
            "load",
            "scheme",
            "seed",
            "samples",
            "instant_leaf",
            "instant_spine",
            "pooled_leaf",
            "pooled_spine",
            "temporal_leaf",
            "temporal_spine");
    for (Reading r : all) {
      each.row(
          r.load(),
          r.scheme().label(),
          r.seed(),
          r.samples(),
          r.tiers()[0][0],
          r.tiers()[0][1],
          r.tiers()[1][0],
          r.tiers()[1][1],
          r.tiers()[2][0],
          r.tiers()[2][1]);
    }
    int perLoad = schemes.size() * runs;
    for (int l = 0; l < loads.length; l++) {
      for (int s = 0; s < schemes.size(); s++) {
        List<Reading> mine = all.subList(l * perLoad + s * runs, l * perLoad + (s + 1) * runs);
        List<Reading> base = all.subList(l * perLoad, l * perLoad + runs);
        for (int k = 0; k < READINGS.length; k++) {
          int reading = k;
          double[] leaf = mine.stream().mapToDouble(r -> r.tiers()[reading][0]).toArray();
          double[] spine = mine.stream().mapToDouble(r -> r.tiers()[reading][1]).toArray();
          double[] comb = mine.stream().mapToDouble(r -> r.combined(reading)).toArray();
          double[] ratio = new double[runs];
          for (int i = 0; i < runs; i++) {
            ratio[i] = mine.get(i).combined(reading) / base.get(i).combined(reading);
          }
          t.row(
              loads[l],
              schemes.get(s).label(),
              READINGS[k],
              runs,
              Intervals.mean(leaf),
              Intervals.mean(spine),
              Intervals.mean(comb),
              runs > 1 ? Intervals.halfWidth95(comb) : Double.NaN,
              s == 0 ? Double.NaN : Intervals.mean(ratio),
              s == 0 || runs < 2 ? Double.NaN : Intervals.halfWidth95(ratio));
        }
      }
    }
    t.note(setup.describe());
    t.note(
        String.format(
            Locale.ROOT,
            "queues sampled every %s in [%s, %s) s; leaf uplinks and spine downlinks; combined ="
                + " (leaf + spine) / 2, the thesis's figure",
            Scheme.formatInterval(periodPs),
            seconds(fromPs),
            seconds(toPs)));
    t.note(
        "instant: the std dev across a switch's ports at each sample, averaged over samples (the"
            + " figures'); pooled: one std dev over all of a switch's samples of all its ports;"
            + " temporal: each port's std dev over time, averaged over its ports");
    t.note("the thesis: ECMP / DRILL 92x at 40% (4.6 / 0.05), 10.5x at 80% (10 / 0.95)");
    return new Figure("drill-queues", t, List.of(), each);
  }

  private static String seconds(long ps) {
    return java.math.BigDecimal.valueOf(ps / 1e12).stripTrailingZeros().toPlainString();
  }
}
