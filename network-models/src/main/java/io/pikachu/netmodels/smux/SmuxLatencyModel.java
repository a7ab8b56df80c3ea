package io.pikachu.netmodels.smux;

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
 */
public final class SmuxLatencyModel {
  private final double mu;
  private final int buffer;
  private final double d0;
  private final double packetBits;

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
  }

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
    double accept = 1 - p[buffer];
    double[] seen = new double[buffer]; // state seen by an accepted arrival
    double mean = 0;
    for (int n = 0; n < buffer; n++) {
      seen[n] = p[n] / accept;
      mean += seen[n] * (n + 1) / mu;
    }
    double median = quantile(seen, 0.5);
    return new Result((d0 + median) * 1e6, (d0 + mean) * 1e6, p[buffer], rho);
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
