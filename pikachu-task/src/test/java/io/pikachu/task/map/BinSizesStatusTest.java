package io.pikachu.task.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.MapBinBytesReport;
import java.io.File;
import java.util.Random;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapred.Task;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.util.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 43: a map's bins' sizes reach the AM in its final status, within Hadoop's limits. */
class BinSizesStatusTest {

  /**
   * The state string the AM receives, as Hadoop makes it from a status the collector sets: cut to
   * {@code mapreduce.task.max.status.length} ({@code TaskReporter.setStatus}), then the task's
   * progress string ({@code Task.sendLastUpdate}: the status, then " > " and the sort phase), of
   * which {@code TaskStatus} keeps 1,024 characters.
   */
  private static String asTheAmSeesIt(String status, JobConf conf) {
    Progress task = new Progress();
    task.addPhase("map", 0.667f);
    task.addPhase("sort", 0.333f);
    task.startNextPhase();
    task.setStatus(Task.normalizeStatus(status, conf));
    String state = task.toString();
    return state.substring(0, Math.min(state.length(), 1024));
  }

  private static long[] skewed(int bins, long seed) {
    Random random = new Random(seed);
    long[] bytes = new long[bins];
    for (int b = 0; b < bins; b++) {
      bytes[b] = 4_000_000L / (1 + random.nextInt(bins));
    }
    return bytes;
  }

  @Test
  void theReportSurvivesHadoopsStatusLimitsForManyBins() {
    for (int limit : new int[] {512, 200, 4_000}) {
      JobConf conf = new JobConf(false);
      conf.setInt(MRConfig.PROGRESS_STATUS_LEN_LIMIT_KEY, limit);
      for (int bins : new int[] {12, 96, 10_000, 100_000}) {
        long[] bytes = skewed(bins, bins);
        String status = BinSizesStatus.status("map > map", bytes, limit);
        assertTrue(status.length() <= limit, limit + "/" + bins + ": " + status.length());
        assertTrue(status.startsWith("map |mapbins "), status);
        MapBinBytesReport r =
            MapBinBytesReport.decode(asTheAmSeesIt(status, conf), bins).orElseThrow();
        assertEquals(bins, r.listed() + r.restBins());
        int budget = Math.min(limit, MapBinBytesReport.MAX_CHARS);
        assertTrue(
            r.listed() >= Math.min(bins, budget / 20), limit + "/" + bins + ": " + r.listed());
        for (int i = 0; i < r.listed(); i++) {
          assertEquals(bytes[r.bin(i)], r.bytes(i));
        }
      }
    }
  }

  @Test
  void aLongStatusOfTheAppsIsCutNotTheReport() {
    long[] bytes = skewed(96, 1);
    String app = "x".repeat(600) + " > map";
    String status = BinSizesStatus.status(app, bytes, 512);
    assertTrue(status.startsWith("x".repeat(BinSizesStatus.PRIOR_STATUS_CHARS) + " |mapbins"));
    assertTrue(status.length() <= 512);
    JobConf conf = new JobConf(false);
    assertTrue(MapBinBytesReport.decode(asTheAmSeesIt(status, conf), 96).isPresent());
  }

  @Test
  void aLimitTooSmallForAnyReportLeavesTheStatusAlone() {
    assertEquals("", BinSizesStatus.status("map > map", skewed(96, 2), 10));
  }

  @Test
  void theSizesAreTheIndexsUncompressedLengths(@TempDir File dir) throws Exception {
    long[] raw = {2, 40_000, 7_777_777, 12};
    SpillRecord written = new SpillRecord(raw.length);
    long offset = 0;
    for (int b = 0; b < raw.length; b++) {
      long part = raw[b] / 3 + 6; // compressed, with the checksum
      written.putIndex(new IndexRecord(offset, raw[b], part), b);
      offset += part;
    }
    JobConf conf = new JobConf(false);
    Path index = new Path(new File(dir, "file.out.index").toURI());
    written.writeToFile(index, conf);
    assertArrayEquals(raw, BinSizesStatus.binBytes(new SpillRecord(index, conf)));
  }
}
