package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.report.Chart;
import java.util.ArrayList;
import java.util.List;

/**
 * The numbers seed 002 (the DRILL thesis) states in its text for each figure, drawn dashed beside
 * ours. Only stated values are here: the thesis gives no tables, so a curve of it is a few points.
 * Where the text gives a ratio to DRILL, the value is that ratio times the thesis's DRILL at the
 * same load (38.8 ms at 90%, 22.1 ms at 80%, 5.30 ms at 40%, 0.05 and 0.95 packets of queue std dev
 * at 40% and 80%). Flat lines (DRILL, ECMP, PPU against the interval) span the sweep.
 */
final class DrillThesis {
  static final String SOURCE = "thesis";

  private record Ref(String figure, String series, double x, double y) {}

  private static final double LO = DrillExperiments.SWEEP_INTERVALS_US[0];
  private static final double HI =
      DrillExperiments.SWEEP_INTERVALS_US[DrillExperiments.SWEEP_INTERVALS_US.length - 1];

  private static final List<Ref> REFS = new ArrayList<>();

  private static void at(String figure, String series, double x, double y) {
    REFS.add(new Ref(figure, series, x, y));
  }

  /** A value that does not depend on the update interval, drawn across the sweep. */
  private static void flat(String figure, String series, double y) {
    at(figure, series, LO, y);
    at(figure, series, HI, y);
  }

  static {
    // Fig. 5.1: PIU at 40% (section 5.2; PIU 2 and 4 us from the PPU section).
    flat("5.1", "drill", 5.30);
    at("5.1", "PIU", 2, 5.726);
    at("5.1", "PIU", 4, 5.738);
    at("5.1", "PIU", 10, 5.84);
    // Fig. 5.2: PIU at 80% (PIU 100 us = 1.8x DRILL).
    flat("5.2", "drill", 22.1);
    at("5.2", "PIU", 2, 23.56);
    at("5.2", "PIU", 10, 26.7);
    at("5.2", "PIU", 100, 1.8 * 22.1);
    // Fig. 5.5: CU, PIU, PPU at 40%.
    flat("5.5", "drill", 5.30);
    flat("5.5", "ppu", 5.73);
    at("5.5", "PIU", 10, 5.84);
    at("5.5", "CU", 10, 5.45);
    // Fig. 5.6: CU, PIU, PPU at 80%.
    flat("5.6", "drill", 22.1);
    flat("5.6", "ppu", 24.4);
    at("5.6", "PIU", 10, 26.7);
    at("5.6", "CU", 10, 23.3);
    // Fig. 5.9: queue std dev at 40%.
    flat("5.9", "drill", 0.05);
    flat("5.9", "ecmp", 4.6);
    flat("5.9", "ppu", 0.08);
    at("5.9", "PIU", 10, 0.14);
    at("5.9", "PIU", 100, 0.23);
    at("5.9", "CU", 1, 0.05);
    at("5.9", "CU", 100, 1.4 * 0.05);
    // Fig. 5.10: queue std dev at 80%.
    flat("5.10", "drill", 0.95);
    flat("5.10", "ecmp", 10);
    flat("5.10", "ppu", 1.45);
    at("5.10", "PIU", 1, 1.6 * 0.95);
    at("5.10", "PIU", 10, 2.0 * 0.95);
    at("5.10", "PIU", 100, 2.5 * 0.95);
    at("5.10", "CU", 1, 1.1 * 0.95);
    at("5.10", "CU", 100, 1.4 * 0.95);
    // Figs. 5.3, 5.4, 5.7, 5.8 against load (%): DRILL and ECMP on all four.
    at("load", "drill", 10, 3.0);
    at("load", "drill", 40, 5.30);
    at("load", "drill", 80, 22.1);
    at("load", "drill", 90, 38.8);
    at("load", "ecmp", 10, 3.0);
    at("load", "ecmp", 90, 58);
    // Fig. 5.3: PIU at 90% +3.5 / +22 / +92%; PIU 100 us at 80% 1.8x.
    at("5.3", "piu:1us", 90, 1.035 * 38.8);
    at("5.3", "piu:10us", 90, 47.4);
    at("5.3", "piu:100us", 80, 1.8 * 22.1);
    at("5.3", "piu:100us", 90, 1.92 * 38.8);
    // Fig. 5.4: PPU +6.5% at 10%, 5.73 ms at 40%, 24.37 ms at 80%, 43.2 ms at 90%.
    at("5.4", "ppu", 10, 1.065 * 3.0);
    at("5.4", "ppu", 40, 5.73);
    at("5.4", "ppu", 80, 24.37);
    at("5.4", "ppu", 90, 43.2);
    at("5.4", "piu:10us", 90, 47.4);
    // Fig. 5.7: CU at 90% 38.8 / 38.9 / 41.2 / 43.2 ms; CU 10 us 5.45 and 23.3 ms.
    at("5.7", "cu:0.1us", 90, 38.8);
    at("5.7", "cu:1us", 90, 38.9);
    at("5.7", "cu:10us", 40, 5.45);
    at("5.7", "cu:10us", 80, 23.3);
    at("5.7", "cu:10us", 90, 41.2);
    at("5.7", "cu:100us", 90, 43.2);
    // Fig. 5.8: increases over DRILL at 10% and 90% (PIU 10 us, PPU, CU 10 us).
    at("5.8", "piu:10us", 10, 1.0247 * 3.0);
    at("5.8", "piu:10us", 90, 1.219 * 38.8);
    at("5.8", "ppu", 10, 1.0655 * 3.0);
    at("5.8", "ppu", 90, 1.113 * 38.8);
    at("5.8", "cu:10us", 10, 1.0067 * 3.0);
    at("5.8", "cu:10us", 90, 1.0608 * 38.8);
  }

  private DrillThesis() {}

  /** Adds the thesis's values of figure {@code id} ("5.1" ... "5.10") to {@code chart}. */
  static Chart addTo(Chart chart, String id) {
    boolean againstLoad = List.of("5.3", "5.4", "5.7", "5.8").contains(id);
    for (Ref r : REFS) {
      if (r.figure.equals(id) || (againstLoad && r.figure.equals("load"))) {
        chart.reference(r.series, SOURCE, r.x, r.y);
      }
    }
    return chart;
  }
}
