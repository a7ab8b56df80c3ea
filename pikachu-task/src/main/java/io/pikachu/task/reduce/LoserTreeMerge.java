package io.pikachu.task.reduce;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.util.Progress;

/**
 * A k-way merge of sorted runs by a tournament tree of losers (Knuth, TAOCP vol. 3, 5.4.1): each
 * record costs at most ceil(log2 k) key comparisons. Hadoop's {@code Merger} keeps its runs in a
 * binary heap, which costs up to two comparisons per level, 2 log2 k. A reducer with virtual bins
 * merges bins-per-reducer times as many runs as stock's (b slices of each map's partition, each
 * sorted on its own), so with the heap it pays about 2 log2(b) more comparisons per record than
 * stock; with this tree, 120 runs cost 7 comparisons, where stock's heap over 12 costs up to 8
 * (issue 30; {@code ReducerMergeBenchmark} prints what each costs).
 *
 * <p>Ties go to the run with the lower index, so the output order is a function of the input.
 */
final class LoserTreeMerge implements RawKeyValueIterator, Closeable {

  /** One sorted run: its current record, advanced by {@link #next}. */
  interface Run {
    /** Moves to the next record; false at the end of the run. */
    boolean next() throws IOException;

    /** The current record's key; valid until the next {@link #next}. */
    DataInputBuffer key();

    /** The current record's value, read once per record after its key; owned by the run. */
    DataInputBuffer value() throws IOException;

    /** Releases the run (and deletes its file when the merge consumes it). */
    void close() throws IOException;
  }

  private final List<Run> runs;
  private final RawComparator<?> comparator;
  private final int k;

  /** tree[0] is the winner; tree[n], 1 <= n < k, the loser of the match at node n. */
  private final int[] tree;

  private final boolean[] done;

  /**
   * Each run's current key (its buffer's array, start, length): a match reads only these arrays.
   */
  private final byte[][] keyData;

  private final int[] keyStart;
  private final int[] keyLength;

  private final Progress progress = new Progress();
  private boolean started;
  private DataInputBuffer key;
  private DataInputBuffer value;

  LoserTreeMerge(List<Run> runs, RawComparator<?> comparator) throws IOException {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a merge needs at least one run");
    }
    this.runs = runs;
    this.comparator = comparator;
    this.k = runs.size();
    this.tree = new int[k];
    this.done = new boolean[k];
    this.keyData = new byte[k][];
    this.keyStart = new int[k];
    this.keyLength = new int[k];
    try {
      for (int i = 0; i < k; i++) {
        advance(i);
      }
    } catch (IOException | RuntimeException e) {
      try {
        close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    tree[0] = play(1);
  }

  /**
   * Plays the subtree under {@code node}, leaves at k..2k-1; records losers, returns the winner.
   */
  private int play(int node) {
    if (node >= k) {
      return node - k;
    }
    int a = play(2 * node);
    int b = play(2 * node + 1);
    if (beats(a, b)) {
      tree[node] = b;
      return a;
    }
    tree[node] = a;
    return b;
  }

  private void advance(int run) throws IOException {
    Run r = runs.get(run);
    done[run] = !r.next();
    if (!done[run]) {
      DataInputBuffer key = r.key();
      keyData[run] = key.getData();
      keyStart[run] = key.getPosition();
      keyLength[run] = key.getLength() - key.getPosition();
    }
  }

  private boolean beats(int a, int b) {
    if (done[a] || done[b]) {
      return !done[a] && (done[b] || a < b);
    }
    int c =
        comparator.compare(
            keyData[a], keyStart[a], keyLength[a], keyData[b], keyStart[b], keyLength[b]);
    return c < 0 || (c == 0 && a < b);
  }

  @Override
  public boolean next() throws IOException {
    if (started) {
      int w = tree[0];
      advance(w);
      int winner = w;
      for (int node = (w + k) >> 1; node >= 1; node >>= 1) {
        int loser = tree[node];
        if (beats(loser, winner)) {
          tree[node] = winner;
          winner = loser;
        }
      }
      tree[0] = winner;
    }
    started = true;
    int w = tree[0];
    if (done[w]) {
      key = null;
      value = null;
      return false;
    }
    Run run = runs.get(w);
    key = run.key();
    value = run.value();
    return true;
  }

  @Override
  public DataInputBuffer getKey() {
    return key;
  }

  @Override
  public DataInputBuffer getValue() {
    return value;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (Run run : runs) {
      try {
        run.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public Progress getProgress() {
    return progress;
  }
}
