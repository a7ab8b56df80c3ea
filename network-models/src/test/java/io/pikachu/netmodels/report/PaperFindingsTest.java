package io.pikachu.netmodels.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Section 3.8's findings on the scaled-down datacenter of {@link Scenario#small()} (16 containers,
 * 5,120 servers, 30k VIPs). Each assertion is a claim of the paper; the model has to produce it,
 * nothing here is tuned per test.
 */
class PaperFindingsTest {
  private static Experiments ex;

  @BeforeAll
  static void setUp() {
    Scenario small = Scenario.small();
    // Five 10-minute intervals keep the migration run short; the other figures use interval 0 only.
    ex = new Experiments(small.withSpec(small.spec().withIntervals(5)));
  }

  @Test
  void duetNeedsAtLeastEightTimesFewerSmuxesThanAnantaAt10Gbps() {
    Table t = ex.fig16().table();
    assertEquals(4, t.rows().size());
    for (int r = 0; r < t.rows().size(); r++) {
      double ratio = t.number(r, "ratio_10");
      assertTrue(ratio >= 8, "at " + t.number(r, "total_gbps") + " Gbps Ananta/Duet = " + ratio);
      assertTrue(t.number(r, "ratio_3.6") >= 8, "3.6 Gbps SMuxes, row " + r);
    }
  }

  @Test
  void firstFitNeedsAtLeastHalfAgainAsManySmuxesAsDuetAtEveryLoad() {
    // The seed: Random needs 120-307% more than Duet. Here (small datacenter) +100% to +242%; at
    // full scale +56% to +192% (docs/network-models/duet.md). A first-fit as good as Duet fails.
    Table t = ex.fig18().table();
    for (int r = 0; r < t.rows().size(); r++) {
      double ratio = t.number(r, "random_smuxes") / t.number(r, "duet_smuxes");
      assertTrue(
          ratio >= 1.5, "at " + t.number(r, "total_gbps") + " Gbps Random / Duet = " + ratio);
    }
  }

  @Test
  void stickyShufflesUnderAFifthOfNonStickyWithTheSameHmuxShare() {
    Table t = ex.fig20().table();
    List<List<String>> rows = t.rows();
    double sticky = 0;
    double nonSticky = 0;
    double stickyShare = 0;
    double nonStickyShare = 0;
    for (int r = 1; r < rows.size(); r++) {
      sticky += t.number(r, "sticky_shuffled");
      nonSticky += t.number(r, "nonsticky_shuffled");
      stickyShare += t.number(r, "sticky_hmux");
      nonStickyShare += t.number(r, "nonsticky_hmux");
    }
    int n = rows.size() - 1;
    assertTrue(
        sticky < nonSticky / 5,
        "Sticky shuffled " + sticky / n + " vs Non-sticky " + nonSticky / n);
    assertTrue(
        Math.abs(stickyShare - nonStickyShare) / n <= 0.02,
        "HMux share Sticky " + stickyShare / n + " vs Non-sticky " + nonStickyShare / n);
    // Even against a from-scratch run with fixed tie-break keys, Sticky moves less traffic.
    double stable = 0;
    for (int r = 1; r < rows.size(); r++) stable += t.number(r, "nonsticky_stable_ties_shuffled");
    assertTrue(sticky < stable, "Sticky " + sticky / n + " vs stable-tie Non-sticky " + stable / n);
    // One-time loses HMux share as traffic drifts away from its initial assignment.
    assertTrue(t.number(n, "onetime_hmux") < t.number(n, "sticky_hmux") - 0.02);
  }

  @Test
  void oneFailureRaisesMaximumLinkUtilisationByAtMostTwentyPoints() {
    Table t = ex.fig19().table();
    for (int r = 0; r < t.rows().size(); r++) {
      double before = t.number(r, "no_failure");
      assertTrue(
          t.number(r, "container_failure") - before <= 0.20, "container failure, experiment " + r);
      assertTrue(
          t.number(r, "three_switch_failure") - before <= 0.20,
          "3-switch failure, experiment " + r);
      assertTrue(
          t.number(r, "container_max_link_increase") <= 0.20,
          "any link, container, experiment " + r);
      assertTrue(
          t.number(r, "three_switch_max_link_increase") <= 0.20,
          "any link, 3 switches, experiment " + r);
    }
  }

  @Test
  void anantaNeedsFarMoreSmuxesForDuetsLatency() {
    Table t = ex.fig17().table();
    double duetMedian = t.number(0, "median_us");
    int duetSmuxes = (int) t.number(0, "smuxes");
    assertTrue(duetMedian < 250, "Duet's SMuxes are lightly loaded: median " + duetMedian + " us");
    for (int r = 1; r < t.rows().size(); r++) {
      if (t.number(r, "smuxes") <= duetSmuxes) {
        assertTrue(t.number(r, "median_us") > 10 * duetMedian, "Ananta with as few SMuxes as Duet");
      }
    }
  }
}
