package io.pikachu.sim.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.sim.calib.Calibration;
import io.pikachu.sim.calib.EmbeddedModel;
import io.pikachu.sim.calib.MeasuredRun;
import io.pikachu.sim.calib.SuiteRuns;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.model.Clusters;
import io.pikachu.sim.model.JobSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's figures: each writes its CSV, chart and Markdown, with numbers that hang together.
 */
class PaperFiguresTest {
  static EmbeddedModel model;

  @BeforeAll
  static void fit() throws Exception {
    Path suite = Paths.get("..", "results", "cluster", "2026-11-25-suite");
    List<MeasuredRun> runs = SuiteRuns.read(suite.resolve("results.csv"), suite);
    model = Calibration.fit(runs, 4);
  }

  static PaperFigures figures(Path out, double fastCoreSpeed) {
    return new PaperFigures(
        model,
        out,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        "test provenance",
        FigureSettings.builder().seedCount(2).fastCoreSpeed(fastCoreSpeed).build());
  }

  @Test
  void fig22HasFourStagesPerClassThatAddUpToTheJob(@TempDir Path out) throws Exception {
    figures(out, 2.85).fig22();
    List<String> csv = Files.readAllLines(out.resolve("fig2-2.csv"));
    assertEquals(1 + 2 * 2 * 2 * 2, csv.size(), "2 apps x 2 configs x 2 classes x 2 seeds");
    for (String line : csv.subList(1, csv.size())) {
      String[] c = line.split(",");
      double stages = 0;
      for (int i = 4; i <= 7; i++) {
        assertTrue(Double.parseDouble(c[i]) >= 0, line);
        stages += Double.parseDouble(c[i]);
      }
      assertTrue(stages <= Double.parseDouble(c[8]) + 1e-3, line);
    }
    // With faster cores the fast nodes run more of the maps than their share of slots.
    String fast =
        csv.stream().filter(l -> l.startsWith("wordcount,config-1,fast")).findFirst().get();
    assertTrue(Double.parseDouble(fast.split(",")[9]) > 0.3, fast);
    String md = Files.readString(out.resolve("fig2-2.md"));
    assertTrue(md.contains("test provenance"), md);
    // Every cell a mean with its interval.
    assertTrue(
        md.matches("(?s).*\\| wordcount \\| config-1 \\| [0-9.]+ \\[[0-9.]+, [0-9.]+\\].*"), md);
    String svg = Files.readString(out.resolve("fig2-2.svg"));
    assertTrue(svg.startsWith("<?xml"));
    assertTrue(svg.contains("fast cores 2.85x"), "the title names the core speed");
  }

  @Test
  void fig27FindsAnOptimalAtLeastAsFastAsEveryMethod(@TempDir Path out) throws Exception {
    figures(out, 2.85).fig27();
    List<String> rows = Files.readAllLines(out.resolve("fig2-7.csv"));
    for (String app : PaperFigures.APPS) {
      for (String seed : new String[] {"1", "2"}) {
        double optimal = Double.NaN;
        for (String r : rows) {
          String[] c = r.split(",");
          if (c[0].equals(app) && c[1].equals(seed) && c[3].equals("true")) {
            optimal = Double.parseDouble(c[6]);
          }
        }
        assertTrue(optimal > 0, app + " seed " + seed + " has an optimal");
        for (String r : rows) {
          String[] c = r.split(",");
          if (c[0].equals(app) && c[1].equals(seed) && c[2].startsWith("fixed-")) {
            assertTrue(Double.parseDouble(c[6]) >= optimal - 1e-9, r);
          }
        }
      }
    }
    assertEquals(
        1 + PaperFigures.APPS.size(), Files.readAllLines(out.resolve("table2-1.csv")).size());
    assertTrue(Files.readString(out.resolve("fig2-7.md")).contains("Paper's Table 2.1"));
  }

  @Test
  void theSensitivityTableCoversEveryCoreSpeedAndFasterCoresGainMore(@TempDir Path out)
      throws Exception {
    new PaperFigures(
            model,
            out,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            "test provenance",
            FigureSettings.builder().seedCount(1).build())
        .sensitivity();
    List<String> rows = Files.readAllLines(out.resolve("sensitivity.csv"));
    assertEquals(1 + PaperFigures.CORE_SPEEDS.length * PaperFigures.APPS.size() * 4, rows.size());
    double equal = Double.NaN;
    double fast = Double.NaN;
    for (String r : rows) {
      String[] c = r.split(",");
      if (c[1].equals("wordcount") && c[2].equals("optimal") && c[0].equals("1.000")) {
        equal = Double.parseDouble(c[3]);
      }
      if (c[1].equals("wordcount") && c[2].equals("optimal") && c[0].equals("2.850")) {
        fast = Double.parseDouble(c[3]);
      }
    }
    assertTrue(fast > equal + 0.1, "Optimal's speedup at 2.85x " + fast + " vs equal " + equal);
    String md = Files.readString(out.resolve("sensitivity.md"));
    for (String label : new String[] {"equal cores", "fast cores 2.00x", "fast cores 4.00x"}) {
      assertTrue(md.contains(label), md);
    }
  }

  /**
   * Issue 43, four classes without skew (the study's seed 3): the correction waits for the bin
   * sizes, finds them even and keeps the provisional map its measured ratios confirmed, so the job
   * runs as by counts. (The measured ratios fell inside the dead band there; read against the even
   * shares that asks for, the provisional map looked unbalanced by bytes, and a first version of
   * the wait moved 8 bins and lost 6.5 points.) Every node has memory enough to merge its reducers'
   * bytes in memory here, so that rule {@code merge-beyond-memory} has nothing to move (on the
   * study's cluster the 2- and 4-core nodes' reducers merge most of their bytes from disk, and the
   * rule corrects that map by bytes); the shuffle, and with it the decisions, are those of the
   * study's cluster.
   */
  @Test
  void withoutSkewOnFourClassesTheWaitForSizesChangesNoBin(@TempDir Path out) {
    PaperFigures f = figures(out, 1);
    ClusterSpec c = fourClassesWithMemory(65_536);
    JobSpec job = f.paperJob("wordcount", c, 680, 3);
    SimResult bytes = f.run(c, job, Method.TWO_STAGE);
    SimResult counts =
        f.run(
            c,
            job.toBuilder().pikachu(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false").build(),
            Method.TWO_STAGE);
    Decision last = bytes.decisions().last();
    assertTrue(last.rules().contains(ByteAllocator.RULE), "the sizes were used: " + last);
    assertTrue(
        last.mapsCompleted() > counts.decisions().last().mapsCompleted(),
        "decided later than by counts: " + last.summaryLine());
    assertFalse(BytesStudy.byteRuleMoved(bytes), last.summaryLine());
    assertEquals(counts.jobSeconds(), bytes.jobSeconds(), 1e-9);
  }

  /** {@link Clusters#fourClasses()} with {@code memoryMb} on every node. */
  private static ClusterSpec fourClassesWithMemory(int memoryMb) {
    return ClusterSpec.builder("four-classes")
        .add(2, NodeSpec.builder("fast").cores(16).mapSlots(16).reduceSlots(2).memoryMb(memoryMb))
        .add(2, NodeSpec.builder("c2").cores(8).mapSlots(8).reduceSlots(2).memoryMb(memoryMb))
        .add(3, NodeSpec.builder("c3").cores(4).mapSlots(4).reduceSlots(2).memoryMb(memoryMb))
        .add(4, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2).memoryMb(memoryMb))
        .build();
  }
}
