package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise} on real job history files written by this repository's embedded cluster (stock and
 * two-stage Wordcount, stock Inverted-index; results/advisor/2026-11-27-jhist-pairs), and on bad
 * input.
 */
class AdviseMainTest {
  static final Path GOOD = Paths.get("src/test/resources/jhist");
  static final Path BAD = Paths.get("src/test/resources/bad");

  private static String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        AdviseMain.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {
      Integer.toString(rc),
      out.toString(StandardCharsets.UTF_8),
      err.toString(StandardCharsets.UTF_8)
    };
  }

  @Test
  void advisesOnEveryJobOfARealHistoryFolder(@TempDir Path tmp) throws Exception {
    Path csv = tmp.resolve("advice.csv");
    String[] r = run("--csv", csv.toString(), GOOD.toString());
    assertEquals("0", r[0], r[2]);
    assertTrue(r[1].contains("job_1795742513307_0001"), r[1]);
    assertTrue(r[1].contains("job_1795742513307_0003"), r[1]);
    assertTrue(r[1].contains("Cluster: 3 job(s) replayed, 0 stepped aside, 0 file(s) unusable"));
    assertTrue(r[2].contains("3 of 3 history files read"), r[2]);
    List<String> lines = Files.readAllLines(csv);
    assertEquals(4, lines.size());
    assertTrue(
        lines
            .get(0)
            .startsWith("file,job_id,name,measured_s,reducer_end_spread,predicted_pikachu_s"));
  }

  @Test
  void theStockJobIsReplayedCloseToItsMeasuredTimeAndGetsARebalancedMap() throws Exception {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    List<org.apache.hadoop.fs.Path> files =
        Advisor.historyFiles(conf, new org.apache.hadoop.fs.Path(GOOD.toAbsolutePath().toString()));
    Advisor.Report report = Advisor.advise(conf, files, null);
    Advice wordcountStock = report.jobs.get(0);
    assertEquals("job_1795742513307_0001", wordcountStock.jobId);
    assertEquals(44.2, wordcountStock.measuredSeconds, 0.1);
    assertTrue(Math.abs(wordcountStock.fitError) < 0.1, "fit error " + wordcountStock.fitError);
    // The embedded cluster's fast node has four times a slow node's CPU.
    assertTrue(wordcountStock.p > 2, "P " + wordcountStock.p);
  }

  @Test
  void truncatedAndForeignFilesAreNamedWithAReasonAndNoStackTrace() {
    String[] r = run("-q", BAD.toString());
    assertEquals("1", r[0]);
    assertTrue(r[1].contains("job_1795742513307_0005-truncated.jhist"), r[1]);
    assertTrue(r[1].contains("truncated or incomplete job history"), r[1]);
    assertTrue(r[1].contains("notes.jhist: not a readable MapReduce job history file"), r[1]);
    assertFalse((r[1] + r[2]).contains("\tat "), "no stack trace");
  }

  @Test
  void aJobWithAPartitionerPikachuDoesNotKnowIsOneItStepsAsideFor() {
    String[] r = run("-q", "src/test/resources/aside");
    assertEquals("0", r[0], r[2]);
    assertTrue(r[1].contains("steps aside: partitioner"), r[1]);
    assertTrue(r[1].contains("com.example.RegionPartitioner"), r[1]);
    assertTrue(r[1].contains("Cluster: 0 job(s) replayed, 1 stepped aside"), r[1]);
  }

  @Test
  void anEmptyFolderGetsAClearMessage(@TempDir Path tmp) {
    String[] r = run(tmp.toString());
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no job history files (.jhist) under"), r[2]);
    assertTrue(r[2].contains(tmp.getFileName().toString()), r[2]);
  }

  @Test
  void aMissingFolderIsNamed() {
    String[] r = run("/no/such/history");
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no such folder: /no/such/history"), r[2]);
  }

  /**
   * Hadoop's generic options reach the configuration advise reads with: here {@code -fs} makes a
   * path without a scheme one on a file system that does not exist, and the error names it.
   */
  @Test
  void hadoopsGenericOptionsComeFirst() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        AdviseMain.runWithGenericOptions(
            new String[] {"-fs", "nosuchfs://somewhere", "-q", "/history"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, rc);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("nosuchfs"), err.toString());
    assertEquals(
        "0",
        AdviseMainTest.run("-q", GOOD.toString())[0],
        "without generic options advise runs as before");
  }
}
