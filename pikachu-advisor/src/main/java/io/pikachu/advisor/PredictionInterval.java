package io.pikachu.advisor;

import java.util.Locale;

/**
 * How far a prediction of the other way may lie from what that run measures, from the advisor's own
 * validation: on the stock/two-stage pairs of {@code results/advisor/2026-11-27-jhist-pairs} (18
 * pairs of the same job in the same round on the embedded cluster), the log of the predicted over
 * the measured time, its 5th and 95th percentiles, for both directions: a stock history predicting
 * the two-stage run, and a two-stage history predicting the stock run. So a stated interval is
 * meant to hold 90% of jobs like those; how often it held on pairs it never saw is in
 * docs/advisor.md (the hold-out set). Jobs unlike the embedded cluster's may miss by more.
 */
public final class PredictionInterval {
  /** Where the percentiles come from, for reports. */
  public static final String SOURCE =
      "90% interval of the prediction error on results/advisor/2026-11-27-jhist-pairs (18 pairs)";

  /**
   * From a stock history to the two-stage run: log(predicted / measured) on the 18 pairs, 5th and
   * 95th percentiles (`advise --pairs`), since the replay with bins charges what bins add to a
   * reducer's post-shuffle work ({@link ReducerCpu#STOCK_BINS_POST_SHUFFLE_CORE_S};
   * results/advisor/2026-11-29-bins-cost-and-classes) and its controller starts from the node
   * profile the cluster held, measuring maps as the recorded AM saw them ({@link ReplayProfile};
   * results/advisor/2026-11-29-first-decision-progress), and its speculator copies maps still
   * starting their JVM as Hadoop's does and decides none while a map waits for a container
   * (results/advisor/2026-11-30-container-needs); its first reducers launch when the history's did
   * after slow start, and a one-slot node is measured by the maps it ran before them
   * (results/advisor/2026-11-30-reducer-launch).
   */
  static final PredictionInterval TO_PIKACHU = new PredictionInterval(-0.1158, 0.1810);

  /**
   * From a two-stage history to the stock run, the same way, re-derived on the same commit as
   * {@link #TO_PIKACHU} (results/advisor/2026-11-30-reducer-launch).
   */
  static final PredictionInterval TO_STOCK = new PredictionInterval(-0.1883, 0.1045);

  private final double logLow;
  private final double logHigh;

  PredictionInterval(double logLow, double logHigh) {
    this.logLow = logLow;
    this.logHigh = logHigh;
  }

  /** The interval of a prediction from a stock history (true) or a Pikachu history (false). */
  static PredictionInterval of(boolean fromStock) {
    return fromStock ? TO_PIKACHU : TO_STOCK;
  }

  /** {low, high} around a predicted time. */
  double[] around(double predicted) {
    return new double[] {predicted * Math.exp(logLow), predicted * Math.exp(logHigh)};
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT, "%+.1f%% to %+.1f%%", 100 * Math.expm1(logLow), 100 * Math.expm1(logHigh));
  }
}
