package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Beyond the seed: 16-64 servers behind as many balancers, random choice, Maglev, and TAALK with d
 * = 2 and 3 choices, with equal servers and with every second server at half speed. Each server and
 * each balancer sees the seed's rate at load 100: 50 connections per server, opened at the seed's
 * per-server spacing.
 */
public final class ScaleOut {
  static final int[] SERVERS = {16, 32, 64};
  static final int CONNECTIONS_PER_SERVER = 50;

  private ScaleOut() {}

  /** One line of the comparison: a policy (with its d) on one cluster. */
  private record Variant(Policy policy, int d) {
    String label() {
      return policy == Policy.TAALK ? "taalk d=" + d : policy.label();
    }
  }

  public static TaalkFigures.Figure run(Setup seedSetup, int reps, double slowSpeed) {
    if (reps < 1) throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
    List<Variant> variants =
        List.of(
            new Variant(Policy.RANDOM, 1),
            new Variant(Policy.MAGLEV, 1),
            new Variant(Policy.TAALK, 2),
            new Variant(Policy.TAALK, 3));
    Table t =
        new Table(
            "TAALK at scale: " + CONNECTIONS_PER_SERVER + " connections per server",
            "servers",
            "balancers",
            "slow_speed",
            "policy",
            "connections",
            "mean_fct_s",
            "p99_fct_s",
            "max_fct_s",
            "over_0.9s",
            "syn_copies_per_conn",
            "syns_refused");
    Chart c =
        new Chart("TAALK at scale: largest FCT", "servers", "max FCT (s), log scale")
            .logY()
            .integerX();
    for (double slow : slowSpeed < 1 ? new double[] {1.0, slowSpeed} : new double[] {1.0}) {
      for (int n : SERVERS) {
        int load = CONNECTIONS_PER_SERVER * n;
        for (Variant v : variants) {
          Setup s =
              seedSetup
                  .withPolicy(v.policy())
                  .withScale(n, n, v.d())
                  .withServer(
                      seedSetup.packetCostPs(),
                      seedSetup.requestCostPs(),
                      seedSetup.backlog(),
                      slow)
                  .withStartGap(seedSetup.startGapPs() * seedSetup.servers() / n);
          LoadRun[] runs = new LoadRun[reps];
          IntStream.range(0, reps).parallel().forEach(r -> runs[r] = Testbed.run(s, load, r));
          List<Double> all = new ArrayList<>();
          long copies = 0;
          long refused = 0;
          for (LoadRun r : runs) {
            for (double f : r.fct()) all.add(f);
            copies += r.synCopies();
            for (long x : r.refused()) refused += x;
          }
          double[] f = all.stream().mapToDouble(Double::doubleValue).toArray();
          long outliers = all.stream().filter(x -> x >= TaalkFigures.OUTLIER_S).count();
          t.row(
              n,
              n,
              slow,
              v.label(),
              f.length,
              Stats.mean(f),
              Stats.quantile(f, 0.99),
              Stats.max(f),
              outliers,
              copies / (double) f.length,
              refused);
          String series = v.label() + (slow < 1 ? ", half-speed servers" : "");
          c.point(series, n, Stats.max(f));
        }
      }
    }
    return new TaalkFigures.Figure("taalk-scale", t, c);
  }
}
