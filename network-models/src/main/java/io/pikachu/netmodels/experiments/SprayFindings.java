package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.report.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The notes' seed-004 findings measured on one batch of the paper's setting (both scenarios, 10
 * runs per point with seeds {@code seed .. seed + 9}, spraying against single path): what the
 * {@code fidelity} command judges over batches, number of long flows by number of long flows.
 */
public final class SprayFindings {
  private static final Scheme SPRAY = Scheme.of(Scheme.Kind.SPRAY);
  private static final Scheme SINGLE = Scheme.of(Scheme.Kind.SINGLE);

  private SprayFindings() {}

  /** The batch's measures by row id; {@code runs} runs per point (the paper's 10). */
  public static Map<String, Double> measure(long seed, int runs, Runner runner) {
    SprayExperiments ex =
        SprayExperiments.full(seed, runner).withRuns(runs).withSchemes(List.of(SPRAY, SINGLE));
    Table st = ex.staticScenario().table();
    Table rn = ex.randomScenario().table();
    Map<String, Double> m = new LinkedHashMap<>();
    for (int n = 1; n <= 5; n++) {
      m.put("004-short-random-n" + n, ratio(rn, n, n, "short_fct_ms"));
    }
    double gap1 = value(rn, SINGLE, 1, "short_fct_ms") - value(rn, SPRAY, 1, "short_fct_ms");
    double gap5 = value(rn, SINGLE, 5, "short_fct_ms") - value(rn, SPRAY, 5, "short_fct_ms");
    m.put("004-short-gap-grows", gap5 - gap1);
    m.put("004-short-static-n3-5", ratio(st, 3, 5, "short_fct_ms"));
    m.put("004-long-static", ratio(st, 2, 5, "long_flow_gbps"));
    for (int n = 1; n <= 5; n++) {
      m.put("004-long-random-n" + n, ratio(rn, n, n, "long_flow_gbps"));
    }
    double single = 0;
    double spray = 0;
    for (int n = 0; n <= 5; n++) {
      single = Math.max(single, value(rn, SINGLE, n, "short_late_pct"));
      single = Math.max(single, value(st, SINGLE, n, "short_late_pct"));
      if (n >= 1) spray += value(rn, SPRAY, n, "short_late_pct") / 5;
    }
    m.put("004-ooo-single", single);
    m.put("004-ooo-spray", spray);
    return m;
  }

  /** A figure table has 6 rows (0..5 long flows) per scheme, spray then single. */
  private static double value(Table t, Scheme s, int n, String column) {
    return t.number((s == SPRAY ? 0 : 6) + n, column);
  }

  /** Spraying over single path, pooled over n = from..to. */
  private static double ratio(Table t, int from, int to, String column) {
    double a = 0;
    double b = 0;
    for (int n = from; n <= to; n++) {
      a += value(t, SPRAY, n, column);
      b += value(t, SINGLE, n, column);
    }
    return a / b;
  }
}
