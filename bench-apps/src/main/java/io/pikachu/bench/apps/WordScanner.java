package io.pikachu.bench.apps;

import org.apache.hadoop.io.Text;

/**
 * Walks the whitespace-separated words of a line in place, without copying, for the text
 * benchmarks. Words are split exactly as {@link WordCount} splits them, so the text benchmarks
 * agree on what a word is.
 */
final class WordScanner {
  private byte[] bytes;
  private int length;
  private int position;
  private int start;
  private int end;

  /** Starts over on {@code line}; the line must not change while its words are read. */
  WordScanner reset(Text line) {
    bytes = line.getBytes();
    length = line.getLength();
    position = 0;
    return this;
  }

  /** Moves to the next word; false once the line has no more. */
  boolean next() {
    while (position < length && Character.isWhitespace(bytes[position])) {
      position++;
    }
    if (position == length) {
      return false;
    }
    start = position;
    while (position < length && !Character.isWhitespace(bytes[position])) {
      position++;
    }
    end = position;
    return true;
  }

  byte[] bytes() {
    return bytes;
  }

  int start() {
    return start;
  }

  int length() {
    return end - start;
  }
}
