package io.pikachu.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Deterministic k-field associations for Selfjoin: lines {@code f1,...,fk} of distinct items in
 * ascending order, items written as zero-padded numbers of one width so that text order is number
 * order. Lines come in groups that share their first k-1 fields (the join key); group sizes follow
 * a Zipf law over 1..{@code maxGroupSize}, so most groups are small and a few are large, and as a
 * group of n lines yields n(n-1)/2 output lines, the reducers that get the large groups work
 * hardest. The same parameters always give byte-identical files.
 */
public final class AssociationGenerator {
  public static final int DEFAULT_FIELDS = 3;
  public static final int DEFAULT_ITEMS = 100_000;
  public static final int DEFAULT_MAX_GROUP_SIZE = 32;
  public static final double DEFAULT_GROUP_SKEW = 2.0;

  private final long seed;
  private final int fields;
  private final int items;
  private final int maxGroupSize;
  private final double groupSkew;
  private final int width;

  public AssociationGenerator(long seed) {
    this(seed, DEFAULT_FIELDS, DEFAULT_ITEMS, DEFAULT_MAX_GROUP_SIZE, DEFAULT_GROUP_SKEW);
  }

  /**
   * @param fields k, the number of fields of each association (at least 2)
   * @param items how many distinct items fields are drawn from
   * @param maxGroupSize the most associations that share one prefix in one group
   * @param groupSkew the Zipf exponent of group sizes: higher means fewer large groups
   */
  public AssociationGenerator(
      long seed, int fields, int items, int maxGroupSize, double groupSkew) {
    if (fields < 2) {
      throw new IllegalArgumentException(
          "associations need at least 2 fields (k >= 2), got k = " + fields);
    }
    if (maxGroupSize < 1) {
      throw new IllegalArgumentException(
          "maximum group size must be at least 1, got " + maxGroupSize);
    }
    if (items < fields - 1 + maxGroupSize) {
      throw new IllegalArgumentException(
          "need at least k - 1 + max group size = "
              + (fields - 1 + maxGroupSize)
              + " items for "
              + fields
              + " fields and groups of up to "
              + maxGroupSize
              + ", got "
              + items);
    }
    if (!(groupSkew > 0)) {
      throw new IllegalArgumentException(
          "group size skew (Zipf exponent) must be positive, got " + groupSkew);
    }
    this.seed = seed;
    this.fields = fields;
    this.items = items;
    this.maxGroupSize = maxGroupSize;
    this.groupSkew = groupSkew;
    this.width = Integer.toString(items - 1).length();
  }

  /** Writes {@code files} files of about {@code bytesPerFile} bytes each under {@code dir}. */
  public void write(Configuration conf, Path dir, int files, long bytesPerFile) throws IOException {
    TextPartFiles.write(conf, dir, files, (out, file) -> writeFile(out, file, bytesPerFile));
  }

  /** Writes whole groups until at least {@code bytes} bytes are written. */
  void writeFile(OutputStream out, int fileIndex, long bytes) throws IOException {
    RandomGenerator random = new Well19937c(seed * 1_000_003L + fileIndex);
    ZipfDistribution groupSizes = new ZipfDistribution(random, maxGroupSize, groupSkew);
    StringBuilder prefix = new StringBuilder(fields * (width + 1));
    StringBuilder group = new StringBuilder(maxGroupSize * fields * (width + 1));
    long written = 0;
    while (written < bytes) {
      int size = groupSizes.sample();
      // The prefix leaves at least `size` items above its largest for the last fields.
      int[] prefixItems = sortedSample(random, 0, items - size, fields - 1);
      int[] lastItems = sortedSample(random, prefixItems[prefixItems.length - 1] + 1, items, size);
      prefix.setLength(0);
      for (int item : prefixItems) {
        appendItem(prefix, item).append(',');
      }
      group.setLength(0);
      for (int item : lastItems) {
        appendItem(group.append(prefix), item).append('\n');
      }
      byte[] encoded = group.toString().getBytes(StandardCharsets.US_ASCII);
      out.write(encoded);
      written += encoded.length;
    }
  }

  private StringBuilder appendItem(StringBuilder text, int item) {
    String digits = Integer.toString(item);
    for (int i = digits.length(); i < width; i++) {
      text.append('0');
    }
    return text.append(digits);
  }

  /** {@code count} distinct numbers of [from, to), ascending; Floyd's sampling, so O(count). */
  static int[] sortedSample(RandomGenerator random, int from, int to, int count) {
    int range = to - from;
    if (count > range) {
      throw new IllegalArgumentException(
          "cannot draw " + count + " distinct numbers from [" + from + ", " + to + ")");
    }
    Set<Integer> chosen = new HashSet<>(count * 2);
    for (int j = range - count; j < range; j++) {
      int candidate = random.nextInt(j + 1);
      if (!chosen.add(candidate)) {
        chosen.add(j);
      }
    }
    int[] sample = new int[count];
    int i = 0;
    for (int value : chosen) {
      sample[i++] = from + value;
    }
    Arrays.sort(sample);
    return sample;
  }
}
