package io.pikachu.sim.calib;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * What virtual bins do to a reducer's post-shuffle work (its final merge and reduce), measured on
 * the reducers' phase times of a suite data set: per application, the post-shuffle core-seconds of
 * every reducer of a run with bins whose map moved nothing after its first fetch (so the bytes it
 * copied are the bytes it held), against those bytes, by least squares: {@code fixed + perMb x MB};
 * and the same per MB of the stock reducers. A reducer's post-shuffle core-seconds are its
 * post-shuffle wall time times its CPU share (node cores over reduce slots): a slow node's reducers
 * run their merge and reduce at that share (results/simulator/2026-11-27-post-shuffle-logs).
 *
 * <p>Why it matters: every stock reducer of a suite run holds about the same bytes, so the stock
 * calibration cannot tell a reducer's fixed work from its work per byte and takes it all as per
 * byte. Runs with bins under a rebalanced map give reducers of one job 3.5 to 52 MB, and show a
 * fixed part (2026-11-24 and 2026-11-25 alike): taken as per byte, a small reducer on a slow node
 * is predicted too fast, and the reduce tail of rebalanced runs too short.
 *
 * <p>It is carried to the model in units of the stock per-MB cost of the same data set, so that a
 * calibration on another day (whose CPU per MB differs) keeps the shape, not the absolute seconds:
 * a reducer with bins pays {@link #fixedStockMb()} MB of stock post-shuffle work, plus {@link
 * #perMbRatio()} times stock's per MB.
 */
public final class BinsPostShuffle {
  private final String app;
  private final double fixedCoreS;
  private final double perMbCoreS;
  private final double stockPerMbCoreS;
  private final int reducers;
  private final double r2;

  BinsPostShuffle(
      String app,
      double fixedCoreS,
      double perMbCoreS,
      double stockPerMbCoreS,
      int reducers,
      double r2) {
    this.app = app;
    this.fixedCoreS = fixedCoreS;
    this.perMbCoreS = perMbCoreS;
    this.stockPerMbCoreS = stockPerMbCoreS;
    this.reducers = reducers;
    this.r2 = r2;
  }

  /**
   * Measures each application of {@code runs} that has stock runs and runs with bins, and at least
   * three reducers with bins of different sizes.
   */
  public static Map<String, BinsPostShuffle> measure(List<MeasuredRun> runs) {
    Map<String, SimpleRegression> bins = new TreeMap<String, SimpleRegression>();
    Map<String, List<Double>> stock = new TreeMap<String, List<Double>>();
    for (MeasuredRun r : runs) {
      boolean isStock = r.method().equals("stock");
      if (!isStock && r.movedMb() > 0) {
        continue; // bytes copied are not the bytes held
      }
      Map<String, Double> share = new LinkedHashMap<String, Double>();
      for (MeasuredRun.Node n : r.nodes()) {
        share.put(n.name, n.cpus / Math.max(1, n.reduceSlots));
      }
      for (MeasuredRun.Task t : r.reducers()) {
        Double cores = share.get(t.node);
        if (cores == null || !(t.shuffleMb > 0) || !(t.finish >= t.shuffleDone)) {
          continue;
        }
        double coreS = (t.finish - t.shuffleDone) * cores;
        if (isStock) {
          stock.computeIfAbsent(r.app(), a -> new ArrayList<Double>()).add(coreS / t.shuffleMb);
        } else {
          bins.computeIfAbsent(r.app(), a -> new SimpleRegression()).addData(t.shuffleMb, coreS);
        }
      }
    }
    Map<String, BinsPostShuffle> out = new TreeMap<String, BinsPostShuffle>();
    for (Map.Entry<String, SimpleRegression> e : bins.entrySet()) {
      SimpleRegression fit = e.getValue();
      List<Double> base = stock.get(e.getKey());
      if (base == null || fit.getN() < 3 || !(fit.getXSumSquares() > 0)) {
        continue;
      }
      out.put(
          e.getKey(),
          new BinsPostShuffle(
              e.getKey(),
              fit.getIntercept(),
              fit.getSlope(),
              Stats.median(base),
              (int) fit.getN(),
              fit.getRSquare()));
    }
    return Collections.unmodifiableMap(out);
  }

  public String app() {
    return app;
  }

  /** The fixed part, in MB of stock post-shuffle work. */
  public double fixedStockMb() {
    return fixedCoreS / stockPerMbCoreS;
  }

  /** The per-MB part over stock's per MB. */
  public double perMbRatio() {
    return perMbCoreS / stockPerMbCoreS;
  }

  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s: with bins %.3f core-s + %.4f core-s/MB (R^2 %.2f over %d reducers), stock %.4f"
            + " core-s/MB: a fixed %.1f MB of stock work and %.2f x stock per MB",
        app,
        fixedCoreS,
        perMbCoreS,
        r2,
        reducers,
        stockPerMbCoreS,
        fixedStockMb(),
        perMbRatio());
  }

  @Override
  public String toString() {
    return describe();
  }
}
