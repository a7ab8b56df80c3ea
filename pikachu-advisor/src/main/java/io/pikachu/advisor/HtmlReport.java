package io.pikachu.advisor;

import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.TaskRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The advice as pages an admin can look at: {@code index.html} (the cluster, every job name, every
 * job) and one page per replayed job with the paper's Fig. 2.2 for it: per node and reducer, when
 * each stage ran as measured and as replayed the other way (with Pikachu for a stock job, stock for
 * a job that ran under Pikachu), what moved, and the saving with its interval. Self-contained: the
 * charts are inline SVG, no script, no file fetched. Every number drawn is also an attribute of its
 * shape ({@code data-*}), so a test can read the page as a browser renders it.
 */
final class HtmlReport {
  private HtmlReport() {}

  static final String[] STAGES = {"map-shuffle", "shuffle-only", "merge", "reduce"};
  static final String[] COLORS = {"#dd8452", "#55a868", "#8172b3", "#c44e52"};

  /** Writes the index and the job pages; returns the index. */
  static Path write(Advisor.Report r, HistoryListing.Filter filter, Path dir) throws IOException {
    Files.createDirectories(dir);
    StringBuilder h = head("Pikachu advice");
    h.append("<h1>What Pikachu would save, and what it gained</h1>\n");
    h.append("<p>")
        .append(esc(r.jobs.size() + " job(s) read (" + filter + "), " + r.filteredOut))
        .append(" filtered out, ")
        .append(r.bad.size())
        .append(" file(s) unusable. Intervals: the ")
        .append(esc(PredictionInterval.SOURCE))
        .append(".</p>\n");
    h.append("<h2>By job name</h2>\n<table id=\"names\"><tr><th>name</th><th>jobs</th>")
        .append("<th>stock</th><th>under Pikachu</th><th>aside</th><th>median measured</th>")
        .append("<th>median saving [intervals]</th><th>median gained [intervals]</th></tr>\n");
    for (JobNameSummary s : JobNameSummary.of(r.jobs)) {
      h.append("<tr><td>")
          .append(esc(s.name))
          .append("</td><td>")
          .append(s.jobs)
          .append("</td><td>")
          .append(s.stock)
          .append("</td><td>")
          .append(s.underPikachu)
          .append("</td><td>")
          .append(s.stepsAside + s.noBins)
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.1f s", s.medianMeasured))
          .append("</td><td>")
          .append(AdviseMain.percent(s.saving, s.savingLow, s.savingHigh))
          .append("</td><td>")
          .append(AdviseMain.percent(s.gained, s.gainedLow, s.gainedHigh))
          .append("</td></tr>\n");
    }
    h.append("</table>\n<h2>Jobs</h2>\n<table id=\"jobs\"><tr><th>job</th><th>name</th>")
        .append("<th>how it ran</th><th>measured</th><th>the other way [interval]</th>")
        .append("<th>saving / gained [interval]</th><th>P</th><th>note</th></tr>\n");
    for (Advice a : r.jobs) {
      String link =
          a.replayed() && a.history != null
              ? "<a href=\"" + jobPage(a) + "\">" + esc(a.jobId) + "</a>"
              : esc(a.jobId);
      h.append("<tr data-job=\"")
          .append(esc(a.jobId))
          .append("\" data-saving=\"")
          .append(num(a.saving))
          .append("\"><td>")
          .append(link)
          .append("</td><td>")
          .append(esc(a.name))
          .append("</td><td>")
          .append(kind(a))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.1f s", a.measuredSeconds))
          .append("</td><td>")
          .append(
              a.replayed()
                  ? String.format(
                      Locale.ROOT,
                      "%.1f s [%.1f, %.1f]",
                      a.predictedOtherSeconds,
                      a.predictedOtherLow,
                      a.predictedOtherHigh)
                  : "-")
          .append("</td><td>")
          .append(AdviseMain.percent(a.saving, a.savingLow, a.savingHigh))
          .append("</td><td>")
          .append(a.replayed() ? String.format(Locale.ROOT, "%.2f", a.p) : "-")
          .append("</td><td>")
          .append(esc(a.stepAside != null ? "steps aside: " + a.stepAside : a.notes))
          .append("</td></tr>\n");
      if (a.replayed() && a.history != null) {
        Files.write(dir.resolve(jobPage(a)), jobPageHtml(a).getBytes(StandardCharsets.UTF_8));
      }
    }
    h.append("</table>\n");
    for (String b : r.bad) {
      h.append("<p class=\"bad\">Could not use ").append(esc(b)).append("</p>\n");
    }
    h.append("</body></html>\n");
    Path index = dir.resolve("index.html");
    Files.write(index, h.toString().getBytes(StandardCharsets.UTF_8));
    return index;
  }

  static String jobPage(Advice a) {
    return "job-" + a.jobId.replaceAll("[^A-Za-z0-9_.-]", "_") + ".html";
  }

  private static String kind(Advice a) {
    switch (a.kind) {
      case STOCK:
        return "stock";
      case PIKACHU:
        return "under Pikachu";
      case PIKACHU_NO_BINS:
        return "Pikachu installed, no bin map";
      default:
        return "Pikachu steps aside";
    }
  }

  /** One reducer's stages: start, shuffle end, merge end, end, in seconds from the launch. */
  static final class Lane {
    final int reducer;
    final String node;
    final double start;
    final double shuffleDone;
    final double sortDone;
    final double finish;
    final double mb;
    final int bins;

    Lane(
        int reducer,
        String node,
        double start,
        double shuffleDone,
        double sortDone,
        double finish,
        double mb,
        int bins) {
      this.reducer = reducer;
      this.node = node;
      this.start = start;
      this.shuffleDone = shuffleDone;
      this.sortDone = sortDone;
      this.finish = finish;
      this.mb = mb;
      this.bins = bins;
    }
  }

  static List<Lane> measuredLanes(JobHistory job) {
    List<Lane> lanes = new ArrayList<Lane>();
    List<JobHistory.Attempt> reducers = new ArrayList<JobHistory.Attempt>(job.successful(true));
    java.util.Collections.sort(reducers, (x, y) -> Integer.compare(x.task, y.task));
    for (JobHistory.Attempt a : reducers) {
      lanes.add(
          new Lane(
              a.task,
              a.node,
              a.start / 1000.0,
              (a.shuffleDone >= 0 ? a.shuffleDone : a.finish) / 1000.0,
              (a.sortDone >= 0 ? a.sortDone : a.finish) / 1000.0,
              a.finish / 1000.0,
              a.shuffleMb,
              -1));
    }
    return lanes;
  }

  static List<Lane> simulatedLanes(SimResult r) {
    List<Integer> bins = r.decisions() == null ? null : r.decisions().last().reducerBins();
    List<Lane> lanes = new ArrayList<Lane>();
    for (TaskRecord t : r.reducers()) {
      lanes.add(
          new Lane(
              t.task(),
              t.node(),
              t.start(),
              t.shuffleDone(),
              t.sortDone(),
              t.finish(),
              t.heldMb(),
              bins == null ? -1 : bins.get(t.task())));
    }
    return lanes;
  }

  private static String jobPageHtml(Advice a) {
    boolean stock = a.kind == Advice.Kind.STOCK;
    String measuredLabel = stock ? "stock, as measured" : "under Pikachu, as measured";
    String replayLabel = stock ? "with Pikachu, as replayed" : "stock, as replayed";
    List<Lane> measured = measuredLanes(a.history);
    List<Lane> replayed = simulatedLanes(a.replay.otherWay);
    double measuredT2 = a.history.mapPhaseSeconds();
    double replayedT2 = a.replay.otherWay.mapPhaseSeconds();
    // the replay's seconds on the measured job's scale, as its prediction is
    double scale = a.measuredSeconds / a.replay.asRan.jobSeconds();
    StringBuilder h = head("Pikachu advice: " + a.jobId);
    h.append("<p><a href=\"index.html\">All jobs</a></p>\n<h1>")
        .append(esc(a.name))
        .append(" <small>")
        .append(esc(a.jobId))
        .append("</small></h1>\n");
    h.append("<table id=\"summary\">")
        .append(row("how it ran", kind(a)))
        .append(row("measured", String.format(Locale.ROOT, "%.1f s", a.measuredSeconds)))
        .append(
            row(
                stock ? "predicted with Pikachu" : "predicted as stock",
                String.format(
                    Locale.ROOT,
                    "%.1f s [%.1f, %.1f]",
                    a.predictedOtherSeconds,
                    a.predictedOtherLow,
                    a.predictedOtherHigh)))
        .append(
            row(
                stock ? "saving" : "gained (nothing more to save)",
                AdviseMain.percent(a.saving, a.savingLow, a.savingHigh)))
        .append(row("P (fast reducer's bins over slow's)", String.format(Locale.ROOT, "%.2f", a.p)))
        .append(row("nodes, as inferred", a.nodes))
        .append(row("intervals", PredictionInterval.SOURCE));
    if (a.pLimit != null) {
      h.append(row("P limited", a.pLimit));
    }
    if (!a.notes.isEmpty()) {
      h.append(row("notes", a.notes));
    }
    h.append("</table>\n");
    h.append("<div id=\"saving\" data-saving=\"")
        .append(num(a.saving))
        .append("\" data-low=\"")
        .append(num(a.savingLow))
        .append("\" data-high=\"")
        .append(num(a.savingHigh))
        .append("\"></div>\n");
    h.append("<h2>When each stage ran (the paper's Fig. 2.2, per node and reducer)</h2>\n")
        .append("<p>Seconds from the job's launch. The replay's are scaled by the measured over")
        .append(" the simulated time of the job as it ran, as the prediction is. The dashed")
        .append(" line is when the last map ended.</p>\n");
    h.append(
        timeline(measured, measuredLabel, measuredT2, replayed, replayLabel, replayedT2, scale));
    h.append("<h2>What moved</h2>\n<table id=\"moved\"><tr><th>reducer</th><th>node</th>")
        .append("<th>MB, ")
        .append(esc(measuredLabel))
        .append("</th><th>MB, ")
        .append(esc(replayLabel))
        .append("</th><th>bins in the replay's final map</th></tr>\n");
    Map<Integer, Lane> byReducer = new TreeMap<Integer, Lane>();
    for (Lane l : replayed) {
      byReducer.put(l.reducer, l);
    }
    for (Lane m : measured) {
      Lane o = byReducer.get(m.reducer);
      h.append("<tr><td>")
          .append(m.reducer)
          .append("</td><td>")
          .append(esc(m.node))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.1f", m.mb))
          .append("</td><td>")
          .append(o == null ? "-" : String.format(Locale.ROOT, "%.1f", o.mb))
          .append("</td><td>")
          .append(o == null || o.bins < 0 ? "-" : Integer.toString(o.bins))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
    SimResult pik = stock ? a.replay.otherWay : a.replay.asRan;
    h.append("<p>Re-fetched after a new bin map: ")
        .append(String.format(Locale.ROOT, "%.1f MB", pik.refetchedMb()))
        .append(" of ")
        .append(String.format(Locale.ROOT, "%.1f MB", pik.shuffledMb()))
        .append(" copied (in the simulated run with Pikachu).</p>\n");
    h.append("</body></html>\n");
    return h.toString();
  }

  /**
   * Two lanes per reducer, grouped by node: the measured run's stages over the replay's. Bars are
   * {@code <rect>}s with {@code data-run}, {@code data-reducer}, {@code data-stage}, {@code
   * data-start} and {@code data-end}.
   */
  static String timeline(
      List<Lane> first,
      String firstLabel,
      double firstT2,
      List<Lane> second,
      String secondLabel,
      double secondT2,
      double secondScale) {
    Map<String, List<Integer>> byNode = new TreeMap<String, List<Integer>>();
    Map<Integer, Lane> a = new TreeMap<Integer, Lane>();
    Map<Integer, Lane> b = new TreeMap<Integer, Lane>();
    double end = 0;
    for (Lane l : first) {
      a.put(l.reducer, l);
      byNode.computeIfAbsent(l.node, n -> new ArrayList<Integer>()).add(l.reducer);
      end = Math.max(end, l.finish);
    }
    for (Lane l : second) {
      b.put(l.reducer, l);
      end = Math.max(end, l.finish * secondScale);
    }
    int labelW = 240;
    int width = 900;
    int laneH = 13;
    double xs = (width - labelW - 20) / Math.max(1e-9, end);
    int rows = 2 * first.size() + byNode.size();
    int height = 40 + rows * (laneH + 3) + 30;
    StringBuilder s = new StringBuilder();
    s.append(
            String.format(
                Locale.ROOT,
                "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\""
                    + " height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">%n",
                width,
                height))
        .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    for (int i = 0; i < STAGES.length; i++) {
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"10\" fill=\"%s\"/><text x=\"%d\""
                  + " y=\"17\">%s</text>%n",
              labelW + i * 120,
              COLORS[i],
              labelW + i * 120 + 16,
              STAGES[i]));
    }
    int y = 34;
    for (Map.Entry<String, List<Integer>> node : byNode.entrySet()) {
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"4\" y=\"%d\" font-weight=\"bold\">%s</text>%n",
              y + laneH - 3,
              esc(node.getKey())));
      y += laneH + 3;
      for (int r : node.getValue()) {
        y = lane(s, a.get(r), "measured", firstLabel, firstT2, 1, y, labelW, laneH, xs);
        Lane o = b.get(r);
        if (o != null) {
          y = lane(s, o, "replayed", secondLabel, secondT2, secondScale, y, labelW, laneH, xs);
        }
      }
    }
    for (double t = 0; t <= end; t += tick(end)) {
      double x = labelW + t * xs;
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"28\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%.1f\""
                  + " y=\"%d\" text-anchor=\"middle\">%.0f s</text>%n",
              x,
              x,
              y,
              x,
              y + 14,
              t));
    }
    s.append("</svg>\n");
    return s.toString();
  }

  private static int lane(
      StringBuilder s,
      Lane l,
      String run,
      String label,
      double t2,
      double scale,
      int y,
      int labelW,
      int laneH,
      double xs) {
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"14\" y=\"%d\">reducer %d, %s</text>%n",
            y + laneH - 3,
            l.reducer,
            esc(label)));
    double[] edges = {
      l.start * scale,
      Math.min(t2, l.shuffleDone) * scale,
      l.shuffleDone * scale,
      l.sortDone * scale,
      l.finish * scale
    };
    if (t2 < l.start) {
      edges[1] = edges[0];
    }
    for (int i = 0; i < STAGES.length; i++) {
      double from = edges[i];
      double to = Math.max(from, edges[i + 1]);
      s.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"stage\" data-run=\"%s\" data-reducer=\"%d\" data-node=\"%s\""
                  + " data-stage=\"%s\" data-start=\"%.3f\" data-end=\"%.3f\" x=\"%.1f\" y=\"%d\""
                  + " width=\"%.1f\" height=\"%d\" fill=\"%s\"%s><title>%s %s: %.1f-%.1f s</title>"
                  + "</rect>%n",
              run,
              l.reducer,
              esc(l.node),
              STAGES[i],
              from,
              to,
              labelW + from * xs,
              y,
              Math.max(0.5, (to - from) * xs),
              laneH,
              COLORS[i],
              run.equals("replayed") ? " fill-opacity=\"0.6\"" : "",
              esc(label),
              STAGES[i],
              from,
              to));
    }
    double x = labelW + t2 * scale * xs;
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\""
                + " stroke-dasharray=\"3,2\"/>%n",
            x,
            y - 1,
            x,
            y + laneH + 1));
    return y + laneH + 3;
  }

  private static double tick(double end) {
    double[] steps = {1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600};
    for (double st : steps) {
      if (end / st <= 12) {
        return st;
      }
    }
    return 7200;
  }

  // ---- one job's decision record ----

  /** A page of a decision record: every version, its P per class, and each reducer's bins. */
  static Path decisionPage(Path decisionJson, Path dir) throws IOException {
    DecisionRecord record;
    try {
      record =
          DecisionJson.read(new String(Files.readAllBytes(decisionJson), StandardCharsets.UTF_8));
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IOException(decisionJson + ": no such file", e);
    } catch (IOException | RuntimeException e) {
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new IOException(
          decisionJson + ": not a decision record (" + why.split("\n")[0] + ")", e);
    }
    if (record.versions().isEmpty()) {
      throw new IOException(decisionJson + ": a decision record without any version");
    }
    Files.createDirectories(dir);
    StringBuilder h = head("Pikachu decision: " + decisionJson.getFileName());
    Decision last = record.last();
    h.append("<h1>Decision record <small>")
        .append(esc(decisionJson.toString()))
        .append("</small></h1>\n<p>")
        .append(record.versions().size())
        .append(" version(s); estimator ")
        .append(esc(last.estimator()))
        .append("; ")
        .append(last.numReducers())
        .append(" reducers, ")
        .append(last.binsPerReducer())
        .append(" bins each under the even map.</p>\n");
    h.append("<table id=\"versions\"><tr><th>version</th><th>stage</th><th>reason</th>")
        .append("<th>decided (s after the first reducer)</th><th>maps done</th>")
        .append("<th>P by class</th><th>rebalanced</th><th>rules</th><th>notes</th></tr>\n");
    for (Decision d : record.versions()) {
      StringBuilder p = new StringBuilder();
      for (ClassMeasurement c : d.classes()) {
        p.append(esc(c.name()))
            .append(" ")
            .append(c.p() == null ? "-" : String.format(Locale.ROOT, "%.2f", c.p()))
            .append("<br>");
      }
      h.append("<tr data-version=\"")
          .append(d.version())
          .append("\"><td>")
          .append(d.version())
          .append("</td><td>")
          .append(esc(String.valueOf(d.stage())))
          .append("</td><td>")
          .append(esc(String.valueOf(d.reason())))
          .append("</td><td>")
          .append(
              String.format(Locale.ROOT, "%.1f", (d.decidedAtMs() - d.firstReducerMs()) / 1000.0))
          .append("</td><td>")
          .append(d.mapsCompleted())
          .append(" of ")
          .append(d.totalMaps())
          .append("</td><td>")
          .append(p)
          .append("</td><td>")
          .append(d.rebalanced())
          .append("</td><td>")
          .append(esc(String.join(", ", d.rules())))
          .append("</td><td>")
          .append(esc(String.join("; ", d.notes())))
          .append("</td></tr>\n");
    }
    h.append("</table>\n<h2>Bins per reducer, version by version</h2>\n");
    h.append(binsChart(record));
    h.append("</body></html>\n");
    Path page =
        dir.resolve(
            "decision-"
                + decisionJson.getFileName().toString().replaceAll("[^A-Za-z0-9_.-]", "_")
                + ".html");
    Files.write(page, h.toString().getBytes(StandardCharsets.UTF_8));
    return page;
  }

  private static String binsChart(DecisionRecord record) {
    int n = record.last().numReducers();
    int versions = record.versions().size() + 1;
    int groupW = Math.max(30, 8 * versions + 10);
    int width = 60 + n * groupW;
    int height = 220;
    int max = 1;
    for (Decision d : record.versions()) {
      for (int b : d.reducerBins()) {
        max = Math.max(max, b);
      }
    }
    String[] palette = {"#bbbbbb", "#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3"};
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "<svg id=\"bins\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                    + " font-family=\"sans-serif\" font-size=\"11\">%n<rect width=\"100%%\""
                    + " height=\"100%%\" fill=\"white\"/>%n",
                width,
                height + 40));
    List<List<Integer>> series = new ArrayList<List<Integer>>();
    List<Integer> even = new ArrayList<Integer>();
    for (int r = 0; r < n; r++) {
      even.add(record.last().binsPerReducer());
    }
    series.add(even);
    for (Decision d : record.versions()) {
      series.add(d.reducerBins());
    }
    for (int r = 0; r < n; r++) {
      for (int v = 0; v < series.size(); v++) {
        int bins = series.get(v).get(r);
        double h = (height - 20) * bins / (double) max;
        s.append(
            String.format(
                Locale.ROOT,
                "<rect data-reducer=\"%d\" data-version=\"%d\" data-bins=\"%d\" x=\"%d\" y=\"%.1f\""
                    + " width=\"7\" height=\"%.1f\" fill=\"%s\"><title>reducer %d, %s: %d bins"
                    + " (%s)</title></rect>%n",
                r,
                v,
                bins,
                50 + r * groupW + v * 8,
                height - h,
                h,
                palette[Math.min(v, palette.length - 1)],
                r,
                v == 0 ? "even map" : "version " + v,
                bins,
                esc(record.last().reducerClasses().get(r))));
      }
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>%n",
              50 + r * groupW + 4 * versions,
              height + 14,
              r));
    }
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"4\" y=\"%d\">reducer (grey: the even map; then each version)</text>%n",
            height + 32));
    s.append("</svg>\n");
    return s.toString();
  }

  // ---- HTML helpers ----

  private static StringBuilder head(String title) {
    return new StringBuilder(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
            + esc(title)
            + "</title>\n<style>body{font-family:sans-serif;margin:24px;max-width:1100px}"
            + "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;"
            + "padding:3px 7px;text-align:left;font-size:13px}th{background:#f0f0f0}"
            + "small{color:#666;font-weight:normal}.bad{color:#a00}</style></head><body>\n");
  }

  private static String row(String label, String value) {
    return "<tr><th>" + esc(label) + "</th><td>" + esc(value) + "</td></tr>";
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }

  static String esc(String s) {
    if (s == null) {
      return "";
    }
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
