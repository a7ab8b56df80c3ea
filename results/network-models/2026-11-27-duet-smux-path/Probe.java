import io.pikachu.netmodels.smux.SmuxLatencyModel;

/**
 * Quantiles of one SMux's latency against its offered load (1500-byte packets), under the figures'
 * fixed software-path delay and the spread (log-normal) one; and the load at which each model's
 * median reaches Fig. 3.17's 474 us. Loads: 0; 55.6K packets/s (10 Tbps over the 15,000 SMuxes
 * with which Ananta matches Duet in the seed's Fig. 3.17); 100K (the text's "as little as 100K
 * packets per second can add anywhere from 200 us to 1 ms"); 103.4K (our Duet's SMuxes at 10 Tbps,
 * seed 1); then up to the 300K capacity.
 */
public class Probe {
  public static void main(String[] a) {
    SmuxLatencyModel f = SmuxLatencyModel.paper(), s = SmuxLatencyModel.paperSpread();
    double[] kpps = {0, 55.6, 100, 103.4, 200, 250, 280, 290, 295, 297, 299, 300};
    System.out.println("kpps gbps fixed_p10 fixed_p50 fixed_p90 spread_p10 spread_p50 spread_p90 spread_mean");
    for (double k : kpps) {
      double g = k * 1e3 * 12000 / 1e9;
      System.out.printf("%.1f %.4f %.1f %.1f %.1f %.1f %.1f %.1f %.1f%n", k, g,
        f.quantileMicros(g, .1), f.quantileMicros(g, .5), f.quantileMicros(g, .9),
        s.quantileMicros(g, .1), s.quantileMicros(g, .5), s.quantileMicros(g, .9), s.perSmux(g).meanMicros());
    }
    // load where the median reaches 474 us, each model (bisection on Gbps)
    for (SmuxLatencyModel m : new SmuxLatencyModel[] {f, s}) {
      double lo = 0, hi = 3.6;
      for (int i = 0; i < 50; i++) { double mid = (lo + hi) / 2; if (m.perSmux(mid).medianMicros() < 474) lo = mid; else hi = mid; }
      System.out.printf("median 474 us at %.4f Gbps = %.1f kpps (rho %.4f)%n", lo, lo * 1e9 / 12000 / 1e3, lo / 3.6);
    }
  }
}
