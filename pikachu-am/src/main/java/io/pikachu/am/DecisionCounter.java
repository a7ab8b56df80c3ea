package io.pikachu.am;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;

/**
 * Job counters of the decision, in the counter group named by this enum's class. The AM adds them
 * once per AM attempt, when the final bin map is published, through a job counter update event;
 * names and values are {@code DecisionRecord.counters()}: whole numbers, ratios in thousandths,
 * times in ms after the first reducer started, all of the final version, plus how many versions
 * were published and whether the measured ratios corrected the provisional map. Two counters are
 * the AM plugin's own, whatever it decides: {@link #UNKNOWN_KEYS} and {@link #PROFILED_NODES}.
 */
public enum DecisionCounter {
  REBALANCED,
  BINS_MOVED,
  NODE_CLASSES,
  P_FASTEST_MILLI,
  E_FASTEST_MILLI,
  TS_AFTER_FIRST_REDUCER_MS,
  TW_AFTER_FIRST_REDUCER_MS,
  DECIDED_AFTER_FIRST_REDUCER_MS,
  BIN_MAP_VERSIONS,
  CORRECTED,
  PROVISIONAL_AFTER_FIRST_REDUCER_MS,
  /**
   * Names in Pikachu's namespace that are no key of this version: warned of in the AM log and
   * ignored (set when the AM starts, also for a job Pikachu steps aside for).
   */
  UNKNOWN_KEYS,
  /**
   * Nodes the node profile knew when the job started (recently measured, for the job's work class
   * or any): their speeds stand until the job measures them. Absent when it knew none.
   */
  PROFILED_NODES,
  /**
   * Speculative map attempts launched while rule {@code map-copy-by-node-speed} gave the
   * speculator's estimates (two or more classes of nodes). Absent when it launched none.
   */
  MAP_COPIES_BY_NODE_SPEED;

  /** The counter group's name in job counters. */
  public static final String GROUP = DecisionCounter.class.getName();

  /**
   * Maps {@code Decision.counters()} onto this enum; names this version does not know go to {@code
   * unknown}, so a newer decision core cannot break the AM.
   */
  static Map<DecisionCounter, Long> fromDecision(Map<String, Long> values, List<String> unknown) {
    Map<DecisionCounter, Long> out = new EnumMap<>(DecisionCounter.class);
    for (Map.Entry<String, Long> e : values.entrySet()) {
      Optional<DecisionCounter> c = of(e.getKey());
      if (c.isPresent()) {
        out.put(c.get(), e.getValue());
      } else {
        unknown.add(e.getKey());
      }
    }
    return out;
  }

  static Optional<DecisionCounter> of(String name) {
    for (DecisionCounter c : values()) {
      if (c.name().equals(name)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /**
   * Reads this counter from finished job counters (client side); empty when the AM did not set it.
   */
  public Optional<Long> valueIn(Counters counters) {
    for (Counter c : counters.getGroup(GROUP)) {
      if (c.getName().equals(name())) {
        return Optional.of(c.getValue());
      }
    }
    return Optional.empty();
  }
}
