package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.store.PikachuCounter;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counters;
import org.junit.jupiter.api.Test;

class SuiteJobTest {

  /**
   * A Pikachu job that ran without bins (the node profile knew its nodes to be of one class) has no
   * decision record; the suite must read that from the counters, not fail the run.
   */
  @Test
  void aJobWithoutBinsIsKnownByItsStepAsideCounter() {
    Counters counters = new Counters();
    assertEquals(Optional.empty(), SuiteJob.steppedAside(counters));
    counters.findCounter(PikachuCounter.GROUP, "BINS_FETCHED").increment(12);
    assertEquals(Optional.empty(), SuiteJob.steppedAside(counters));
    counters
        .findCounter(PikachuCounter.GROUP, AsideReason.ONE_NODE_CLASS.counterName())
        .increment(6);
    assertEquals(Optional.of(AsideReason.ONE_NODE_CLASS), SuiteJob.steppedAside(counters));
  }
}
