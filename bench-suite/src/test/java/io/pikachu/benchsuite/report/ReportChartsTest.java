package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportChartsTest {
  @TempDir Path dir;

  @Test
  void theJobTimeChartDrawsEveryRunAsADot() throws Exception {
    Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
    times.put("stock", Map.of("sort", List.of(60.0, 62.0, 70.0), "wordcount", List.of(80.0)));
    times.put("two-stage", Map.of("sort", List.of(58.0, 75.0)));
    Path file = dir.resolve("job-time.svg");

    ReportCharts.jobTimes(file, "Job time", List.of("sort", "wordcount"), times);

    String svg = Files.readString(file);
    // One dot per run (3 + 1 + 2); the bars and their legend are rectangles.
    assertEquals(6, circles(svg));
  }

  @Test
  void aMethodWithoutRunsHasNoLegendEntry() throws Exception {
    Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
    times.put("stock", Map.of("sort", List.of(60.0)));
    times.put("optimal", Map.of("sort", List.of()));
    Path file = dir.resolve("job-time.svg");

    ReportCharts.jobTimes(file, "Job time", List.of("sort"), times);

    String svg = Files.readString(file);
    assertTrue(svg.contains(">stock<"), "stock's legend entry");
    assertFalse(svg.contains(">optimal<"), "a legend entry for a method without runs");
  }

  @Test
  void theSweepChartDrawsEveryRunBesideTheMedians() throws Exception {
    Path file = dir.resolve("sweep.svg");
    List<double[]> medians = List.of(new double[] {3, 70}, new double[] {4, 66});
    List<double[]> runs =
        List.of(
            new double[] {3, 69},
            new double[] {3, 70},
            new double[] {3, 74},
            new double[] {4, 65},
            new double[] {4, 66});
    Map<String, double[]> chosen = Map.of("two-stage", new double[] {3.9, 68});

    ReportCharts.sweep(file, "Sweep", medians, runs, 75, chosen);

    String svg = Files.readString(file);
    assertTrue(svg.contains("fixed P (each run)"));
    // Circles: the five runs and the chosen point, plus one legend entry for each of the two
    // series.
    assertEquals(5 + 1 + 2, circles(svg));
  }

  /**
   * Circles drawn, each counted once: JFreeSVG writes a circle as a path of four Bézier curves, and
   * a filled circle with an outline as two paths with the same outline.
   */
  private static long circles(String svg) {
    Matcher paths = Pattern.compile("<path d='([^']*)'").matcher(svg);
    Set<String> circles = new HashSet<>();
    while (paths.find()) {
      String d = paths.group(1);
      if (d.chars().filter(c -> c == 'C').count() == 4) {
        circles.add(d);
      }
    }
    return circles.size();
  }
}
