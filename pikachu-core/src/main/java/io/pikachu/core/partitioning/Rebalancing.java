package io.pikachu.core.partitioning;

/**
 * Whether Pikachu may move a job's keys between reducers, decided by {@link RebalancingRules} from
 * the job's configuration alone, so that the AM, every map and every reducer reach the same answer.
 */
public sealed interface Rebalancing {

  /**
   * Map outputs are written as bins cut by {@code slicing} out of the job's own partitions, and the
   * bin map may change while the job runs. Under the even map every key is where stock puts it.
   */
  record Enabled(Slicing slicing, String partitioner) implements Rebalancing {}

  /**
   * Pikachu steps aside: stock map output, stock shuffle, no controller, so the job costs and means
   * exactly what it would under stock Hadoop.
   *
   * @param why the reason, for the counter that counts the job's reducers under it
   * @param detail one sentence for the log, naming the setting that decided and what would change
   *     it
   */
  record SteppedAside(AsideReason why, String detail) implements Rebalancing {}

  /** Why Pikachu stepped aside; each has a job counter {@code STEPPED_ASIDE_<name>}. */
  enum AsideReason {
    ONE_REDUCER,
    NO_CONTROLLER,
    SPECULATION_OFF,
    MAP_FAILURES_TOLERATED,
    OUTPUT_PLACEMENT,
    PARTITIONER,
    KEY_ORDER;

    public String counterName() {
      return "STEPPED_ASIDE_" + name();
    }
  }
}
