package io.pikachu.bench.suite;

import io.pikachu.am.Pikachu;
import io.pikachu.core.config.Estimator;
import io.pikachu.core.config.PikachuKeys;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * How a suite job partitions the reduce side: stock Hadoop (no estimator), or Pikachu's bins with
 * one of the controller's estimators. A sweep point ({@link Estimator#FIXED}) is Pikachu's
 * mechanism with a P given in advance; the best of them is the report's Optimal.
 *
 * <p>{@code nodeSpeedCopies}: whether the speculator judges map copies by measured node speed (rule
 * map-copy-by-node-speed, on by default); {@link #TWO_STAGE_HADOOP_COPIES} turns it off, to measure
 * what it changes in the map phase.
 */
public record Method(Optional<Estimator> estimator, double fixedP, boolean nodeSpeedCopies) {
  public static final Method STOCK = new Method(Optional.empty(), Double.NaN);
  public static final Method TARAZU = new Method(Optional.of(Estimator.TARAZU), Double.NaN);
  public static final Method PIKACHU = new Method(Optional.of(Estimator.PIKACHU), Double.NaN);
  public static final Method TWO_STAGE = new Method(Optional.of(Estimator.TWO_STAGE), Double.NaN);
  public static final Method TWO_STAGE_HADOOP_COPIES =
      new Method(Optional.of(Estimator.TWO_STAGE), Double.NaN, false);

  /** The methods a repetition may run, in the order they alternate; the sweep points follow. */
  public static final List<Method> COMPARED =
      List.of(STOCK, TARAZU, PIKACHU, TWO_STAGE, TWO_STAGE_HADOOP_COPIES);

  private static final String STOCK_LABEL = "stock";
  private static final String HADOOP_COPIES_SUFFIX = "-hadoop-copies";

  public Method(Optional<Estimator> estimator, double fixedP) {
    this(estimator, fixedP, true);
  }

  public Method {
    boolean fixed = estimator.equals(Optional.of(Estimator.FIXED));
    if (fixed != !Double.isNaN(fixedP)) {
      throw new IllegalArgumentException("a P is given for, and only for, a fixed sweep point");
    }
    if (fixed && !(fixedP > 0)) {
      throw new IllegalArgumentException("a sweep point's P must be positive, got " + fixedP);
    }
  }

  public static Method fixed(double p) {
    // Two decimals are what the CSV and the report show; rounding here keeps resume keys stable.
    return new Method(Optional.of(Estimator.FIXED), Math.round(p * 100) / 100.0);
  }

  public boolean isStock() {
    return estimator.isEmpty();
  }

  public boolean isSweepPoint() {
    return estimator.equals(Optional.of(Estimator.FIXED));
  }

  /**
   * The name in results.csv and in run directories: {@code stock}, the estimator's configuration
   * value, or {@code fixed-2.50} for a sweep point.
   */
  public String label() {
    if (isSweepPoint()) {
      return String.format(Locale.ROOT, "fixed-%.2f", fixedP);
    }
    String base = estimator.map(Estimator::configValue).orElse(STOCK_LABEL);
    return nodeSpeedCopies || isStock() ? base : base + HADOOP_COPIES_SUFFIX;
  }

  /** Sets this method's keys on a job's configuration. */
  public void configure(Configuration conf) {
    if (isStock()) {
      return;
    }
    Pikachu.enable(conf);
    conf.set(PikachuKeys.ESTIMATOR.name(), estimator.get().configValue());
    if (isSweepPoint()) {
      conf.set(PikachuKeys.FIXED_P.name(), Double.toString(fixedP));
    }
    if (!nodeSpeedCopies) {
      conf.setBoolean(PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.name(), false);
    }
  }
}
