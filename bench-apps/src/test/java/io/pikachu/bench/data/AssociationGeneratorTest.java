package io.pikachu.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

class AssociationGeneratorTest {

  private static byte[] generate(AssociationGenerator generator, int file, long bytes)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    generator.writeFile(out, file, bytes);
    return out.toByteArray();
  }

  private static List<String> lines(byte[] text) {
    return List.of(new String(text, StandardCharsets.US_ASCII).split("\n"));
  }

  @Test
  void sameSeedGivesTheSameBytes() throws IOException {
    assertArrayEquals(
        generate(new AssociationGenerator(7), 2, 50_000),
        generate(new AssociationGenerator(7), 2, 50_000));
  }

  @Test
  void differentSeedsAndFilesDiffer() throws IOException {
    byte[] base = generate(new AssociationGenerator(7), 2, 50_000);
    assertFalse(Arrays.equals(base, generate(new AssociationGenerator(8), 2, 50_000)));
    assertFalse(Arrays.equals(base, generate(new AssociationGenerator(7), 3, 50_000)));
  }

  @Test
  void writesAtLeastTheAskedSizeInWholeGroups() throws IOException {
    byte[] text = generate(new AssociationGenerator(1), 0, 20_000);
    int line = 3 * 5 + 2 + 1; // three 5-digit items of the default 100,000, two commas, a newline
    assertEquals(0, text.length % line);
    assertTrue(
        text.length >= 20_000
            && text.length < 20_000 + AssociationGenerator.DEFAULT_MAX_GROUP_SIZE * line,
        "size " + text.length);
  }

  @Test
  void everyLineIsAnAssociationOfKAscendingPaddedItems() throws IOException {
    for (String line : lines(generate(new AssociationGenerator(3, 4, 1_000, 50, 1.0), 0, 30_000))) {
      String[] fields = line.split(",", -1);
      assertEquals(4, fields.length, line);
      for (int i = 0; i < fields.length; i++) {
        assertTrue(fields[i].matches("\\d{3}"), line);
        assertTrue(i == 0 || fields[i - 1].compareTo(fields[i]) < 0, line);
      }
    }
  }

  @Test
  void groupSizesAreSkewed() throws IOException {
    Map<String, Integer> groupSizes = new HashMap<>();
    for (String line :
        lines(generate(new AssociationGenerator(5, 3, 1_000_000, 64, 1.5), 0, 400_000))) {
      groupSizes.merge(line.substring(0, line.lastIndexOf(',')), 1, Integer::sum);
    }
    int[] sorted = groupSizes.values().stream().mapToInt(Integer::intValue).sorted().toArray();
    int median = sorted[sorted.length / 2];
    int largest = sorted[sorted.length - 1];
    long singletons = Arrays.stream(sorted).filter(size -> size == 1).count();
    assertTrue(median <= 2, "median group " + median);
    assertTrue(largest >= 60, "largest group " + largest);
    // Zipf with exponent 1.5: about 38% of groups have one line.
    assertTrue(
        singletons > 0.3 * sorted.length && singletons < 0.5 * sorted.length,
        singletons + " singletons of " + sorted.length + " groups");
  }

  @Test
  void sortedSampleDrawsDistinctAscendingNumbersInRange() {
    Well19937c random = new Well19937c(1);
    for (int trial = 0; trial < 200; trial++) {
      int[] sample = AssociationGenerator.sortedSample(random, 10, 30, trial % 21);
      assertEquals(trial % 21, sample.length);
      for (int i = 0; i < sample.length; i++) {
        assertTrue(
            sample[i] >= 10 && sample[i] < 30 && (i == 0 || sample[i - 1] < sample[i]),
            Arrays.toString(sample));
      }
    }
    assertArrayEquals(new int[] {5, 6, 7}, AssociationGenerator.sortedSample(random, 5, 8, 3));
    assertThrows(
        IllegalArgumentException.class, () -> AssociationGenerator.sortedSample(random, 5, 8, 4));
  }

  @Test
  void rejectsNonsenseParameters() {
    assertThrows(
        IllegalArgumentException.class, () -> new AssociationGenerator(1, 1, 100, 10, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new AssociationGenerator(1, 3, 100, 0, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new AssociationGenerator(1, 3, 11, 10, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new AssociationGenerator(1, 3, 100, 10, 0));
    new AssociationGenerator(1, 3, 12, 10, 1.0); // exactly enough items
  }
}
