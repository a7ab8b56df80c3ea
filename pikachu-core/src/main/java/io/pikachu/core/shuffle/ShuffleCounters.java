package io.pikachu.core.shuffle;

/** The counters a reducer's bin shuffle keeps, named as in stock Hadoop and Pikachu's group. */
public interface ShuffleCounters {
  /** Counters nobody reads: for a coordinator driven outside a task (benchmarks, tests). */
  ShuffleCounters NONE =
      new ShuffleCounters() {
        @Override
        public void binFetched() {}

        @Override
        public void shuffleBytes(long bytes) {}

        @Override
        public void bytesReshuffled(long bytes) {}

        @Override
        public void mapShuffled() {}

        @Override
        public void failedShuffle() {}

        @Override
        public void binMapChanged(int gained, int dropped, long bytesDropped) {}
      };

  /** A (map, bin) output fetched and kept. */
  void binFetched();

  /** Bytes of a kept output (stock REDUCE_SHUFFLE_BYTES). */
  void shuffleBytes(long bytes);

  /** Bytes of a kept output of a gained bin from a map that had finished before the gain. */
  void bytesReshuffled(long bytes);

  /** Every owned bin of one more map is kept (stock SHUFFLED_MAPS). */
  void mapShuffled();

  /** One failed fetch of one map output (stock FAILED_SHUFFLE). */
  void failedShuffle();

  /** A bin-map change: bins gained and lost by this reducer, and shuffled bytes freed. */
  void binMapChanged(int gained, int dropped, long bytesDropped);
}
