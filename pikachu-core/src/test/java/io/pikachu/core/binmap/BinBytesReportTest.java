package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BinBytesReportTest {

  @Test
  void entriesSurviveTheStatusString() {
    List<BinBytesReport.Entry> entries =
        List.of(
            new BinBytesReport.Entry(0, 0, 0),
            new BinBytesReport.Entry(37, 123_456_789L, 12),
            new BinBytesReport.Entry(99_999, 40L << 30, 10_000));
    String status =
        "3/12 maps done, 40% of 10 owned bins copied, bin map v1 " + BinBytesReport.encode(entries);
    assertEquals(entries, BinBytesReport.decode(status));
  }

  @Test
  void aReportFitsHadoopsStatusStringWhateverTheBins() {
    List<BinBytesReport.Entry> many = new ArrayList<>();
    for (int b = 0; b < 5_000; b++) {
      many.add(new BinBytesReport.Entry(90_000 + b, 5_000_000_000L + b, 9_999));
    }
    String report = BinBytesReport.encode(many);
    assertTrue(report.length() <= BinBytesReport.BUDGET + 12, "" + report.length());
    int fit = BinBytesReport.fits(many);
    assertTrue(fit > 20, "a window of " + fit);
    assertEquals(many.subList(0, fit), BinBytesReport.decode(report));
  }

  @Test
  void aStatusWithoutAReportOrWithACutOrForeignOneGivesNothing() {
    assertEquals(List.of(), BinBytesReport.decode(null));
    assertEquals(List.of(), BinBytesReport.decode("copy (3 of 12 at 1.2 MB/s)"));
    assertEquals(List.of(), BinBytesReport.decode("v1 |binbytes 1.2.3 4.5"), "cut off");
    assertEquals(List.of(), BinBytesReport.decode("v1 |binbytes 1.2 4.5.6|"), "malformed");
    assertEquals(List.of(), BinBytesReport.decode("v1 |binbytes -1.2.3|"), "negative");
    assertEquals(
        List.of(), BinBytesReport.decode("v1 |binbytes zzzzzzz.2.3|"), "a bin beyond an int");
    assertEquals(
        List.of(), BinBytesReport.decode("v1 |binbytes 1.2.zzzzzzz|"), "maps beyond an int");
  }
}
