package io.pikachu.netmodels.crossrss;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The notes' seed-003 findings measured on one batch of the seed's setting (Figs. 2a and 2b, 10
 * runs with seeds {@code seed .. seed + 9}): what the {@code fidelity} command judges over batches.
 */
public final class CrossRssFindings {
  private CrossRssFindings() {}

  /** The batch's measures by row id; {@code small} shortens the runs (tests). */
  public static Map<String, Double> measure(long seed, boolean small) {
    CrossRssFigures.Settings s =
        small
            ? new CrossRssFigures.Settings(2, 2, 10, seed, true)
            : new CrossRssFigures.Settings(10, 10, 250, seed, true);
    List<Summary> a = CrossRssFigures.fig2a(s).rows();
    List<Summary> b = CrossRssFigures.fig2b(s).rows();
    Map<String, Double> m = new LinkedHashMap<>();
    double cross =
        a.stream()
            .filter(r -> r.policy() == Policy.CROSSRSS)
            .findFirst()
            .orElseThrow()
            .coreVariance();
    double worstRatio = Double.MAX_VALUE;
    double worstServer = 0;
    for (Summary r : a) {
      if (r.policy() == Policy.CROSSRSS) continue;
      worstRatio = Math.min(worstRatio, r.coreVariance() / cross);
      worstServer = Math.max(worstServer, r.serverVarianceMax());
    }
    m.put("003-core-variance", worstRatio);
    m.put("003-server-variance", 100 * worstServer);
    double spread = 0;
    for (double g : new double[] {16.7, 19.9}) {
      double ref = row(b, Policy.CROSSRSS, g).deliveredGbps();
      for (Policy p : Policy.values()) {
        spread = Math.max(spread, Math.abs(row(b, p, g).deliveredGbps() / ref - 1));
      }
    }
    m.put("003-equal-below-60", 100 * spread);
    for (double g : new double[] {33.3, 36.7}) {
      double c = row(b, Policy.CROSSRSS, g).deliveredGbps();
      m.put("003-rr-" + g, c / row(b, Policy.RR, g).deliveredGbps());
      m.put("003-hash-" + g, c / row(b, Policy.HASH, g).deliveredGbps());
    }
    return m;
  }

  /** Fig. 2b's offered loads, Gbps: its points in order. */
  private static final double[] NOMINAL = {16.7, 19.9, 23.3, 26.6, 30.0, 33.3, 36.7};

  /** A policy's point at a nominal offered load (by its place among the figure's loads). */
  private static Summary row(List<Summary> rows, Policy p, double offeredNominal) {
    int k = 0;
    while (Math.abs(NOMINAL[k] - offeredNominal) > 1e-9) k++;
    List<Summary> mine = rows.stream().filter(r -> r.policy() == p).toList();
    if (mine.size() != NOMINAL.length) {
      throw new IllegalStateException("Fig. 2b has " + mine.size() + " loads of " + p);
    }
    return mine.stream()
        .sorted(java.util.Comparator.comparingDouble(Summary::load))
        .toList()
        .get(k);
  }
}
