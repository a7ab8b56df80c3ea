package io.pikachu.core.config;

import static io.pikachu.core.config.Parsers.numbersAbove;
import static io.pikachu.core.config.Parsers.text;

import java.util.List;

/**
 * The test and sweep hooks' keys: they force bin-map changes without a controller, so that tests
 * and sweeps can move bins on any cluster, also one whose nodes are equal. Not for production jobs;
 * their names start with {@code pikachu.test.} and the admin's configuration never lists them.
 */
public final class TestHookKeys {
  private TestHookKeys() {}

  public static final Key<List<Double>> FORCED_RATIO =
      new Key<>(
          "pikachu.test.forced-ratio",
          null,
          numbersAbove(0),
          "TEST/SWEEP HOOK: forces bin-map changes to these P (comma-separated, in order) without a"
              + " controller; the last one is final");

  public static final Key<List<Double>> FORCED_AFTER_MAPS =
      new Key<>(
          "pikachu.test.forced-after-maps",
          null,
          numbersAbove(0),
          "TEST/SWEEP HOOK: fraction of the maps completed at which each forced change applies,"
              + " in (0, 1], one per ratio; 1 (unset: every change) also waits until the reducer"
              + " fetched all its bins");

  public static final Key<String> FORCED_FAST_REDUCERS =
      new Key<>(
          "pikachu.test.forced-fast-reducers",
          null,
          text(),
          "TEST/SWEEP HOOK: reducer indexes treated as fast; unset: the first half");

  /** Every hook's key. */
  public static final List<Key<?>> ALL =
      java.util.Collections.unmodifiableList(
          java.util.Arrays.<Key<?>>asList(FORCED_RATIO, FORCED_AFTER_MAPS, FORCED_FAST_REDUCERS));
}
