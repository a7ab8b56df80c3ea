package io.pikachu.netmodels.crossrss;

/**
 * The seed's imbalance metric: in every window each value is divided by the window's mean, and the
 * variance is taken over all these normalised values pooled across windows. Since each window's
 * normalised values average exactly 1, the pooled variance is the mean of (x / mean - 1)^2.
 */
final class WindowVariance {
  private double sumSquares;
  private long count;

  void addWindow(double[] values) {
    double sum = 0;
    for (double v : values) sum += v;
    if (sum <= 0) return; // an empty window says nothing about balance
    double mean = sum / values.length;
    for (double v : values) {
      double d = v / mean - 1;
      sumSquares += d * d;
    }
    count += values.length;
  }

  double variance() {
    return count == 0 ? Double.NaN : sumSquares / count;
  }
}
