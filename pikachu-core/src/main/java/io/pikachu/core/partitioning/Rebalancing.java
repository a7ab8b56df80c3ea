package io.pikachu.core.partitioning;

import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * Whether Pikachu may move a job's keys between reducers, decided by {@link RebalancingRules} from
 * the job's configuration alone, so that the AM, every map and every reducer reach the same answer.
 */
public interface Rebalancing {

  /**
   * Map outputs are written as bins cut by {@code slicing} out of the job's own partitions, and the
   * bin map may change while the job runs. Under the even map every key is where stock puts it.
   */
  @ValueType
  @Value.Immutable
  abstract class Enabled implements Rebalancing {
    public abstract Slicing slicing();

    public abstract String partitioner();

    public static Enabled of(Slicing slicing, String partitioner) {
      return ImmutableEnabled.of(slicing, partitioner);
    }
  }

  /**
   * Pikachu steps aside: stock map output, stock shuffle, no controller, so the job costs and means
   * exactly what it would under stock Hadoop.
   *
   * <p>{@code why}: the reason, for the counter that counts the job's reducers under it; {@code
   * detail}: one sentence for the log, naming the setting that decided and what would change it.
   */
  @ValueType
  @Value.Immutable
  abstract class SteppedAside implements Rebalancing {
    public abstract AsideReason why();

    public abstract String detail();

    public static SteppedAside of(AsideReason why, String detail) {
      return ImmutableSteppedAside.of(why, detail);
    }
  }

  /** Why Pikachu stepped aside; each has a job counter {@code STEPPED_ASIDE_<name>}. */
  enum AsideReason {
    /**
     * {@code pikachu.enabled=false}, as the job or the task's node says, and no job layout: the
     * admin's or the job's off switch.
     */
    DISABLED,
    FOREIGN_PLUGIN,
    ENCRYPTED_INTERMEDIATE_DATA,
    ONE_REDUCER,
    NO_CONTROLLER,
    SPECULATION_OFF,
    MAP_FAILURES_TOLERATED,
    REDUCE_FAILURES_TOLERATED,
    /** The bin maps would live on an object store, whose rename is not atomic. */
    STORE_WITHOUT_ATOMIC_RENAME,
    /**
     * The bin maps would live in a local directory ({@code file:}) while the job's own files are on
     * a shared file system: each node would have a store of its own.
     */
    STORE_NOT_SHARED,
    OUTPUT_PLACEMENT,
    PARTITIONER,
    KEY_ORDER,
    /**
     * Decided by the AM before any task ran, from the admin's class map or the node profile: the
     * nodes are of one class, so no bin would move (rule {@code one-node-class}).
     */
    ONE_NODE_CLASS,
    /**
     * No job layout was written (the AM plugin is not installed for this job, the job opted out
     * with {@code pikachu.enabled=false} as its AM read it, or the AM could not write the layout):
     * every task runs as stock, whatever its own node's settings say.
     */
    NO_LAYOUT,
    /**
     * The AM could not prepare the job's bin-map directory (unreachable, or not safe: another user
     * owns or may write it): the job runs as stock rather than fail.
     */
    STORE_UNUSABLE;

    public String counterName() {
      return "STEPPED_ASIDE_" + name();
    }
  }
}
