package io.pikachu.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Deterministic text with a Zipf-distributed vocabulary, like natural language: a few words are
 * very common, most are rare, so a combiner helps but reducers still get a large key space. The
 * same seed and sizes always give byte-identical files.
 */
public final class TextGenerator {
  private static final int WORDS_PER_LINE = 12;

  private final long seed;
  private final int vocabularySize;
  private final double zipfExponent;

  public TextGenerator(long seed, int vocabularySize, double zipfExponent) {
    if (vocabularySize < 1) {
      throw new IllegalArgumentException(
          "vocabulary size must be at least 1, got " + vocabularySize);
    }
    if (!(zipfExponent > 0)) {
      throw new IllegalArgumentException("Zipf exponent must be positive, got " + zipfExponent);
    }
    this.seed = seed;
    this.vocabularySize = vocabularySize;
    this.zipfExponent = zipfExponent;
  }

  /**
   * The word of a rank, unique because the rank is spelled into it. Computed, not stored, so that
   * vocabularies of tens of millions of words cost no memory.
   */
  private void appendWord(StringBuilder text, int rank) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + rank);
    int letters = 2 + random.nextInt(7);
    for (int i = 0; i < letters; i++) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    text.append(Integer.toString(rank, 36));
  }

  /** Writes {@code files} files of about {@code bytesPerFile} bytes each under {@code dir}. */
  public void write(Configuration conf, Path dir, int files, long bytesPerFile) throws IOException {
    TextPartFiles.write(conf, dir, files, (out, file) -> writeFile(out, file, bytesPerFile));
  }

  void writeFile(OutputStream out, int fileIndex, long bytes) throws IOException {
    ZipfDistribution zipf =
        new ZipfDistribution(
            new Well19937c(seed * 1_000_003L + fileIndex), vocabularySize, zipfExponent);
    long written = 0;
    StringBuilder line = new StringBuilder(128);
    while (written < bytes) {
      line.setLength(0);
      for (int i = 0; i < WORDS_PER_LINE; i++) {
        if (i > 0) {
          line.append(' ');
        }
        appendWord(line, zipf.sample() - 1);
      }
      line.append('\n');
      byte[] encoded = line.toString().getBytes(StandardCharsets.UTF_8);
      out.write(encoded);
      written += encoded.length;
    }
  }
}
