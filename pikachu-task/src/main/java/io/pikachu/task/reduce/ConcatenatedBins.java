package io.pikachu.task.reduce;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.util.Progress;

/**
 * The sorted stream of several bins cut as key ranges ({@code Slicing.KEY_RANGE}): such bins are in
 * key order by bin number, so each bin's runs are merged on their own and the bins follow one
 * another. A record then costs log2(maps) comparisons, as in stock's merge of one run per map,
 * instead of log2(maps x bins per reducer).
 *
 * <p>The order is checked where one bin ends and the next begins, which is exactly where
 * concatenation could break it (each bin's stream is sorted); a key out of order throws {@link
 * OutOfOrder} so that the caller merges the runs as one instead, never yielding an unsorted stream.
 */
final class ConcatenatedBins implements RawKeyValueIterator, Closeable {

  /** Two bins overlap in key order. */
  static final class OutOfOrder extends IOException {
    private static final long serialVersionUID = 1L;

    OutOfOrder(int bin) {
      super("bin " + bin + " starts below the end of the bin before it");
    }
  }

  /** Opens the runs of one bin. */
  interface BinRuns {
    List<LoserTreeMerge.Run> open() throws IOException;
  }

  private final List<Integer> bins;
  private final List<BinRuns> runs;
  private final RawComparator<?> comparator;
  private final Progress progress = new Progress();
  private int next;
  private LoserTreeMerge current;
  private byte[] lastKey = new byte[64];
  private int lastKeyLength = -1;

  /** {@code bins} in ascending order, each with its runs. */
  ConcatenatedBins(List<Integer> bins, List<BinRuns> runs, RawComparator<?> comparator) {
    this.bins = new ArrayList<>(bins);
    this.runs = new ArrayList<>(runs);
    this.comparator = comparator;
  }

  @Override
  public boolean next() throws IOException {
    boolean firstOfBin = false;
    while (current == null || !current.next()) {
      if (current != null) {
        current.close();
        current = null;
      }
      if (next == runs.size()) {
        return false;
      }
      current = new LoserTreeMerge(runs.get(next).open(), comparator);
      next++;
      firstOfBin = true;
    }
    DataInputBuffer key = current.getKey();
    int start = key.getPosition();
    int length = key.getLength() - start;
    if (firstOfBin
        && lastKeyLength >= 0
        && comparator.compare(lastKey, 0, lastKeyLength, key.getData(), start, length) > 0) {
      throw new OutOfOrder(bins.get(next - 1));
    }
    if (lastKey.length < length) {
      lastKey = Arrays.copyOf(lastKey, Math.max(length, 2 * lastKey.length));
    }
    System.arraycopy(key.getData(), start, lastKey, 0, length);
    lastKeyLength = length;
    return true;
  }

  @Override
  public DataInputBuffer getKey() {
    return current.getKey();
  }

  @Override
  public DataInputBuffer getValue() {
    return current.getValue();
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  /** Not advanced: these streams are written to a file, where nothing reads their progress. */
  @Override
  public Progress getProgress() {
    return progress;
  }
}
