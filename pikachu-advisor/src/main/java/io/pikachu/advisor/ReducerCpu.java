package io.pikachu.advisor;

import io.pikachu.sim.calib.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A reducer's CPU as a history shows it: per MB it copied, and, in a job that ran with virtual
 * bins, a fixed part every reducer with bins pays whatever its bytes.
 *
 * <p>Why the fixed part: under Pikachu a slow node's reducers hold a quarter of what a fast node's
 * do, and their CPU counters are not proportional to their bytes. On the 18 two-stage histories of
 * {@code results/advisor/2026-11-27-jhist-pairs} each job's reducers lie on a line {@code a + b x
 * MB} (R^2 0.994-1.000), a = 0.14-0.25 core-s, b 0.97-1.12 times the stock twin's CPU per MB; the
 * median CPU per MB, which is all a history whose reducers hold equal bytes gives, is 25-49% above
 * the stock twin's there (the small reducers' fixed part spread over few MB). Taken as per MB, it
 * made the stock replay of a Pikachu job too slow (the gain overstated). So a history with bins and
 * reducers of different sizes gives {@code b} as the per-MB cost and {@code a} as the cost of bins,
 * which the replay puts on reducers with bins only; a stock history, or one whose reducers all hold
 * about the same bytes, cannot tell the two apart and gives the median per MB. A stock job replayed
 * with bins is then charged {@link #STOCK_BINS_POST_SHUFFLE_CORE_S}, measured once on other
 * histories: without it, the replay had Pikachu's small reducers end as if bins cost nothing, and
 * over-stated the reduce tail's saving (by 28 points on five nodes).
 */
final class ReducerCpu {

  /**
   * What bins add to a reducer's post-shuffle work, in core-seconds, where the history cannot show
   * it (a stock job's reducers all hold about the same bytes). Measured on the reducers' phase
   * times, not their counters: a reducer with bins on a node it had to itself and used fully (the
   * embedded cluster's 0.25-core nodes: post-shuffle seconds times the node's cores) spent a median
   * 0.19 core-s beyond stock's post-shuffle core-s per MB of the same application on the same nodes
   * times its MB, on the 72 such reducers of the two-stage histories of {@code
   * results/advisor/2026-11-27-jhist-pairs} (the set the intervals come from). Held out: 0.18 on
   * the hold-out set's, 0.31 and 0.23 on the 0.2- and 0.4-core nodes of {@code
   * results/advisor/2026-11-29-five-nodes} (results/advisor/2026-11-29-bins-cost-and-classes). A
   * reducer's whole CPU with bins has a larger fixed part there (0.62-1.03 core-s against
   * 0.14-0.25), but the part beyond stock's CPU per MB that is not post-shuffle (about 0.4-0.5
   * core-s there, 0.03 on Config-1) is spent before the shuffle ends, beside the maps: it does not
   * lengthen the tail and is not replayed.
   */
  static final double STOCK_BINS_POST_SHUFFLE_CORE_S = 0.19;

  /** Reducer sizes must spread by this factor (largest over smallest) to show a fixed part. */
  static final double SIZE_SPREAD = 1.5;

  /** A line fitting worse than this does not describe the reducers: the median is kept. */
  static final double MIN_R_SQUARE = 0.8;

  /** Core-seconds per MB copied. */
  final double perMb;

  /**
   * Core-seconds every reducer pays with bins, beyond its bytes: a job with bins shows it, a stock
   * job is given {@link #STOCK_BINS_POST_SHUFFLE_CORE_S}; 0 when a job with bins does not show it.
   */
  final double binsFixedCoreS;

  /** What the replay did with the reducers' CPU, in words, or null when nothing to say. */
  final String note;

  private ReducerCpu(double perMb, double binsFixedCoreS, String note) {
    this.perMb = perMb;
    this.binsFixedCoreS = binsFixedCoreS;
    this.note = note;
  }

  /**
   * @param withBins whether the job ran with virtual bins
   * @param reducers each successful reducer's MB copied and CPU seconds at the reference speed
   */
  static ReducerCpu of(boolean withBins, List<double[]> reducers) {
    List<Double> perMb = new ArrayList<Double>();
    SimpleRegression line = new SimpleRegression();
    double smallest = Double.MAX_VALUE;
    double largest = 0;
    for (double[] r : reducers) {
      if (r[0] > 0) {
        perMb.add(r[1] / r[0]);
        line.addData(r[0], r[1]);
        smallest = Math.min(smallest, r[0]);
        largest = Math.max(largest, r[0]);
      }
    }
    double median = perMb.isEmpty() ? 0 : Stats.median(perMb);
    if (!withBins) {
      return new ReducerCpu(median, STOCK_BINS_POST_SHUFFLE_CORE_S, null);
    }
    if (perMb.size() < 3 || largest < SIZE_SPREAD * smallest) {
      return new ReducerCpu(median, 0, null);
    }
    double a = line.getIntercept();
    double b = line.getSlope();
    double r2 = line.getRSquare();
    if (!(b > 0) || !(a > 0) || !(r2 >= MIN_R_SQUARE)) {
      return new ReducerCpu(
          median,
          0,
          String.format(
              Locale.ROOT,
              "reducers' CPU not a fixed part plus a part per MB (intercept %.2f core-s, R^2 %.2f):"
                  + " the median per MB taken for both ways",
              a,
              r2));
    }
    return new ReducerCpu(
        b,
        a,
        String.format(
            Locale.ROOT,
            "reducers' CPU with bins %.2f core-s + %.4f core-s/MB (R^2 %.2f); stock replayed"
                + " without the %.2f",
            a,
            b,
            r2,
            a));
  }
}
