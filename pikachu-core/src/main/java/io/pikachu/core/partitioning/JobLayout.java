package io.pikachu.core.partitioning;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.value.ValueType;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * How every task of one job writes and reads its map outputs: stock partitions, or bins cut by the
 * job's {@link Slicing}, so many per reducer, with the bin maps in one directory. The job's first
 * AM attempt decides it once, before any task runs, and writes it where only the job's own location
 * leads (its staging directory); every map, every reducer and every later AM attempt follows it,
 * whatever its own node's settings say, because tasks that disagreed would read each other's
 * outputs wrongly. A job without a layout runs as stock everywhere ({@link
 * Rebalancing.AsideReason#NO_LAYOUT}).
 *
 * <p>{@code binsPerReducer} and {@code binMapDir} are set exactly when the layout has bins: the
 * AM's bins per reducer (computed once, {@link WideJobBins}) and the bin-map store's directory (a
 * URI).
 */
@ValueType
@Value.Immutable
public abstract class JobLayout {

  /** Bins ({@link Rebalancing.Enabled}) or stock ({@link Rebalancing.SteppedAside}), and why. */
  public abstract Rebalancing rebalancing();

  @Value.Default
  public int binsPerReducer() {
    return 0;
  }

  @Value.Default
  public String binMapDir() {
    return "";
  }

  @Value.Check
  protected void check() {
    if (bins() && (binsPerReducer() < 1 || binMapDir().isEmpty())) {
      throw new IllegalArgumentException(
          "a layout with bins needs bins per reducer >= 1 and a bin-map directory, got "
              + binsPerReducer()
              + " and '"
              + binMapDir()
              + "'");
    }
    if (!bins() && (binsPerReducer() != 0 || !binMapDir().isEmpty())) {
      throw new IllegalArgumentException("a stock layout has no bins and no bin-map directory");
    }
  }

  public boolean bins() {
    return rebalancing() instanceof Rebalancing.Enabled;
  }

  /** How the partitions are cut, when the layout has bins. */
  public Optional<Rebalancing.Enabled> enabled() {
    return bins() ? Optional.of((Rebalancing.Enabled) rebalancing()) : Optional.empty();
  }

  /** Why the job runs as stock, when it does. */
  public Optional<Rebalancing.SteppedAside> steppedAside() {
    return bins() ? Optional.empty() : Optional.of((Rebalancing.SteppedAside) rebalancing());
  }

  /**
   * Bins every map writes: bins per reducer x {@code reducers}.
   *
   * @throws IllegalArgumentException above {@link PikachuKeys#MAX_TOTAL_BINS}
   */
  public int totalBins(int reducers) {
    return totalBins(reducers, binsPerReducer());
  }

  /** Bins every map writes for {@code binsPerReducer} x {@code reducers}, checked as above. */
  public static int totalBins(int reducers, int binsPerReducer) {
    long total = (long) binsPerReducer * reducers;
    if (total > PikachuKeys.MAX_TOTAL_BINS) {
      throw new IllegalArgumentException(
          PikachuKeys.BINS_PER_REDUCER.name()
              + " x mapreduce.job.reduces = "
              + total
              + " bins, more than the supported "
              + PikachuKeys.MAX_TOTAL_BINS
              + "; lower "
              + PikachuKeys.BINS_PER_REDUCER.name());
    }
    return (int) total;
  }

  public static JobLayout bins(Rebalancing.Enabled how, int binsPerReducer, String binMapDir) {
    return ImmutableJobLayout.builder()
        .rebalancing(how)
        .binsPerReducer(binsPerReducer)
        .binMapDir(binMapDir)
        .build();
  }

  public static JobLayout stock(Rebalancing.SteppedAside why) {
    return ImmutableJobLayout.builder().rebalancing(why).build();
  }

  public static JobLayout stock(Rebalancing.AsideReason why, String detail) {
    return stock(Rebalancing.SteppedAside.of(why, detail));
  }

  @Override
  public String toString() {
    return bins()
        ? "bins ("
            + binsPerReducer()
            + " per reducer, "
            + enabled().get().slicing()
            + " slices of "
            + enabled().get().partitioner()
            + ", bin maps in "
            + binMapDir()
            + ")"
        : "stock (" + steppedAside().get().why() + ": " + steppedAside().get().detail() + ")";
  }
}
