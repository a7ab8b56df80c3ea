package io.pikachu.sim.paper;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.SlotConfig;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.sim.calib.Stats;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.io.Table;
import io.pikachu.sim.model.Clusters;
import io.pikachu.sim.model.JobSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 43's simulator study: the skew (Zipf 0.5, 1.0, 1.5 over the paper's 7 nodes) and class
 * (three and four node classes) studies of {@code beyond}, with two-stage giving bins out by bytes
 * (rule {@value ByteAllocator#RULE}, the default) and by counts ({@code
 * pikachu.allocation.by-bytes=false}) in the same seeds, beside stock and the best fixed P of the
 * sweep. The reducers report their bins' bytes to the real controller as they do in the AM.
 *
 * <p>A third arm, "late correction", is a what-if, not a default: the same controller with {@code
 * pikachu.stabilisation.wave-maps} at a third of the maps (and the stabilisation deadline far off),
 * so that its correction comes after every bin has been seen from a quarter of the maps, when the
 * byte rule may act. It says what the byte rule does where its sizes arrive in time.
 */
final class BytesStudy {

  /** Which part of the study to run. */
  enum Part {
    SKEW,
    CLASSES,
    ALL
  }

  private static final int MAPS = 680;

  /** Long enough that the late correction's T_w, not the deadline, decides (simulated ms). */
  private static final long LATE_MAX_WAIT_MS = 3_600_000L;

  private final PaperFigures figures;
  private final PrintStream log;

  BytesStudy(PaperFigures figures, PrintStream log) {
    this.figures = figures;
    this.log = log;
  }

  void run(Part part) throws IOException {
    Table t =
        new Table(
            "study",
            "setting",
            "seed",
            "stock_s",
            "bytes_s",
            "bytes_saved",
            "bytes_p",
            "bytes_rule_applied",
            "bytes_last_decision_at_maps",
            "counts_s",
            "counts_saved",
            "late_s",
            "late_saved",
            "late_rule_applied",
            "late_last_decision_at_maps",
            "best_fixed_p",
            "best_fixed_s",
            "best_fixed_saved");
    Table summary =
        new Table(
            "study",
            "setting",
            "two-stage, by bytes (default)",
            "byte rule moved bins",
            "two-stage, by counts",
            "best fixed P (median P)",
            "best fixed P minus by bytes, points",
            "late correction, by bytes (what-if)",
            "its byte rule moved bins");
    if (part != Part.CLASSES) {
      for (double skew : new double[] {0.5, 1.0, 1.5}) {
        compare(
            t,
            summary,
            "skew",
            String.format(Locale.ROOT, "Zipf %.1f", skew),
            figures.paperLocal(SlotConfig.CONFIG_1),
            skew);
      }
    }
    if (part != Part.SKEW) {
      compare(t, summary, "classes", "3 classes (4x, 2x, 1x cores)", Clusters.threeClasses(), 0);
      compare(t, summary, "classes", "4 classes (8x, 4x, 2x, 1x cores)", Clusters.fourClasses(), 0);
    }
    String name = "bytes-" + part.name().toLowerCase(Locale.ROOT);
    t.writeCsv(figures.out().resolve(name + ".csv"));
    figures.finish(
        name,
        t,
        "Wordcount, "
            + MAPS
            + " maps. Time saved over stock in the same seed, mean [95% interval]; the best fixed"
            + " P is the sweep's best in each seed (a fixed P is decided once, at placement, by"
            + " counts). \"Byte rule moved bins\": seeds whose last decision applied rule "
            + ByteAllocator.RULE
            + " and moved bins. Late correction: "
            + PikachuKeys.WAVE_MAPS.name()
            + " = maps / 3, "
            + PikachuKeys.MAX_WAIT_MS.name()
            + " = "
            + LATE_MAX_WAIT_MS
            + " (a what-if).\n\n"
            + summary.markdown());
  }

  private void compare(
      Table t, Table summary, String study, String setting, ClusterSpec c, double skew) {
    List<Long> seeds = figures.settings().seeds();
    int n = seeds.size();
    double[] bytesSaved = new double[n];
    double[] countsSaved = new double[n];
    double[] lateSaved = new double[n];
    double[] bestSaved = new double[n];
    double[] gap = new double[n];
    int bytesApplied = 0;
    int lateApplied = 0;
    List<Double> bestP = new ArrayList<Double>();
    int i = 0;
    for (long seed : seeds) {
      JobSpec job = figures.paperJob("wordcount", c, MAPS, seed).toBuilder().skew(skew).build();
      JobSpec counts =
          job.toBuilder().pikachu(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false").build();
      JobSpec late =
          job.toBuilder()
              .pikachu(PikachuKeys.WAVE_MAPS.name(), Integer.toString(MAPS / 3))
              .pikachu(PikachuKeys.MAX_WAIT_MS.name(), Long.toString(LATE_MAX_WAIT_MS))
              .build();
      SimResult stock = figures.run(c, job, Method.STOCK);
      SimResult byBytes = figures.run(c, job, Method.TWO_STAGE);
      SimResult byCounts = figures.run(c, counts, Method.TWO_STAGE);
      SimResult lateRun = figures.run(c, late, Method.TWO_STAGE);
      SimResult best = null;
      for (double p : PaperFigures.SWEEP) {
        SimResult r = figures.run(c, job, Method.fixed(p));
        if (best == null || r.jobSeconds() < best.jobSeconds()) {
          best = r;
        }
      }
      bytesSaved[i] = saved(stock, byBytes);
      countsSaved[i] = saved(stock, byCounts);
      lateSaved[i] = saved(stock, lateRun);
      bestSaved[i] = saved(stock, best);
      gap[i] = 100 * (bestSaved[i] - bytesSaved[i]);
      boolean applied = byteRuleMoved(byBytes);
      boolean lateMoved = byteRuleMoved(lateRun);
      bytesApplied += applied ? 1 : 0;
      lateApplied += lateMoved ? 1 : 0;
      bestP.add(best.method().fixedP());
      t.add(
          study,
          setting,
          seed,
          stock.jobSeconds(),
          byBytes.jobSeconds(),
          bytesSaved[i],
          byBytes.controllerP(),
          applied,
          lastDecisionAtMaps(byBytes),
          byCounts.jobSeconds(),
          countsSaved[i],
          lateRun.jobSeconds(),
          lateSaved[i],
          lateMoved,
          lastDecisionAtMaps(lateRun),
          best.method().fixedP(),
          best.jobSeconds(),
          bestSaved[i]);
      i++;
    }
    summary.add(
        study,
        setting,
        Stats.meanCell(PaperFigures.percent(bytesSaved), "%.1f%%"),
        bytesApplied + " of " + n,
        Stats.meanCell(PaperFigures.percent(countsSaved), "%.1f%%"),
        Stats.meanCell(PaperFigures.percent(bestSaved), "%.1f%%")
            + " ("
            + Stats.median(bestP)
            + ")",
        Stats.meanCell(gap, "%.1f"),
        Stats.meanCell(PaperFigures.percent(lateSaved), "%.1f%%"),
        lateApplied + " of " + n);
    log.printf(Locale.ROOT, "bytes: %s %s done%n", study, setting);
  }

  private static double saved(SimResult stock, SimResult r) {
    return 1 - r.jobSeconds() / stock.jobSeconds();
  }

  /** The maps completed when the run's last version was decided. */
  private static int lastDecisionAtMaps(SimResult r) {
    return r.decisions() == null ? 0 : r.decisions().last().mapsCompleted();
  }

  /** Whether the run's last decision gave bins out by bytes and moved any. */
  static boolean byteRuleMoved(SimResult r) {
    if (r.decisions() == null || r.decisions().versions().isEmpty()) {
      return false;
    }
    List<Decision> versions = r.decisions().versions();
    Decision last = versions.get(versions.size() - 1);
    return last.rules().contains(ByteAllocator.RULE)
        && versions.size() > 1
        && !last.allocation().equals(versions.get(versions.size() - 2).allocation());
  }
}
