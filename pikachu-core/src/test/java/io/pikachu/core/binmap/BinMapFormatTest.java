package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BinMapFormatTest {
  private static final BinMap MAP = BinMap.fromCounts(7, true, 10, new int[] {18, 6, 6});

  @Test
  void roundTrips() throws Exception {
    String text = BinMapFormat.encode(MAP);
    assertTrue(
        text.startsWith("pikachu-binmap 2\nversion 7\nfinal true\nowners 0*18,1*6,2*6\ncrc32 "),
        text);
    assertEquals(MAP, BinMapFormat.decode(text, "f", 3, 10));
    assertEquals(MAP, BinMapFormat.decode(BinMapFormat.encodeBytes(MAP), "f", 0, 0));
  }

  @Test
  void mapsThatAreNotContiguousRoundTrip() throws Exception {
    BinAllocation moved =
        BinAllocation.even(10, 3).rebalanced(new int[] {18, 6, 6}, /* keepOrder= */ false);
    BinMap map = new BinMap(2, false, moved);
    String text = BinMapFormat.encode(map);
    assertTrue(text.contains("\nowners 0*10,1*6,0*4,2*6,0*4\n"), text);
    assertEquals(map, BinMapFormat.decode(text, "f", 3, 10));
  }

  @Test
  void versionOneFilesStillRead() throws Exception {
    String body = "pikachu-binmap 1\nversion 7\nfinal true\ncounts 18,6,6\n";
    assertEquals(MAP, BinMapFormat.decode(withCrc(body), "f", 3, 10));
  }

  @Test
  void everyCorruptionIsAnErrorNamingTheFile() {
    String good = BinMapFormat.encode(MAP);
    String[] bad = {
      "",
      good.substring(0, good.length() - 5), // truncated
      good.replace("0*18,1*6", "0*17,1*7"), // edited: checksum no longer matches
      good.replace("pikachu-binmap 2", "pikachu-binmap 3"),
      good.replace("version 7", "versio 7"),
      good + "extra\n",
    };
    for (String text : bad) {
      BinMapFormatException e =
          assertThrows(
              BinMapFormatException.class,
              () -> BinMapFormat.decode(text, "/staging/job_1/pikachu-binmap/binmap-7", 3, 10));
      assertTrue(e.getMessage().contains("/staging/job_1/pikachu-binmap/binmap-7"), e.getMessage());
    }
  }

  @Test
  void aConsistentFileForAnotherJobShapeIsRejected() {
    String text = BinMapFormat.encode(MAP);
    var wrongReducers =
        assertThrows(BinMapFormatException.class, () -> BinMapFormat.decode(text, "f", 4, 10));
    assertTrue(wrongReducers.getMessage().contains("3 reducers but the job has 4"));
    var wrongBins =
        assertThrows(BinMapFormatException.class, () -> BinMapFormat.decode(text, "f", 3, 20));
    assertTrue(wrongBins.getMessage().contains("30 bins"), wrongBins.getMessage());
  }

  @Test
  void checksumValidButInconsistentContentIsRejected() throws Exception {
    // a zero count with a correct checksum (written by a buggy publisher) must still fail
    String text = withCrc("pikachu-binmap 1\nversion 1\nfinal false\ncounts 30,0\n");
    var e = assertThrows(BinMapFormatException.class, () -> BinMapFormat.decode(text, "f", 0, 0));
    assertTrue(e.getMessage().contains("counts[1] must be >= 1"), e.getMessage());
    // likewise a reducer that owns no bin, and a run that is not reducer*length
    String idle = withCrc("pikachu-binmap 2\nversion 1\nfinal false\nowners 0*10,2*20\n");
    var noBins =
        assertThrows(BinMapFormatException.class, () -> BinMapFormat.decode(idle, "f", 0, 0));
    assertTrue(
        noBins.getMessage().contains("reducer 1 must own at least one bin"), noBins.getMessage());
    String garbled = withCrc("pikachu-binmap 2\nversion 1\nfinal false\nowners 0*10,1-10\n");
    var run =
        assertThrows(BinMapFormatException.class, () -> BinMapFormat.decode(garbled, "f", 0, 0));
    assertTrue(run.getMessage().contains("owners run 1"), run.getMessage());
  }

  private static String withCrc(String body) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return body + "crc32 " + String.format("%08x", crc.getValue()) + "\n";
  }
}
