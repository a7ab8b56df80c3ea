package io.pikachu.netmodels.taalk;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The notes' seed-001 findings measured on one sweep of the seed's testbed (loads 1-100, 10
 * repetitions, TAALK and random choice) with one seed: what the {@code fidelity} command judges
 * over seeds.
 */
public final class TaalkFindings {
  private static final double[] SYN_BACKOFF_S = {1, 3, 7, 15, 31};

  private TaalkFindings() {}

  /** The sweep's measures by row id, on the seed's testbed. */
  public static Map<String, Double> measure(long seed) {
    return measure(seed, Setup.seedTestbed());
  }

  /** The same on another testbed (other costs: the sensitivity of the rows to them). */
  public static Map<String, Double> measure(long seed, Setup testbed) {
    Sweep s =
        Sweep.run(
            testbed.withSeed(seed),
            java.util.List.of(Policy.TAALK, Policy.RANDOM),
            IntStream.rangeClosed(1, 100).toArray(),
            10);
    Map<String, Double> m = new LinkedHashMap<>();
    int outliers = 0;
    int atBackoff = 0;
    double best = 0;
    double bestHigh = 0;
    int high = 0;
    int lowerHigh = 0;
    int mid = 0;
    int above = 0;
    for (int i = 0; i < s.loads().length; i++) {
      int load = s.loads()[i];
      for (double f : s.fcts(Policy.RANDOM, i)) {
        if (f < TaalkFigures.OUTLIER_S) continue;
        outliers++;
        double nearest = Double.MAX_VALUE;
        for (double b : SYN_BACKOFF_S) nearest = Math.min(nearest, Math.abs(f - b));
        if (nearest <= 0.5) atBackoff++;
      }
      double taalk = Stats.max(s.fcts(Policy.TAALK, i));
      double random = Stats.max(s.fcts(Policy.RANDOM, i));
      best = Math.max(best, random / taalk);
      if (load >= 60) {
        high++;
        bestHigh = Math.max(bestHigh, random / taalk);
        if (taalk < random) lowerHigh++;
      }
      if (load >= 30) {
        mid++;
        if (Stats.mean(s.fcts(Policy.TAALK, i)) > Stats.mean(s.fcts(Policy.RANDOM, i))) above++;
      }
    }
    m.put("001-outliers", outliers == 0 ? Double.NaN : (double) atBackoff / outliers);
    m.put("001-job-ratio", best);
    m.put("001-job-ratio-60", bestHigh);
    m.put("001-job-lower-60", (double) lowerHigh / high);
    m.put("001-mean-above", (double) above / mid);
    return m;
  }
}
