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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise} on real job history files written by this repository's embedded cluster (stock and
 * two-stage Wordcount, stock Inverted-index; results/advisor/2026-11-27-jhist-pairs and -holdout),
 * and on bad input.
 */
class AdviseMainTest {
  static final Path GOOD = Paths.get("src/test/resources/jhist");
  static final Path BAD = Paths.get("src/test/resources/bad");

  /** Exit code, standard output, standard error. */
  static String[] run(String... args) {
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

  static Advisor.Report report(Path folder) throws Exception {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    return Advisor.advise(
        conf,
        Advisor.historyFiles(
            conf, new org.apache.hadoop.fs.Path(folder.toAbsolutePath().toString())),
        HistoryListing.Filter.all(),
        true,
        0,
        null);
  }

  @Test
  void advisesOnEveryJobOfARealHistoryFolder(@TempDir Path tmp) throws Exception {
    Path csv = tmp.resolve("advice.csv");
    String[] r = run("--csv", csv.toString(), GOOD.toString());
    assertEquals("0", r[0], r[2]);
    assertTrue(r[1].contains("job_1795742513307_0001"), r[1]);
    assertTrue(r[1].contains("job_1795742513307_0003"), r[1]);
    assertTrue(
        r[1].contains(
            "Cluster: 3 job(s) read (every job): 2 replayed with Pikachu, 1 that ran under Pikachu"),
        r[1]);
    assertTrue(r[2].contains("3 of 3 history files read"), r[2]);
    List<String> lines = Files.readAllLines(csv);
    assertEquals(4, lines.size());
    assertEquals(String.join(",", AdviseMain.CSV_HEADER), lines.get(0));
    // Recurring jobs: a line per name.
    assertTrue(r[1].matches("(?s).*\\nwordcount\\s+2\\s+1\\s+1\\s+0\\s.*"), r[1]);
  }

  @Test
  void consoleHasNoLoggingNoiseAndTheMissingConfNoteOnce() {
    String[] r = run("-q", GOOD.toString());
    assertFalse(r[2].contains("log4j:WARN"), r[2]);
    assertFalse(r[2].contains("AttemptInfo is null"), r[2]);
    assertFalse(r[1].contains("WARN"), r[1]);
    Matcher m = Pattern.compile("_conf.xml beside").matcher(r[1]);
    int notes = 0;
    while (m.find()) {
      notes++;
    }
    assertEquals(1, notes, r[1]);
    assertTrue(r[1].contains("3 job(s) had no <job id>_conf.xml beside their history"), r[1]);
  }

  @Test
  void theStockJobIsReplayedCloseToItsMeasuredTimeWithASavingInsideItsInterval() throws Exception {
    Advice wordcountStock = report(GOOD).jobs.get(0);
    assertEquals("job_1795742513307_0001", wordcountStock.jobId);
    assertEquals(Advice.Kind.STOCK, wordcountStock.kind);
    assertEquals(44.2, wordcountStock.measuredSeconds, 0.1);
    assertTrue(Math.abs(wordcountStock.fitError) < 0.1, "fit error " + wordcountStock.fitError);
    // The embedded cluster's fast node has four times a slow node's CPU.
    assertTrue(wordcountStock.p > 2, "P " + wordcountStock.p);
    assertTrue(wordcountStock.savingLow < wordcountStock.saving);
    assertTrue(wordcountStock.saving < wordcountStock.savingHigh);
    assertTrue(wordcountStock.predictedOtherLow < wordcountStock.predictedPikachuSeconds());
    // The phases: its last map ended at 36.1 s (the suite's maps_done_s); under Pikachu the tail
    // after it is what shortens, and the two phases add up to about the predicted job.
    assertEquals(36.1, wordcountStock.measuredMapSeconds, 0.5);
    double map = wordcountStock.predictedOtherMapSeconds;
    double tail = wordcountStock.predictedOtherTailSeconds;
    assertTrue(map > 0 && tail > 0, map + " + " + tail);
    assertTrue(
        tail < wordcountStock.measuredSeconds - wordcountStock.measuredMapSeconds, "" + tail);
    assertEquals(wordcountStock.predictedPikachuSeconds(), map + tail, 0.1 * (map + tail));
    // Equal per-core speed on the embedded cluster (one machine's cores), said as such.
    assertTrue(
        wordcountStock.nodes.startsWith("per-core speed taken as equal"), wordcountStock.nodes);
  }

  @Test
  void aStockJobReplayedWithBinsPaysWhatBinsAddToEachReducersPostShuffleWork() throws Exception {
    org.apache.hadoop.fs.FileSystem fs =
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    JobHistory stock =
        JobHistory.read(
            fs,
            new org.apache.hadoop.fs.Path(
                GOOD.resolve(
                        "job_1795742513307_0001-1795742516944-root-wordcount-1795742565076-12-6"
                            + "-SUCCEEDED-root.default-1795742520899.jhist")
                    .toAbsolutePath()
                    .toString()));
    JobReplay.Result r = new JobReplay(stock).replay();
    double asRan = 0;
    double withBins = 0;
    for (io.pikachu.sim.engine.TaskRecord t : r.asRan.reducers()) {
      asRan += t.cpuS();
    }
    double refetched = 0;
    for (io.pikachu.sim.engine.TaskRecord t : r.otherWay.reducers()) {
      withBins += t.cpuS();
      refetched += t.refetchedMb();
    }
    // The same bytes reduced both ways; with bins each reducer also pays the fixed part (and its
    // copy of the bins it gained: a few per cent of a core-second per MB re-fetched).
    double fixed = r.otherWay.reducers().size() * ReducerCpu.STOCK_BINS_POST_SHUFFLE_CORE_S;
    double extra = withBins - asRan;
    assertTrue(
        extra > 0.9 * fixed && extra < fixed + 0.05 * refetched + 0.1,
        "reducers' CPU with bins " + withBins + " against " + asRan + " stock, fixed " + fixed);
  }

  @Test
  void aJobThatRanUnderPikachuIsReportedWithWhatItGainedNeverASaving() throws Exception {
    for (Path folder : new Path[] {GOOD, Paths.get("src/test/resources/pikachu")}) {
      for (Advice a : report(folder).jobs) {
        if (!a.jobId.endsWith("_0002")) {
          continue;
        }
        // The AM's counter group, under its name since b4257af and the one before.
        assertEquals(Advice.Kind.PIKACHU, a.kind, folder + " " + a.jobId);
        assertTrue(Double.isNaN(a.predictedPikachuSeconds()), "no saving on top of what it took");
        assertTrue(a.predictedOtherSeconds > 0, "a replay as stock");
        assertEquals(1 - a.measuredSeconds / a.predictedOtherSeconds, a.saving, 1e-12);
      }
    }
    String[] r = run("-q", "src/test/resources/pikachu");
    assertTrue(r[1].contains("as stock"), r[1]);
    assertTrue(r[1].contains("gained"), r[1]);
    assertTrue(r[1].contains("ran under Pikachu: nothing more to save"), r[1]);
    assertFalse(r[1].contains("Predicted with Pikachu"), r[1]);
  }

  /**
   * A stock Wordcount of the pairs set (results/advisor/2026-11-27-jhist-pairs, Config-1,
   * job_1795742513307_0007) whose replayed controller chooses P 4.0 where the nodes, as the replay
   * infers them, allow 2.8. Each history used before stopped tripping the limit when the replay
   * came closer to the run: job_1795744175134_0001 (P 8.9 against 4.2) once the replay's reducers
   * launched when the history's did after slow start (its P then 4.3); the one before once the
   * simulated speculator copied maps still starting their JVM.
   */
  @Test
  void anImplausiblePFromTheReplayIsLimitedWithTheReason() throws Exception {
    Advice a = report(Paths.get("src/test/resources/limit")).jobs.get(0);
    assertTrue(
        a.pLimit != null && a.pLimit.contains("outside what the nodes' measured speeds allow"),
        "limit: " + a.pLimit + ", P " + a.p);
    assertTrue(a.p < 5, "P " + a.p + " after the limit");
  }

  @Test
  void aPikachuJobOnThreeClassesShowsThePItAppliedNotTheReplays() throws Exception {
    // Five nodes in three classes (0.6 / 0.4 / 0.2 cores, one reducer each): the job's reducers
    // copied 18.8, 12.2, 12.2, 6.6 and 5.5 MB (bins 17/11/11/6/5). Until the replay's maps
    // reported no progress until they ended, as the recorded AM saw them (Platform
    // .mapProgressWhileRunning), the replay measured each one-slot node by its map in flight,
    // split the two equal slow nodes apart and chose P 17, which advise noted as outside the
    // nodes' limit; measured by their finished maps it stays within it, and the P shown is the
    // job's either way.
    Advice a = report(Paths.get("src/test/resources/five")).jobs.get(0);
    assertEquals(Advice.Kind.PIKACHU, a.kind);
    assertEquals(18.8 / 5.5, a.p, 0.1);
    assertFalse(a.notes.contains("outside what the nodes' measured speeds allow"), a.notes);
  }

  @Test
  void jobsAreChosenByNameAndDay() {
    String[] byName = run("-q", "--name", "^inverted", GOOD.toString());
    assertEquals("0", byName[0], byName[2]);
    assertTrue(byName[1].contains("Cluster: 1 job(s) read (named like /^inverted/)"), byName[1]);
    assertTrue(byName[1].contains("2 job(s) filtered out"), byName[1]);
    // The three jobs finished on 2026-11-27 (UTC).
    String[] sameDay = run("-q", "--from", "2026-11-27", "--to", "2026-11-27", GOOD.toString());
    assertTrue(sameDay[1].contains("Cluster: 3 job(s) read"), sameDay[1]);
    String[] later = run("-q", "--from", "2026-11-28", GOOD.toString());
    assertEquals("1", later[0], "nothing to advise on");
    assertTrue(later[1].contains("3 job(s) filtered out"), later[1]);
    String[] badDay = run("--from", "27/11/2026", GOOD.toString());
    assertEquals("2", badDay[0]);
    assertTrue(badDay[2].contains("--from must be a day YYYY-MM-DD"), badDay[2]);
    String[] backwards = run("--from", "2026-11-28", "--to", "2026-11-27", GOOD.toString());
    assertEquals("2", backwards[0]);
    assertTrue(backwards[2].contains("is before --from"), backwards[2]);
    String[] badName = run("--name", "(", GOOD.toString());
    assertEquals("2", badName[0]);
    assertTrue(badName[2].contains("--name is not a regular expression"), badName[2]);
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
    assertTrue(r[1].contains("0 replayed with Pikachu"), r[1]);
    assertTrue(r[1].contains("1 stepped aside"), r[1]);
    assertFalse(r[1].contains("_conf.xml beside their history"), "its conf was there");
  }

  @Test
  void anEmptyFolderGetsAClearMessage(@TempDir Path tmp) {
    String[] r = run(tmp.toString());
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no job history files (.jhist) under"), r[2]);
    assertTrue(r[2].contains(tmp.getFileName().toString()), r[2]);
  }

  @Test
  void aMissingFolderIsNamedAndAMissingArgumentIsAUsageError() {
    String[] r = run("/no/such/history");
    assertEquals("1", r[0]);
    assertTrue(r[2].contains("no such folder: /no/such/history"), r[2]);
    String[] none = run("-q");
    assertEquals("2", none[0]);
    assertTrue(none[2].contains("missing argument"), none[2]);
    String[] decision = run("--decision", "x.json", GOOD.toString());
    assertEquals("2", decision[0]);
    assertTrue(decision[2].contains("give --html"), decision[2]);
  }

  @Test
  void pagesCarryEveryJobAndTheNumbersOfTheCsv(@TempDir Path tmp) throws Exception {
    Path csv = tmp.resolve("advice.csv");
    Path html = tmp.resolve("html");
    String[] r = run("-q", "--csv", csv.toString(), "--html", html.toString(), GOOD.toString());
    assertEquals("0", r[0], r[2]);
    String index = Files.readString(html.resolve("index.html"));
    for (String line : Files.readAllLines(csv).subList(1, 4)) {
      String[] c = line.split(",");
      String row = "data-job=\"" + c[1] + "\" data-saving=\"" + c[10] + "\"";
      assertTrue(index.contains(row), row + " in " + index);
      String page = Files.readString(html.resolve("job-" + c[1] + ".html"));
      assertTrue(page.contains("<div id=\"saving\" data-saving=\"" + c[10] + "\""), page);
      // Per reducer two lanes of four stages: 6 reducers.
      Matcher m = Pattern.compile("class=\"stage\"").matcher(page);
      int bars = 0;
      while (m.find()) {
        bars++;
      }
      assertEquals(6 * 2 * 4, bars, c[1]);
      assertFalse(page.contains("<script"), "self-contained, no script");
      assertFalse(page.contains("src=\"http"), "nothing fetched");
    }
  }

  @Test
  void aDecisionRecordGetsItsOwnPage(@TempDir Path tmp) throws Exception {
    Path decision =
        Paths.get(
            "../results/advisor/2026-11-27-jhist-holdout/suite/runs/wordcount/config-1/two-stage"
                + "/rep1/decision.json");
    String[] r = run("--decision", decision.toString(), "--html", tmp.toString());
    assertEquals("0", r[0], r[2]);
    Path page = tmp.resolve("decision-decision.json.html");
    String html = Files.readString(page);
    assertTrue(html.contains("<tr data-version=\"1\">"), html);
    assertTrue(html.contains("<svg id=\"bins\""), html);
    Files.writeString(tmp.resolve("broken.json"), "{\"versions\": 3");
    String[] bad =
        run("--decision", tmp.resolve("broken.json").toString(), "--html", tmp.toString());
    assertEquals("1", bad[0]);
    assertTrue(bad[2].contains("not a decision record"), bad[2]);
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
