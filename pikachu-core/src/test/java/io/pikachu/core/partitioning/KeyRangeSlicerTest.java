package io.pikachu.core.partitioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyRangeSlicerTest {

  @Test
  void binsInBinOrderAreKeyRangesInKeyOrder() {
    Random rnd = new Random(7);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] k = new byte[1 + rnd.nextInt(12)];
      rnd.nextBytes(k);
      keys.add(k);
    }
    keys.sort(Arrays::compareUnsigned);
    List<byte[]> splits = List.of(keys.get(5000), keys.get(10_000), keys.get(15_000));
    KeyRangeSlicer slicer = new KeyRangeSlicer(splits, 10);
    int previousBin = -1;
    int[] perBin = new int[40];
    for (byte[] k : keys) {
      int bin = partition(splits, k) * 10 + slicer.slice(partition(splits, k), k, 0, k.length);
      assertTrue(bin >= previousBin, "bins must not decrease along sorted keys");
      previousBin = bin;
      perBin[bin]++;
    }
    for (int b = 0; b < 40; b++) {
      // random keys spread evenly: about 500 per bin
      assertTrue(perBin[b] > 350 && perBin[b] < 650, "bin " + b + ": " + perBin[b]);
    }
  }

  @Test
  void textKeysSpreadOverTheOpenEndedPartitionsToo() {
    Random rnd = new Random(5);
    List<byte[]> words = new ArrayList<>();
    for (int i = 0; i < 9000; i++) {
      char[] w = new char[4 + rnd.nextInt(6)];
      for (int c = 0; c < w.length; c++) {
        w[c] = (char) ('a' + rnd.nextInt(26));
      }
      words.add(new String(w).getBytes(StandardCharsets.US_ASCII));
    }
    words.sort(Arrays::compareUnsigned);
    List<byte[]> splits = List.of(words.get(3000), words.get(6000));
    KeyRangeSlicer slicer = new KeyRangeSlicer(splits, 5);
    int[] perBin = new int[15];
    for (byte[] w : words) {
      int p = partition(splits, w);
      perBin[p * 5 + slicer.slice(p, w, 0, w.length)]++;
    }
    for (int b = 0; b < 15; b++) {
      // lower-case words occupy a sliver of the byte range below the first split point and above
      // the last; cut over the whole byte range they would all sit in one slice
      assertTrue(perBin[b] > 300 && perBin[b] < 900, "bin " + b + ": " + Arrays.toString(perBin));
    }
  }

  @Test
  void keysSharingAPrefixAreCutAfterIt() {
    List<byte[]> splits = List.of(bytes("user-m"));
    KeyRangeSlicer slicer = new KeyRangeSlicer(splits, 4);
    // partition 1 is [user-m, +inf): "user-..." keys all share no prefix with +inf, so they sit
    // in one slice; partition 0 is ["", user-m) and also starts at the first byte
    assertEquals(2, slicer.partitions());
    int a = slicer.slice(0, bytes("aaaa"), 0, 4);
    int u = slicer.slice(0, bytes("user-a"), 0, 6);
    assertTrue(a <= u);
    // a narrow range: split points sharing "user-" are cut on the byte after it
    KeyRangeSlicer narrow = new KeyRangeSlicer(List.of(bytes("user-a"), bytes("user-z")), 5);
    int first = narrow.slice(1, bytes("user-b"), 0, 6);
    int last = narrow.slice(1, bytes("user-y"), 0, 6);
    assertEquals(0, first);
    assertEquals(4, last);
  }

  @Test
  void anOffsetIntoALargerBufferReadsOnlyTheKey() {
    KeyRangeSlicer slicer = new KeyRangeSlicer(List.of(bytes("m")), 10);
    byte[] buffer = bytes("xxzzzzzz");
    assertEquals(slicer.slice(1, bytes("z"), 0, 1), slicer.slice(1, buffer, 2, 1));
  }

  @Test
  void outOfOrderSplitPointsAreRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new KeyRangeSlicer(List.of(bytes("b"), bytes("a")), 10));
    assertTrue(e.getMessage().contains("out of order"), e.getMessage());
  }

  @Test
  void anEmptyRangeHasOneSlice() {
    KeyRangeSlicer slicer = new KeyRangeSlicer(List.of(bytes("k"), bytes("k")), 10);
    assertEquals(0, slicer.slice(1, bytes("k"), 0, 1));
  }

  private static int partition(List<byte[]> splits, byte[] key) {
    int p = 0;
    while (p < splits.size() && Arrays.compareUnsigned(splits.get(p), key) <= 0) {
      p++;
    }
    return p;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
