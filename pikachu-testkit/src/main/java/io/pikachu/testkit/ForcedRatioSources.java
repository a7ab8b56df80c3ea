package io.pikachu.testkit;

import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.binmap.BinMapSourceFactory;
import io.pikachu.core.config.TestHookKeys;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/** The {@link ForcedRatioHook} for a job that sets {@code pikachu.test.forced-ratio}. */
public final class ForcedRatioSources implements BinMapSourceFactory {

  @Override
  public boolean serves(Function<String, String> conf) {
    return TestHookKeys.FORCED_RATIO.find(conf).isPresent();
  }

  @Override
  public BinMapSource create(
      Function<String, String> conf, int reducers, int binsPerReducer, boolean keepsOrder) {
    List<Double> ratios = TestHookKeys.FORCED_RATIO.find(conf).get();
    List<Double> after =
        TestHookKeys.FORCED_AFTER_MAPS.find(conf).orElse(Collections.nCopies(ratios.size(), 1.0));
    BitSet fast =
        ForcedRatioHook.parseFast(conf.apply(TestHookKeys.FORCED_FAST_REDUCERS.name()), reducers);
    return new ForcedRatioHook(reducers, binsPerReducer, ratios, after, fast, keepsOrder);
  }
}
