package io.pikachu.core.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 29, item 3: a map's index and the requests naming it on wide jobs. */
class WideJobBinsTest {

  @Test
  void jobsUpToTenThousandBinsPerMapKeepTheConfiguredBins() {
    assertEquals(10, WideJobBins.perReducer(10, 3));
    assertEquals(10, WideJobBins.perReducer(10, 1_000));
    assertEquals(40, WideJobBins.perReducer(40, 250));
    assertEquals(1, WideJobBins.perReducer(1, 20_000), "fewer than two configured stays");
  }

  @Test
  void widerJobsShrinkBinsPerReducerToTheBudgetAndNoFewerThanTwo() {
    assertEquals(5, WideJobBins.perReducer(10, 2_000));
    assertEquals(3, WideJobBins.perReducer(10, 3_000));
    assertEquals(2, WideJobBins.perReducer(10, 5_000));
    assertEquals(2, WideJobBins.perReducer(10, 100_000));
  }

  @Test
  void fromFiveThousandReducersAMapsIndexIsAtMostTwiceStocks() {
    for (int reducers = 5_000; reducers <= 200_000; reducers += 5_000) {
      int bins = WideJobBins.perReducer(10, reducers);
      assertTrue(bins <= 2, reducers + " reducers: " + bins + " bins each, index " + bins + "x");
    }
    for (int reducers = 1; reducers < 5_000; reducers += 7) {
      long indexRecords = (long) WideJobBins.perReducer(10, reducers) * reducers;
      assertTrue(indexRecords <= Math.max(2L * reducers, WideJobBins.BINS_PER_MAP), "" + reducers);
    }
  }
}
