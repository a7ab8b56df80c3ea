package io.pikachu.sim.calib;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * What the machine's own scatter allows any predictor of held-back runs, from the measured runs
 * alone: the model plays no part except where a row says so.
 *
 * <p>Two questions. How well does the best guess one could make without a model do, the measured
 * mean of the same application, cluster and method in the other rounds? And in how many paired
 * rounds would even an exact model name the measured winner, when one paired difference scatters by
 * {@link Validation#pairNoise()}? A single round's measured difference x of true mean d, x ~ N(d,
 * noise), has the sign of d with probability Phi(|d| / noise); among the rounds with |x| above a
 * threshold t, with probability P(x &gt; t) / (P(x &gt; t) + P(x &lt; -t)) for d &gt; 0.
 */
public final class NoiseFloor {
  private static final NormalDistribution STANDARD = new NormalDistribution(0, 1);

  private NoiseFloor() {}

  /** Chance that one round's measured difference has the sign of a true difference {@code d}. */
  public static double agreementChance(double d, double noise) {
    return STANDARD.cumulativeProbability(Math.abs(d) / noise);
  }

  /**
   * The same chance among the rounds whose measured difference exceeds {@code threshold} in size
   * (all three as log ratios or fractions alike).
   */
  public static double agreementChanceBeyond(double d, double noise, double threshold) {
    double right = 1 - STANDARD.cumulativeProbability((threshold - Math.abs(d)) / noise);
    double wrong = STANDARD.cumulativeProbability((-threshold - Math.abs(d)) / noise);
    return right + wrong == 0 ? 0.5 : right / (right + wrong);
  }

  /**
   * What an exact model would miss a held-back run by, from the measurements alone: over every pair
   * of runs of the same application, cluster and method (two rounds of one job), the median of
   * |log(a / b)|, over sqrt 2. A pair's log ratio is the difference of two runs' scatter around
   * their common mean, so it spreads sqrt 2 times as wide as one run's; an exact model's error is
   * one run's scatter. NaN without a pair.
   *
   * @param column 0 job time, 1 map phase, 2 reduce tail
   */
  public static double floor(List<Validation.Row> rows, int column) {
    Map<String, List<Validation.Row>> groups = new LinkedHashMap<String, List<Validation.Row>>();
    for (Validation.Row r : rows) {
      groups.computeIfAbsent(group(r), g -> new ArrayList<Validation.Row>()).add(r);
    }
    List<Double> d = new ArrayList<Double>();
    for (List<Validation.Row> g : groups.values()) {
      for (int i = 0; i < g.size(); i++) {
        for (int j = i + 1; j < g.size(); j++) {
          d.add(Math.abs(Math.log(measured(g.get(i), column) / measured(g.get(j), column))));
        }
      }
    }
    return d.isEmpty() ? Double.NaN : Stats.median(d) / Math.sqrt(2);
  }

  private static double measured(Validation.Row r, int column) {
    switch (column) {
      case 0:
        return r.run.jobSeconds();
      case 1:
        return r.run.mapPhaseSeconds();
      default:
        return r.run.reduceTailSeconds();
    }
  }

  /**
   * Absolute errors of job time, map phase and reduce tail when every run is "predicted" by the
   * mean of its application, cluster and method's measured runs in the other rounds (runs without
   * another round are left out).
   */
  static double[][] otherRoundsErrors(List<Validation.Row> rows) {
    Map<String, List<Validation.Row>> groups = new LinkedHashMap<String, List<Validation.Row>>();
    for (Validation.Row r : rows) {
      groups.computeIfAbsent(group(r), g -> new ArrayList<Validation.Row>()).add(r);
    }
    List<double[]> errors = new ArrayList<double[]>();
    for (Validation.Row r : rows) {
      double job = 0;
      double map = 0;
      double tail = 0;
      int n = 0;
      for (Validation.Row o : groups.get(group(r))) {
        if (o.run.rep() != r.run.rep()) {
          job += o.run.jobSeconds();
          map += o.run.mapPhaseSeconds();
          tail += o.run.reduceTailSeconds();
          n++;
        }
      }
      if (n > 0) {
        errors.add(
            new double[] {
              Math.abs(job / n / r.run.jobSeconds() - 1),
              Math.abs(map / n / r.run.mapPhaseSeconds() - 1),
              Math.abs(tail / n / r.run.reduceTailSeconds() - 1)
            });
      }
    }
    double[][] e = new double[3][errors.size()];
    for (int i = 0; i < errors.size(); i++) {
      for (int k = 0; k < 3; k++) {
        e[k][i] = errors.get(i)[k];
      }
    }
    return e;
  }

  /** The other-rounds baseline as a row of {@link Validation#table()}. */
  static String otherRoundsRow(List<Validation.Row> rows) {
    double[][] e = otherRoundsErrors(rows);
    return String.format(
        Locale.ROOT,
        "| measured mean of the other rounds (no model; about sqrt 1.5 times the floor) | %d | %s |"
            + " %s | %s |  |  |  |%n",
        e[0].length,
        Validation.cell(e[0]),
        Validation.cell(e[1]),
        Validation.cell(e[2]));
  }

  /**
   * Per cluster, the paired rounds of stock and {@code method}: how many the model calls as
   * measured, against how many an exact model would be expected to, over all rounds and over the
   * rounds beyond the noise. "Exact" twice: a model whose predicted differences are the truth, and
   * one that knows each application's measured mean difference over the rounds (an upper bound, as
   * that mean includes the round being judged).
   */
  public static String agreementTable(Validation v, String method) {
    double noise = v.pairNoise();
    Map<String, List<double[]>> byConfig = new LinkedHashMap<String, List<double[]>>();
    Map<String, List<Double>> measuredByGroup = new LinkedHashMap<String, List<Double>>();
    for (Validation.Row r : v.rows()) {
      Validation.Row s = v.stockOf(r);
      if (r.run.method().equals(method) && s != null) {
        measuredByGroup
            .computeIfAbsent(group(r), g -> new ArrayList<Double>())
            .add(Math.log(r.run.jobSeconds() / s.run.jobSeconds()));
      }
    }
    for (Validation.Row r : v.rows()) {
      Validation.Row s = v.stockOf(r);
      if (!r.run.method().equals(method) || s == null) {
        continue;
      }
      double measured = Math.log(r.run.jobSeconds() / s.run.jobSeconds());
      double predicted = Math.log(r.predJob / s.predJob);
      double mean = Stats.mean(measuredByGroup.get(group(r)));
      byConfig
          .computeIfAbsent(r.run.config(), c -> new ArrayList<double[]>())
          .add(new double[] {measured, predicted, mean});
    }
    StringBuilder t =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "| cluster | paired rounds | same winner: model | expected of an exact model:"
                    + " predicted differences true | measured means true | rounds beyond the"
                    + " noise (%.1f%%) | same winner there: model | expected: predicted true |"
                    + " measured means true |%n"
                    + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |%n",
                100 * noise));
    List<double[]> all = new ArrayList<double[]>();
    for (Map.Entry<String, List<double[]>> e : byConfig.entrySet()) {
      t.append(agreementRow(e.getKey(), e.getValue(), noise));
      all.addAll(e.getValue());
    }
    t.append(agreementRow("all", all, noise));
    return t.toString();
  }

  private static String agreementRow(String label, List<double[]> pairs, double noise) {
    // The same rounds as Validation#sameWinnerBeyond: measured time ratio - 1 beyond the noise.
    double threshold = noise;
    int same = 0;
    int beyond = 0;
    int sameBeyond = 0;
    double expPred = 0;
    double expMean = 0;
    double expPredBeyond = 0;
    double expMeanBeyond = 0;
    for (double[] p : pairs) {
      boolean agree = (p[0] < 0) == (p[1] < 0);
      same += agree ? 1 : 0;
      expPred += agreementChance(p[1], noise);
      expMean += agreementChance(p[2], noise);
      if (Math.abs(Math.expm1(p[0])) > threshold) {
        beyond++;
        sameBeyond += agree ? 1 : 0;
        expPredBeyond += agreementChanceBeyond(p[1], noise, threshold);
        expMeanBeyond += agreementChanceBeyond(p[2], noise, threshold);
      }
    }
    int n = pairs.size();
    return String.format(
        Locale.ROOT,
        "| %s | %d | %d (%.0f%%) | %.1f (%.0f%%) | %.1f (%.0f%%) | %d | %d | %.1f | %.1f |%n",
        label,
        n,
        same,
        100.0 * same / n,
        expPred,
        100 * expPred / n,
        expMean,
        100 * expMean / n,
        beyond,
        sameBeyond,
        expPredBeyond,
        expMeanBeyond);
  }

  private static String group(Validation.Row r) {
    return r.run.app() + "/" + r.run.config() + "/" + r.run.method();
  }
}
