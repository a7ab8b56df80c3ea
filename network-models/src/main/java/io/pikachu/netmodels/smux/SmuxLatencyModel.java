package io.pikachu.netmodels.smux;

import org.apache.commons.math3.special.Erf;

/**
 * Latency an SMux adds (for Fig. 3.17), stated as a queueing model calibrated to section 3.2.2:
 *
 * <ul>
 *   <li>each SMux is an M/M/1/K queue: Poisson packet arrivals (ECMP spreads the VIP traffic evenly
 *       over SMuxes), exponential service at {@code mu} = 300K packets/s (the CPU saturation
 *       point), and a receive buffer of K packets; arrivals finding it full are dropped;
 *   <li>a load-independent software-path delay {@code d0} is added, chosen so that the median at no
 *       load is 196 us: {@code d0 = 196 us - ln2/mu};
 *   <li>packets are 1500 bytes, so 300K packets/s is 3.6 Gbps;
 *   <li>an HMux forwards in the switch data plane at line rate and adds no modelled latency.
 * </ul>
 *
 * The sojourn time of an accepted packet that finds n packets in the system is Erlang(n+1, mu); the
 * arrival sees n with the M/M/1/K stationary probability conditioned on n < K (PASTA).
 *
 * <p>{@link #withSpreadPath} replaces the fixed {@code d0} by a log-normal software-path delay
 * whose sum with the no-load sojourn has the two numbers section 3.2.2 states for Fig. 3.1(a): a
 * median of 196 us and a 90th percentile of 1 ms at no load. That is the only part of Fig. 3.1 the
 * text gives in numbers (the figure itself is an image); the queue above is unchanged.
 */
public final class SmuxLatencyModel {
  private final double mu;
  private final int buffer;
  private final double d0;
  private final double packetBits;
  // Log-normal path delay (median pathMedian seconds, shape pathSigma); pathSigma 0: fixed d0.
  private final double pathMedian;
  private final double pathSigma;

  public SmuxLatencyModel(
      double packetsPerSecond, int bufferPackets, double noLoadMedianMicros, int packetBytes) {
    if (!(packetsPerSecond > 0))
      throw new IllegalArgumentException("SMux service rate must be > 0 packets/s");
    if (bufferPackets < 1) throw new IllegalArgumentException("SMux buffer must hold >= 1 packet");
    if (packetBytes < 1) throw new IllegalArgumentException("packet size must be >= 1 byte");
    this.mu = packetsPerSecond;
    this.buffer = bufferPackets;
    this.packetBits = packetBytes * 8.0;
    this.d0 = noLoadMedianMicros * 1e-6 - Math.log(2) / mu;
    if (d0 < 0)
      throw new IllegalArgumentException(
          "no-load median " + noLoadMedianMicros + " us is below the service time alone");
    this.pathMedian = 0;
    this.pathSigma = 0;
  }

  private SmuxLatencyModel(SmuxLatencyModel queue, double pathMedian, double pathSigma) {
    this.mu = queue.mu;
    this.buffer = queue.buffer;
    this.packetBits = queue.packetBits;
    this.d0 = 0;
    this.pathMedian = pathMedian;
    this.pathSigma = pathSigma;
  }

  /**
   * The same queue with a log-normal software-path delay instead of the fixed one, its median and
   * shape solved so that the no-load latency has median {@code noLoadMedianMicros} and 90th
   * percentile {@code noLoadP90Micros}.
   */
  public SmuxLatencyModel withSpreadPath(double noLoadMedianMicros, double noLoadP90Micros) {
    if (!(noLoadP90Micros > noLoadMedianMicros))
      throw new IllegalArgumentException("the 90th percentile must exceed the median");
    double median = noLoadMedianMicros * 1e-6;
    double p90 = noLoadP90Micros * 1e-6;
    double m = median;
    double sigma = Math.log(p90 / median) / Z90;
    // Fixed point: the no-load sojourn (one exponential service) shifts both quantiles by
    // microseconds, so a few rounds of correcting the path's median and shape converge.
    for (int i = 0; i < 20; i++) {
      SmuxLatencyModel trial = new SmuxLatencyModel(this, m, sigma);
      double gotMedian = trial.quantile(0, 0.5);
      double gotP90 = trial.quantile(0, 0.9);
      m *= median / gotMedian;
      sigma *= Math.log(p90 / median) / Math.log(gotP90 / gotMedian);
    }
    return new SmuxLatencyModel(this, m, sigma);
  }

  /** Section 3.2.2's Fig. 3.1(a) at no load: median 196 us, 90th percentile 1 ms. */
  public static SmuxLatencyModel paperSpread() {
    return paper().withSpreadPath(196, 1000);
  }

  /** Whether the software-path delay is log-normal ({@link #withSpreadPath}) rather than fixed. */
  public boolean spreadPath() {
    return pathSigma > 0;
  }

  /** Median (us) and log-normal shape of the software-path delay; the median is d0 when fixed. */
  public double pathMedianMicros() {
    return (spreadPath() ? pathMedian : d0) * 1e6;
  }

  public double pathSigma() {
    return pathSigma;
  }

  private static final double Z90 = 1.2815515655446004;

  /**
   * Section 3.2.2: 300K packets/s, 196 us median at no load, 1500-byte packets; a 2048-packet
   * receive ring.
   */
  public static SmuxLatencyModel paper() {
    return new SmuxLatencyModel(300_000, 2048, 196, 1500);
  }

  public double capacityGbps() {
    return mu * packetBits / 1e9;
  }

  /** Latency figures for SMuxes each offered {@code gbpsPerSmux}. */
  public record Result(
      double medianMicros, double meanMicros, double dropRate, double utilisation) {}

  public Result perSmux(double gbpsPerSmux) {
    if (gbpsPerSmux < 0) throw new IllegalArgumentException("offered load must be >= 0 Gbps");
    double lambda = gbpsPerSmux * 1e9 / packetBits;
    double rho = lambda / mu;
    double[] p = stationary(rho);
    double[] seen = seenByAccepted(p);
    double mean = 0;
    for (int n = 0; n < buffer; n++) mean += seen[n] * (n + 1) / mu;
    if (spreadPath()) {
      double pathMean = pathMedian * Math.exp(pathSigma * pathSigma / 2);
      return new Result(quantileWithPath(seen, 0.5) * 1e6, (pathMean + mean) * 1e6, p[buffer], rho);
    }
    double median = quantile(seen, 0.5);
    return new Result((d0 + median) * 1e6, (d0 + mean) * 1e6, p[buffer], rho);
  }

  /** Quantile q (us) of the latency of an accepted packet at an SMux offered gbpsPerSmux. */
  public double quantileMicros(double gbpsPerSmux, double q) {
    if (!(q > 0 && q < 1)) throw new IllegalArgumentException("quantile must be in (0, 1)");
    return quantile(gbpsPerSmux * 1e9 / packetBits / mu, q) * 1e6;
  }

  /** The state an accepted arrival sees: the stationary one conditioned on n < K (PASTA). */
  private double[] seenByAccepted(double[] p) {
    double accept = 1 - p[buffer];
    double[] seen = new double[buffer];
    for (int n = 0; n < buffer; n++) seen[n] = p[n] / accept;
    return seen;
  }

  private double quantile(double rho, double q) {
    double[] seen = seenByAccepted(stationary(rho));
    return spreadPath() ? quantileWithPath(seen, q) : d0 + quantile(seen, q);
  }

  private static final int PATH_GRID = 2000;

  /**
   * Quantile of path delay + sojourn: P(D + S <= t) = sum over a grid of S of P(S in cell) * P(D <=
   * t - s), with the sojourn's grid up to its 1 - 1e-9 quantile.
   */
  private double quantileWithPath(double[] all, double q) {
    // States an arrival sees with less than 1e-15 probability in all change nothing: drop the tail.
    int n = all.length;
    double tail = 0;
    while (n > 1 && tail + all[n - 1] < 1e-15) tail += all[--n];
    double[] seen = java.util.Arrays.copyOf(all, n);
    double top = quantile(seen, 1 - 1e-9);
    double[] s = new double[PATH_GRID];
    double[] w = new double[PATH_GRID];
    double previous = 0;
    for (int j = 0; j < PATH_GRID; j++) {
      double right = top * (j + 1) / PATH_GRID;
      double f = cdf(seen, right);
      s[j] = top * (j + 0.5) / PATH_GRID;
      w[j] = f - previous;
      previous = f;
    }
    double lo = 0;
    double hi = top + pathMedian * Math.exp(8 * pathSigma);
    for (int it = 0; it < 60; it++) {
      double mid = (lo + hi) / 2;
      double c = 0;
      for (int j = 0; j < PATH_GRID; j++) c += w[j] * pathCdf(mid - s[j]);
      if (c / previous < q) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  }

  private double pathCdf(double x) {
    if (x <= 0) return 0;
    return 0.5 * Erf.erfc(-Math.log(x / pathMedian) / (pathSigma * Math.sqrt(2)));
  }

  private double[] stationary(double rho) {
    double[] p = new double[buffer + 1];
    // Work in log space: rho^K overflows for overloaded queues with large K.
    double logRho = Math.log(Math.max(rho, 1e-300));
    double maxLog = Math.max(0, buffer * logRho);
    double sum = 0;
    for (int n = 0; n <= buffer; n++) {
      p[n] = Math.exp(n * logRho - maxLog);
      sum += p[n];
    }
    for (int n = 0; n <= buffer; n++) p[n] /= sum;
    return p;
  }

  /** Quantile of the sojourn time: mixture over n of Erlang(n+1, mu), found by bisection. */
  private double quantile(double[] seen, double q) {
    double lo = 0;
    double hi = (buffer + 50) * 4.0 / mu;
    for (int it = 0; it < 60; it++) {
      double mid = (lo + hi) / 2;
      if (cdf(seen, mid) < q) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  }

  /** P(sojourn <= t) = sum_n seen[n] * P(Poisson(mu t) >= n+1). */
  private double cdf(double[] seen, double t) {
    double x = mu * t;
    // P(Poisson(x) >= n+1) = 1 - sum_{j<=n} pois(j); accumulate pois(j) in log space.
    double result = 0;
    double cumPois = 0;
    for (int n = 0; n < seen.length; n++) {
      double logP = -x + n * Math.log(Math.max(x, 1e-300)) - logFactorial(n);
      cumPois += Math.exp(logP);
      result += seen[n] * Math.max(0, 1 - cumPois);
    }
    return result;
  }

  private static final double[] LOG_FACT = new double[1 << 15];

  static {
    for (int i = 1; i < LOG_FACT.length; i++) LOG_FACT[i] = LOG_FACT[i - 1] + Math.log(i);
  }

  private static double logFactorial(int n) {
    return LOG_FACT[n];
  }
}
