package io.pikachu.task.reduce;

import io.pikachu.core.shuffle.ShuffleCounters;
import io.pikachu.store.PikachuCounter;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;

/** The bin shuffle's counters as the reduce task's: stock shuffle counters and Pikachu's group. */
final class TaskShuffleCounters implements ShuffleCounters {
  private final Reporter reporter;
  private final Counters.Counter shuffledMaps;
  private final Counters.Counter shuffleBytes;
  private final Counters.Counter failedShuffles;

  TaskShuffleCounters(ShuffleConsumerPlugin.Context<?, ?> context) {
    this.reporter = context.getReporter();
    this.shuffledMaps = context.getShuffledMapsCounter();
    this.shuffleBytes = context.getReduceShuffleBytes();
    this.failedShuffles = context.getFailedShuffleCounter();
  }

  @Override
  public void binFetched() {
    PikachuCounter.BINS_FETCHED.in(reporter).increment(1);
  }

  @Override
  public void shuffleBytes(long bytes) {
    shuffleBytes.increment(bytes);
  }

  @Override
  public void bytesReshuffled(long bytes) {
    PikachuCounter.BYTES_RESHUFFLED.in(reporter).increment(bytes);
  }

  @Override
  public void mapShuffled() {
    shuffledMaps.increment(1);
  }

  @Override
  public void failedShuffle() {
    failedShuffles.increment(1);
  }

  @Override
  public void binMapChanged(int gained, int dropped, long bytesDropped) {
    PikachuCounter.BINS_GAINED.in(reporter).increment(gained);
    PikachuCounter.BINS_DROPPED.in(reporter).increment(dropped);
    PikachuCounter.BYTES_DROPPED.in(reporter).increment(bytesDropped);
  }
}
