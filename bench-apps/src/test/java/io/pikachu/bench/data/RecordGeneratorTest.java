package io.pikachu.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordGeneratorTest {

  /** The records are the same bytes whatever JDK writes them (the test JVM's nextBytes is 10+). */
  @Test
  void bytesAreTheNewerJdksNextBytes() {
    for (int length : new int[] {0, 1, 7, 8, 10, 90, 1000}) {
      byte[] ours = new byte[length];
      byte[] jdk = new byte[length];
      SplittableRandom a = new SplittableRandom(42L * length);
      SplittableRandom b = new SplittableRandom(42L * length);
      for (int round = 0; round < 3; round++) {
        RecordGenerator.nextBytes(a, ours);
        b.nextBytes(jdk);
        assertArrayEquals(jdk, ours, "length " + length + ", round " + round);
      }
    }
  }
}
