package io.pikachu.core.decision.estimate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rule {@value #NAME}: reducer capacity is a rate of work, and P is a share of bytes; the two are
 * proportional only while a reducer's work grows with its bytes alike on every node. It does not
 * where a reducer holds more map output than its in-memory merge takes: what is beyond is written
 * to disk and merged once more before the reduce function sees it, so each byte past that point
 * costs more of the reducer's time. A class whose reducers have less merge memory (the paper's
 * 2-core nodes had 2 GB for 2 reducers, the 8-core ones 16 GB) reaches that point at fewer bytes,
 * and shares proportional to capacity make its reducers the job's tail.
 *
 * <p>So the bytes are split such that every reducer's work after the shuffle, over its capacity, is
 * equal: with B its merge buffer and x its bytes, its work is x + {@value #MERGE_SHARE} * max(0, x
 * - B), the merge taken as half of a reducer's work after the shuffle (the reduce function the
 * other half: Hadoop gives neither a counter, so the split is assumed, not measured). P becomes
 * each class's bytes per reducer over the smallest class's. It applies only to ratios from {@code
 * reducer-capacity} (a rate of post-shuffle work: equation 2.1's shuffle rates already measure
 * bytes), and only where every class hosting reducers reported its buffer and the job's bytes are
 * estimated from the bins' sizes; the provisional map at placement knows neither, so the correction
 * applies it. Where no reducer's share exceeds its buffer nothing changes.
 */
public final class MergeBeyondMemory {

  public static final String NAME = "merge-beyond-memory";

  /** The final merge's share of a reducer's work after the shuffle (the rest: reduce). */
  static final double MERGE_SHARE = 0.5;

  private MergeBeyondMemory() {}

  /**
   * @param ratios the estimator's ratios
   * @param classes the classes measured, with their reducers
   * @param bufferBytes each reducer's in-memory merge buffer as it reported it (absent: unknown)
   * @param totalBytes the job's map output over all maps, 0 where not known
   * @param notes receives why, where the rule applies
   * @return {@code ratios}, or ratios of bytes with {@value #NAME} recorded after their rules
   */
  public static Ratios apply(
      Ratios ratios,
      List<ClassMeasurement> classes,
      Map<Integer, Long> bufferBytes,
      long totalBytes,
      List<String> notes) {
    if (totalBytes <= 0
        || !ratios.hasBasis()
        || !ratios.rules().contains(ReducerCapacityEstimator.NAME)) {
      return ratios;
    }
    List<ClassMeasurement> hosting = new ArrayList<>();
    List<Double> buffers = new ArrayList<>();
    for (ClassMeasurement c : classes) {
      if (!c.hasReducers()) {
        continue;
      }
      List<Double> known = new ArrayList<>();
      for (int r : c.reducers()) {
        Long b = bufferBytes.get(r);
        if (b != null && b > 0) {
          known.add(b.doubleValue());
        }
      }
      if (known.isEmpty() || ratios.p().get(c.name()) == null) {
        return ratios;
      }
      hosting.add(c);
      buffers.add(ClassMeasurer.median(known));
    }
    if (hosting.isEmpty()) {
      return ratios;
    }
    int k = hosting.size();
    double[] p = new double[k];
    double[] n = new double[k];
    double[] b = buffers.stream().mapToDouble(Double::doubleValue).toArray();
    double weight = 0;
    for (int i = 0; i < k; i++) {
      p[i] = ratios.p().get(hosting.get(i).name());
      n[i] = hosting.get(i).reducers().size();
      weight += n[i] * p[i];
    }
    // t is the work per unit of capacity every reducer ends with; the bytes it takes grow with t,
    // so bisect on t until they sum to the job's bytes. At t = total (1 + w) / sum(n p) every
    // reducer takes at least t p / (1 + w), so the sum is at least the total.
    double lo = 0;
    double hi = totalBytes * (1 + MERGE_SHARE) / weight;
    for (int it = 0; it < 200; it++) {
      double t = (lo + hi) / 2;
      if (held(t, p, n, b) < totalBytes) {
        lo = t;
      } else {
        hi = t;
      }
    }
    double[] x = new double[k];
    boolean beyond = false;
    int smallest = 0;
    for (int i = 0; i < k; i++) {
      x[i] = bytes(hi, p[i], b[i]);
      beyond |= hi * p[i] > b[i];
      if (x[i] < x[smallest]) {
        smallest = i;
      }
    }
    if (!beyond) {
      return ratios;
    }
    Map<String, Double> out = new LinkedHashMap<>();
    List<String> detail = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      String name = hosting.get(i).name();
      out.put(name, x[i] / x[smallest]);
      detail.add(
          String.format(
              Locale.ROOT,
              "'%s' buffer %.0f MB, %.0f MB a reducer, P %.3f -> %.3f",
              name,
              b[i] / MB,
              x[i] / MB,
              p[i],
              x[i] / x[smallest]));
    }
    notes.add(
        String.format(
            Locale.ROOT,
            "%s: about %.0f MB of map output; a reducer's bytes beyond its in-memory merge buffer"
                + " are merged once more from disk, so the bytes are split to even each reducer's"
                + " work after the shuffle over its capacity: %s",
            NAME,
            totalBytes / MB,
            detail));
    List<String> rules = new ArrayList<>(ratios.rules());
    rules.add(NAME);
    return Ratios.of(hosting.get(smallest).name(), out, Collections.unmodifiableList(rules));
  }

  private static final double MB = 1024.0 * 1024.0;

  private static double held(double t, double[] p, double[] n, double[] b) {
    double sum = 0;
    for (int i = 0; i < p.length; i++) {
      sum += n[i] * bytes(t, p[i], b[i]);
    }
    return sum;
  }

  /** The bytes whose work x + w max(0, x - buffer) is t times the capacity p. */
  private static double bytes(double t, double p, double buffer) {
    double work = t * p;
    return work <= buffer ? work : (work + MERGE_SHARE * buffer) / (1 + MERGE_SHARE);
  }
}
