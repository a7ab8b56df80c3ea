package io.pikachu.sim.model;

import java.util.Locale;

/**
 * How the job runs: stock Hadoop (no bins, no controller), or with Pikachu's bins and the
 * controller set to one of its estimators. The estimator names are the values of {@code
 * pikachu.estimator}.
 */
public final class Method {
  public static final Method STOCK = new Method("stock", null, Double.NaN);
  public static final Method TARAZU = new Method("tarazu", "tarazu", Double.NaN);
  public static final Method PIKACHU = new Method("pikachu", "pikachu", Double.NaN);
  public static final Method TWO_STAGE = new Method("two-stage", "two-stage", Double.NaN);

  private final String label;
  private final String estimator;
  private final double fixedP;

  private Method(String label, String estimator, double fixedP) {
    this.label = label;
    this.estimator = estimator;
    this.fixedP = fixedP;
  }

  /** A fixed partition ratio, for sweeps (the paper's trial-and-error Optimal). */
  public static Method fixed(double p) {
    if (!(p > 0)) {
      throw new IllegalArgumentException("a fixed P must be positive, got " + p);
    }
    return new Method(String.format(Locale.ROOT, "fixed-%.2f", p), "fixed", p);
  }

  /** stock, tarazu, pikachu, two-stage or fixed-P (e.g. fixed-3.5). */
  public static Method parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("stock")) {
      return STOCK;
    }
    if (t.equals("tarazu")) {
      return TARAZU;
    }
    if (t.equals("pikachu")) {
      return PIKACHU;
    }
    if (t.equals("two-stage")) {
      return TWO_STAGE;
    }
    if (t.startsWith("fixed-")) {
      try {
        return fixed(Double.parseDouble(t.substring("fixed-".length())));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a fixed P: '" + text + "'");
      }
    }
    throw new IllegalArgumentException(
        "unknown method '" + text + "'; known: stock, tarazu, pikachu, two-stage, fixed-<P>");
  }

  public String label() {
    return label;
  }

  /** Whether the job runs with Pikachu's bins and controller. */
  public boolean usesController() {
    return estimator != null;
  }

  /** The {@code pikachu.estimator} value; null for stock. */
  public String estimator() {
    return estimator;
  }

  /** The {@code pikachu.fixed.p} value; NaN unless fixed. */
  public double fixedP() {
    return fixedP;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Method && ((Method) o).label.equals(label);
  }

  @Override
  public int hashCode() {
    return label.hashCode();
  }

  @Override
  public String toString() {
    return label;
  }
}
