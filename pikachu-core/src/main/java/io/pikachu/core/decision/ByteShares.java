package io.pikachu.core.decision;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.BinSizes;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.partitioning.Slicing;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Rule {@value ByteAllocator#RULE} in the controller: the bins' sizes as the maps (at their end)
 * and the reducers report them ({@link BinSizes}), and the allocation the decided shares ask for,
 * by bytes once the sizes are known and by counts (equation 2.2) before (docs/controller.md,
 * section 6a).
 */
final class ByteShares {

  /** The share of a job's maps every bin must have been seen from before bins go out by bytes. */
  static final double SIZES_MIN_SHARE = 0.25;

  private final ControllerConfig config;
  private final Slicing slicing;
  private final BinSizes sizes;

  ByteShares(ControllerConfig config, int numReducers, Slicing slicing) {
    this.config = config;
    this.slicing = slicing;
    this.sizes = new BinSizes(config.binsPerReducer() * numReducers);
  }

  /**
   * Takes the bin sizes a report carries: a reducer's, or a map's at its end. A map's report of
   * another layout, cut or damaged, or from an attempt that failed, is ignored.
   */
  void onReport(StatusReport report) {
    if (report.binBytes().isEmpty()) {
      return;
    }
    if (report.type() == TaskType.REDUCE) {
      sizes.update(BinBytesReport.decode(report.binBytes()));
    } else if (report.state() != AttemptState.FAILED
        && report.state() != AttemptState.KILLED
        && report.taskIndex() < report.totalMaps()) {
      MapBinBytesReport.decode(report.binBytes(), sizes.totalBins())
          .ifPresent(r -> sizes.updateFromMap(report.taskIndex(), r));
    }
  }

  /** Whether the rule is on and the reducers report sizes at all (older tasks do not). */
  boolean arriving() {
    return config.allocateByBytes() && sizes.anySeen();
  }

  /**
   * The job's map output over all {@code totalMaps} maps as the sizes seen so far say, whether or
   * not the rule is on (it sizes what a reducer will merge, not which bins it gets); empty before
   * any map or reducer reported a size.
   */
  Optional<Long> totalBytes(int totalMaps) {
    long total = sizes.estimatedTotal(totalMaps);
    return total > 0 ? Optional.of(total) : Optional.empty();
  }

  /**
   * Each bin's bytes over all {@code totalMaps} maps, once known well enough to give bins out by:
   * the rule is on, and every bin has been seen from at least {@link #SIZES_MIN_SHARE} of the maps.
   */
  Optional<long[]> known(int totalMaps) {
    int needed = Math.max(1, Math.min(totalMaps, (int) Math.ceil(totalMaps * SIZES_MIN_SHARE)));
    if (!config.allocateByBytes() || totalMaps == 0 || sizes.fewestMaps() < needed) {
      return Optional.empty();
    }
    return Optional.of(sizes.estimated(totalMaps));
  }

  /**
   * The allocation {@code bins}' shares ask for: by bytes where {@code binBytes} are known, keeping
   * the map in force where it already holds every reducer within the dead band of its share; else
   * by counts.
   *
   * @param finishedShare the share of the job's maps finished, whose output of a moved bin its new
   *     owner fetches again
   * @param ratiosDiffer whether the decided ratios differ from the map in force's beyond the dead
   *     band: they passed the dead band already, so the bytes do not apply it a second time (the
   *     most loaded reducer's load only sees the overloaded side of a change in ratios, and a
   *     correction by counts of the same ratios would move bins); a move must still be worth its
   *     re-fetch
   */
  BinAllocation target(
      BinAllocation inForce,
      BinDecision bins,
      Optional<long[]> binBytes,
      double finishedShare,
      boolean ratiosDiffer,
      List<String> notes,
      List<String> rules) {
    return target(
        inForce, bins, bins.weights(), binBytes, finishedShare, ratiosDiffer, notes, rules);
  }

  /**
   * As above, each reducer's share of the bytes being its weight in {@code shareWeights} over the
   * sum: the decided ratios, or the map in force's bin counts where the correction keeps its
   * ratios.
   */
  BinAllocation target(
      BinAllocation inForce,
      BinDecision bins,
      List<Double> shareWeights,
      Optional<long[]> binBytes,
      double finishedShare,
      boolean ratiosDiffer,
      List<String> notes,
      List<String> rules) {
    if (!binBytes.isPresent()) {
      return inForce.rebalanced(bins.counts(), slicing.keepsOrder());
    }
    long[] bytes = binBytes.get();
    ByteAllocator.Result byBytes =
        ByteAllocator.allocate(inForce, bytes, shareWeights, slicing.keepsOrder());
    double before = ByteAllocator.worstLoad(ByteAllocator.loads(inForce, bytes), byBytes.shares());
    rules.add(ByteAllocator.RULE);
    if (before <= 1.0 + config.deadband() && !ratiosDiffer) {
      notes.add(
          String.format(
              Locale.ROOT,
              "by bytes, the map in force already holds the most loaded reducer at %.3f of its"
                  + " share (dead band %s): kept",
              before,
              config.deadband()));
      return inForce;
    }
    BinAllocation next = byBytes.allocation();
    double costed =
        ByteAllocator.worstLoadCountingDropped(
            inForce, next, bytes, byBytes.shares(), finishedShare);
    if (costed >= before) {
      notes.add(
          String.format(
              Locale.ROOT,
              "by bytes, the most loaded reducer holds %.3f of its share; moving bins would leave"
                  + " %.3f, but with what the losing reducers already fetched of them (%.0f%% of"
                  + " the maps finished) the most loaded would do %.3f, no less: the re-fetch is"
                  + " not worth it, kept",
              before,
              byBytes.worstLoad(),
              100 * finishedShare,
              costed));
      return inForce;
    }
    notes.add(
        String.format(
            Locale.ROOT,
            "by bytes: the most loaded reducer held %.3f of its share, now %.3f (%.3f counting"
                + " what the losing reducers already fetched of the bins they give up); %d bin(s)"
                + " move, about %d MB of them from maps already finished, fetched again",
            before,
            byBytes.worstLoad(),
            costed,
            next.binsMovedFrom(inForce),
            refetchedBytes(inForce, next, bytes, finishedShare) >> 20));
    if (!byBytes.oversizedBins().isEmpty()) {
      List<Integer> big = byBytes.oversizedBins();
      notes.add(
          "bin(s) "
              + (big.size() > 10 ? big.subList(0, 10) + " and " + (big.size() - 10) + " more" : big)
              + " each hold more than the smallest reducer share of the bytes: no allocation of"
              + " whole bins does better than the one above");
    }
    return next;
  }

  /** The bytes of moved bins that maps already finished wrote. */
  private static long refetchedBytes(
      BinAllocation from, BinAllocation to, long[] bytes, double finishedShare) {
    long moved = 0;
    for (int b = 0; b < bytes.length; b++) {
      if (from.owner(b) != to.owner(b)) {
        moved += bytes[b];
      }
    }
    return Math.round(moved * finishedShare);
  }
}
