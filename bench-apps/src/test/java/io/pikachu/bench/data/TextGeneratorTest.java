package io.pikachu.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextGeneratorTest {

  private static byte[] generate(long seed, int file, long bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new TextGenerator(seed, 10_000, 1.0).writeFile(out, file, bytes);
    return out.toByteArray();
  }

  @Test
  void sameSeedGivesTheSameBytes() throws IOException {
    assertArrayEquals(generate(7, 3, 50_000), generate(7, 3, 50_000));
  }

  @Test
  void differentSeedsAndFilesDiffer() throws IOException {
    assertFalse(Arrays.equals(generate(7, 3, 50_000), generate(8, 3, 50_000)));
    assertFalse(Arrays.equals(generate(7, 3, 50_000), generate(7, 4, 50_000)));
  }

  @Test
  void writesAtLeastTheAskedSizeInWholeLines() throws IOException {
    byte[] text = generate(1, 0, 20_000);
    assertTrue(text.length >= 20_000 && text.length < 20_000 + 200, "size " + text.length);
    assertTrue(text[text.length - 1] == '\n');
  }

  @Test
  void wordFrequenciesAreSkewedLikeZipf() throws IOException {
    Map<String, Integer> counts = new HashMap<>();
    for (String word : new String(generate(5, 0, 400_000), StandardCharsets.UTF_8).split("\\s+")) {
      counts.merge(word, 1, Integer::sum);
    }
    int[] sorted = counts.values().stream().mapToInt(Integer::intValue).sorted().toArray();
    int top = sorted[sorted.length - 1];
    int tenth = sorted[sorted.length - 10];
    // Zipf with exponent 1: the most common word is about ten times as frequent as the tenth.
    assertTrue(top > 5 * tenth && top < 20 * tenth, "top " + top + ", tenth " + tenth);
  }

  @Test
  void rejectsNonsenseParameters() {
    assertThrows(IllegalArgumentException.class, () -> new TextGenerator(1, 0, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new TextGenerator(1, 10, 0));
  }
}
