package io.pikachu.netmodels.crossrss;

import java.util.Arrays;

/**
 * The connections in flight, each a block of ints in one array (so that ending one touches one
 * cache line; blocks are reused through a free list), and a two-level timing wheel of their end
 * ticks. Opening a connection appends (end tick, block) to the coarse bucket of its end (about 0.1
 * s of ticks); when the clock enters a coarse bucket its entries are spread over one list per tick.
 * Both steps write sequentially into few places, and a tick's list lets the processor fetch the
 * blocks it ends in parallel, which matters at millions of connections in flight.
 */
final class OpenConnections {
  private static final int STRIDE = 8;
  private static final int END = 0;
  private static final int NEXT_FREE = 1;
  private static final int CORE = 2;
  private static final int RATE = 3;
  private static final int BUCKET = 4;
  private static final int START = 5;
  private static final int COOKIE = 6;
  private static final int FLOW_HASH = 7;
  private static final int FINE_BITS = 10; // ticks per coarse bucket: 1024 x 0.1 ms
  private static final int FINE = 1 << FINE_BITS;
  private static final int COARSE = 1 << 10; // coarse buckets: a turn of 105 s

  /** Receives a connection as it ends. */
  interface Closer {
    void close(int core, int rate, int bucket, int startTick, int cookie, int flowHash);
  }

  private int[] block;
  private int used;
  private int free = -1;
  private int open;
  private int maxOpen;

  private final long[][] coarse = new long[COARSE][];
  private final int[] coarseSize = new int[COARSE];
  private final int[][] fine = new int[FINE][];
  private final int[] fineSize = new int[FINE];
  private long fineWindow = -1; // the coarse bucket (end tick >> FINE_BITS) spread over fine

  /**
   * @param expected connections expected in flight at once, to size the tables up front
   */
  OpenConnections(int expected) {
    block = new int[Math.max(1024, expected) * STRIDE];
  }

  void open(int endTick, int core, int rate, int bucket, int startTick, int cookie, int flowHash) {
    int f = allocate();
    int o = f * STRIDE;
    block[o + END] = endTick;
    block[o + CORE] = core;
    block[o + RATE] = rate;
    block[o + BUCKET] = bucket;
    block[o + START] = startTick;
    block[o + COOKIE] = cookie;
    block[o + FLOW_HASH] = flowHash;
    if (++open > maxOpen) maxOpen = open;
    if ((endTick >> FINE_BITS) == fineWindow) {
      addFine(endTick & (FINE - 1), f);
    } else {
      addCoarse(endTick, f);
    }
  }

  /** Closes the connections that end at {@code tick}; ticks must come in order. */
  void closeDue(int tick, Closer closer) {
    long window = tick >> FINE_BITS;
    if (window != fineWindow) spread(window);
    int t = tick & (FINE - 1);
    int[] list = fine[t];
    int n = fineSize[t];
    for (int i = 0; i < n; i++) {
      int o = list[i] * STRIDE;
      close(o, closer);
      block[o + END] = -1;
      block[o + NEXT_FREE] = free;
      free = list[i];
    }
    fineSize[t] = 0;
    open -= n;
  }

  /** Moves the coarse bucket of {@code window} onto the per-tick lists; later turns stay. */
  private void spread(long window) {
    fineWindow = window;
    int c = (int) (window & (COARSE - 1));
    long[] entries = coarse[c];
    int n = coarseSize[c];
    int kept = 0;
    for (int i = 0; i < n; i++) {
      long e = entries[i];
      int endTick = (int) (e >>> 32);
      if ((endTick >> FINE_BITS) == window) {
        addFine(endTick & (FINE - 1), (int) e);
      } else {
        entries[kept++] = e;
      }
    }
    coarseSize[c] = kept;
  }

  private void addCoarse(int endTick, int f) {
    int c = (endTick >> FINE_BITS) & (COARSE - 1);
    long[] list = coarse[c];
    int n = coarseSize[c];
    if (list == null || n == list.length) {
      list =
          coarse[c] =
              list == null
                  ? new long[Math.max(256, block.length / STRIDE / COARSE)]
                  : Arrays.copyOf(list, n * 2);
    }
    list[n] = ((long) endTick << 32) | (f & 0xffffffffL);
    coarseSize[c] = n + 1;
  }

  private void addFine(int t, int f) {
    int[] list = fine[t];
    int n = fineSize[t];
    if (list == null || n == list.length) {
      list = fine[t] = list == null ? new int[64] : Arrays.copyOf(list, n * 2);
    }
    list[n] = f;
    fineSize[t] = n + 1;
  }

  /** Hands every connection still open to {@code closer}, leaving them open. */
  void forEachOpen(Closer closer) {
    for (int f = 0; f < used; f++) {
      if (block[f * STRIDE + END] >= 0) close(f * STRIDE, closer);
    }
  }

  private void close(int o, Closer closer) {
    closer.close(
        block[o + CORE],
        block[o + RATE],
        block[o + BUCKET],
        block[o + START],
        block[o + COOKIE],
        block[o + FLOW_HASH]);
  }

  int maxOpen() {
    return maxOpen;
  }

  private int allocate() {
    if (free >= 0) {
      int f = free;
      free = block[f * STRIDE + NEXT_FREE];
      return f;
    }
    if ((used + 1) * STRIDE > block.length) block = Arrays.copyOf(block, block.length * 2);
    return used++;
  }
}
