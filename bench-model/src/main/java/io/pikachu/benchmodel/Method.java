package io.pikachu.benchmodel;

import io.pikachu.core.config.Estimator;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a job partitions its reduce side, in the words the suite's {@code results.csv}, the
 * simulator's figures and the advisor's reports all use: stock Hadoop (no estimator), or Pikachu's
 * bins with one of the controller's estimators ({@link Estimator}, the values of {@code
 * pikachu.estimator}). A sweep point ({@link Estimator#FIXED}) is Pikachu's mechanism with a P
 * given in advance; the best of a sweep is "Optimal".
 *
 * <p>{@code nodeSpeedCopies}: whether the speculator judges map copies by measured node speed (rule
 * map-copy-by-node-speed, on by default); {@link #TWO_STAGE_HADOOP_COPIES} turns it off, to measure
 * what it changes in the map phase. Immutable.
 */
public final class Method {
  public static final Method STOCK = new Method(null, Double.NaN, true);
  public static final Method TARAZU = new Method(Estimator.TARAZU, Double.NaN, true);
  public static final Method PIKACHU = new Method(Estimator.PIKACHU, Double.NaN, true);
  public static final Method TWO_STAGE = new Method(Estimator.TWO_STAGE, Double.NaN, true);
  public static final Method TWO_STAGE_HADOOP_COPIES =
      new Method(Estimator.TWO_STAGE, Double.NaN, false);

  /** The methods a suite repetition may run, in the order they alternate; sweep points follow. */
  public static final List<Method> COMPARED =
      Collections.unmodifiableList(
          Arrays.asList(STOCK, TARAZU, PIKACHU, TWO_STAGE, TWO_STAGE_HADOOP_COPIES));

  static final String STOCK_LABEL = "stock";
  static final String FIXED_PREFIX = "fixed-";
  static final String HADOOP_COPIES_SUFFIX = "-hadoop-copies";

  private final Estimator estimator;
  private final double fixedP;
  private final boolean nodeSpeedCopies;

  private Method(Estimator estimator, double fixedP, boolean nodeSpeedCopies) {
    boolean fixed = estimator == Estimator.FIXED;
    if (fixed != !Double.isNaN(fixedP)) {
      throw new IllegalArgumentException("a P is given for, and only for, a fixed sweep point");
    }
    if (fixed && !(fixedP > 0) || Double.isInfinite(fixedP)) {
      throw new IllegalArgumentException("a sweep point's P must be positive, got " + fixedP);
    }
    this.estimator = estimator;
    this.fixedP = fixedP;
    this.nodeSpeedCopies = nodeSpeedCopies || estimator == null;
  }

  /** Pikachu's bins and controller with {@code estimator} (not {@link Estimator#FIXED}). */
  public static Method of(Estimator estimator) {
    Objects.requireNonNull(estimator, "estimator");
    return new Method(estimator, Double.NaN, true);
  }

  /**
   * A sweep point: Pikachu's mechanism at a fixed P, rounded to the two decimals that labels,
   * results.csv and the report show (so a resumed suite finds its own runs by label).
   */
  public static Method fixed(double p) {
    if (!(p > 0) || Double.isInfinite(p)) {
      throw new IllegalArgumentException("a fixed P must be positive, got " + p);
    }
    return new Method(Estimator.FIXED, Math.round(p * 100) / 100.0, true);
  }

  /**
   * The method a label names: {@code stock}, an estimator's configuration value ({@link
   * Estimator#names()}), that value with {@code -hadoop-copies}, or {@code fixed-<P>}.
   *
   * @throws IllegalArgumentException naming what is known
   */
  public static Method parse(String label) {
    String t = label.trim().toLowerCase(Locale.ROOT);
    if (t.equals(STOCK_LABEL)) {
      return STOCK;
    }
    if (t.startsWith(FIXED_PREFIX)) {
      try {
        return fixed(Double.parseDouble(t.substring(FIXED_PREFIX.length())));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a fixed P: '" + label + "'", e);
      }
    }
    boolean hadoopCopies = t.endsWith(HADOOP_COPIES_SUFFIX);
    String name = hadoopCopies ? t.substring(0, t.length() - HADOOP_COPIES_SUFFIX.length()) : t;
    Estimator e;
    try {
      e = Estimator.fromConfigValue(name);
    } catch (IllegalArgumentException unknown) {
      throw new IllegalArgumentException(
          "unknown method '" + label + "'; known: " + STOCK_LABEL + ", " + knownNames(), unknown);
    }
    if (e == Estimator.FIXED) {
      throw new IllegalArgumentException("a fixed method names its P: fixed-<P>, e.g. fixed-3.5");
    }
    return new Method(e, Double.NaN, !hadoopCopies);
  }

  /** Every estimator's name, with {@code fixed-<P>} for the sweep points. */
  static String knownNames() {
    return Estimator.names().replace(Estimator.FIXED.configValue(), FIXED_PREFIX + "<P>");
  }

  /** The estimator, or null for stock. */
  public Estimator estimator() {
    return estimator;
  }

  /** The {@code pikachu.estimator} value, or null for stock. */
  public String estimatorName() {
    return estimator == null ? null : estimator.configValue();
  }

  /** The {@code pikachu.fixed.p} value; NaN unless a sweep point. */
  public double fixedP() {
    return fixedP;
  }

  public boolean nodeSpeedCopies() {
    return nodeSpeedCopies;
  }

  public boolean isStock() {
    return estimator == null;
  }

  /** Whether the job runs with Pikachu's bins and controller. */
  public boolean usesController() {
    return estimator != null;
  }

  public boolean isSweepPoint() {
    return estimator == Estimator.FIXED;
  }

  /**
   * The name in results.csv, run directories, figures and reports: {@code stock}, the estimator's
   * configuration value, or {@code fixed-2.50} for a sweep point.
   */
  public String label() {
    if (isSweepPoint()) {
      return String.format(Locale.ROOT, FIXED_PREFIX + "%.2f", fixedP);
    }
    String base = estimator == null ? STOCK_LABEL : estimator.configValue();
    return nodeSpeedCopies ? base : base + HADOOP_COPIES_SUFFIX;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Method)) {
      return false;
    }
    Method m = (Method) o;
    return estimator == m.estimator
        && Double.compare(fixedP, m.fixedP) == 0
        && nodeSpeedCopies == m.nodeSpeedCopies;
  }

  @Override
  public int hashCode() {
    return Objects.hash(estimator, fixedP, nodeSpeedCopies);
  }

  @Override
  public String toString() {
    return label();
  }
}
