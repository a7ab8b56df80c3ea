package io.pikachu.bench.suite;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.scheduler.am.Pikachu;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * How a suite job partitions the reduce side: stock Hadoop, or Pikachu's bins with one of the
 * controller's estimators. A sweep point ({@code fixed}) is Pikachu's mechanism with a P given in
 * advance; the best of them is the report's Optimal.
 */
public record Method(String estimator, double fixedP) {
  public static final Method STOCK = new Method("stock", Double.NaN);
  public static final Method TARAZU = new Method("tarazu", Double.NaN);
  public static final Method PIKACHU = new Method("pikachu", Double.NaN);

  public Method {
    if (!estimator.equals("stock")
        && !estimator.equals("tarazu")
        && !estimator.equals("pikachu")
        && !estimator.equals("fixed")) {
      throw new IllegalArgumentException("unknown method '" + estimator + "'");
    }
    if (estimator.equals("fixed") != !Double.isNaN(fixedP)) {
      throw new IllegalArgumentException("a P is given for, and only for, a fixed sweep point");
    }
    if (estimator.equals("fixed") && !(fixedP > 0)) {
      throw new IllegalArgumentException("a sweep point's P must be positive, got " + fixedP);
    }
  }

  public static Method fixed(double p) {
    // Two decimals are what the CSV and the report show; rounding here keeps resume keys stable.
    return new Method("fixed", Math.round(p * 100) / 100.0);
  }

  public boolean isSweepPoint() {
    return estimator.equals("fixed");
  }

  /** The name in results.csv and in run directories, e.g. {@code fixed-2.50}. */
  public String label() {
    return isSweepPoint() ? String.format(Locale.ROOT, "fixed-%.2f", fixedP) : estimator;
  }

  /** Sets this method's keys on a job's configuration. */
  public void configure(Configuration conf) {
    if (estimator.equals("stock")) {
      return;
    }
    Pikachu.enable(conf);
    conf.set(PikachuKeys.ESTIMATOR.name(), estimator);
    if (isSweepPoint()) {
      conf.set(PikachuKeys.FIXED_P.name(), Double.toString(fixedP));
    }
  }
}
