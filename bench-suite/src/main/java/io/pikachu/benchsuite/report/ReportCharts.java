package io.pikachu.benchsuite.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.ScatterRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultMultiValueCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** The report's charts, drawn by JFreeChart into SVG files (as the network models' reports are). */
final class ReportCharts {
  private static final int WIDTH = 760;
  private static final int HEIGHT = 440;

  /**
   * One colour per method in every chart, so a reader learns it once; the sweep shares Optimal's.
   */
  private static final Map<String, Color> METHOD_COLORS =
      Map.of(
          "stock",
          new Color(0x7f7f7f),
          "tarazu",
          new Color(0x1f77b4),
          "pikachu",
          new Color(0xd62728),
          "two-stage",
          new Color(0x9467bd),
          "optimal",
          new Color(0x2ca02c));

  private static final List<Color> CLASS_COLORS =
      List.of(
          new Color(0x1f77b4),
          new Color(0xff7f0e),
          new Color(0x9467bd),
          new Color(0x8c564b),
          new Color(0xe377c2));
  private static final Shape POINT = new Ellipse2D.Double(-5, -5, 10, 10);
  private static final Shape RUN_DOT = new Ellipse2D.Double(-3.5, -3.5, 7, 7);

  /** A time to mark on a chart's time axis, e.g. T_s. */
  record TimeMarker(String label, double seconds) {}

  private ReportCharts() {}

  /**
   * Fig. 2.7's grouped bars: median job time per application (groups) and method (bars), with every
   * repetition drawn as a dot on its bar, so that a reader sees how far runs scatter before reading
   * a difference between two medians.
   *
   * @param seconds per method, per application, the time of each successful run; empty or absent
   *     for a method not measured (a method measured nowhere is left out, legend included)
   */
  static void jobTimes(
      Path file, String title, List<String> apps, Map<String, Map<String, List<Double>>> seconds)
      throws IOException {
    DefaultCategoryDataset medians = new DefaultCategoryDataset();
    DefaultMultiValueCategoryDataset runs = new DefaultMultiValueCategoryDataset();
    seconds.forEach(
        (method, byApp) -> {
          // A method not measured on this cluster (Optimal without a sweep) would be a legend
          // entry without a bar.
          if (byApp.values().stream().allMatch(List::isEmpty)) {
            return;
          }
          for (String app : apps) {
            List<Double> times = byApp.getOrDefault(app, List.of());
            Summary s = Summary.of(times.stream().mapToDouble(Double::doubleValue));
            // A null keeps the application's group in place (and in order) with its bar left out.
            medians.addValue(s.isEmpty() ? null : s.median(), method, app);
            runs.add(times, method, app);
          }
        });
    JFreeChart chart =
        ChartFactory.createBarChart(
            title,
            "application",
            "job time (s): bars median, dots each run",
            medians,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    BarRenderer renderer = (BarRenderer) plot.getRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    for (int row = 0; row < medians.getRowCount(); row++) {
      Color color = METHOD_COLORS.get(medians.getRowKey(row).toString());
      if (color != null) {
        renderer.setSeriesPaint(row, color);
      }
    }
    // Same item margin as the bars, so each method's dots sit on the middle of its bar.
    ScatterRenderer dots = new ScatterRenderer();
    dots.setItemMargin(renderer.getItemMargin());
    dots.setDefaultPaint(Color.BLACK);
    dots.setAutoPopulateSeriesPaint(false);
    dots.setDefaultShape(RUN_DOT);
    dots.setAutoPopulateSeriesShape(false);
    dots.setDefaultOutlinePaint(Color.WHITE);
    dots.setUseOutlinePaint(true);
    dots.setDrawOutlines(true);
    dots.setDefaultSeriesVisibleInLegend(false);
    plot.setDataset(1, runs);
    plot.setRenderer(1, dots);
    plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    write(chart, file, HEIGHT);
  }

  /**
   * The trial-and-error search for Optimal: median job time against the fixed P of each sweep
   * point, with stock's time as a horizontal line and the P and time Tarazu and both Pikachu
   * estimators chose as single points.
   *
   * @param sweep per sweep point {P, median seconds}, by P
   * @param sweepRuns per run of a sweep point {P, seconds}, drawn as dots beside the medians
   * @param chosen per method (tarazu, pikachu, two-stage) {median P, median seconds}; a method not
   *     measured is absent
   */
  static void sweep(
      Path file,
      String title,
      List<double[]> sweep,
      List<double[]> sweepRuns,
      double stockSeconds,
      Map<String, double[]> chosen)
      throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    XYSeries points = new XYSeries("fixed P (median)");
    sweep.forEach(p -> points.add(p[0], p[1]));
    data.addSeries(points);
    XYSeries runs = new XYSeries("fixed P (each run)", false);
    sweepRuns.forEach(r -> runs.add(r[0], r[1]));
    data.addSeries(runs);
    int runSeries = 1;
    double minP = sweep.stream().mapToDouble(p -> p[0]).min().orElse(1);
    double maxP = sweep.stream().mapToDouble(p -> p[0]).max().orElse(1);
    for (double[] c : chosen.values()) {
      if (!Double.isNaN(c[0])) {
        minP = Math.min(minP, c[0]);
        maxP = Math.max(maxP, c[0]);
      }
    }
    if (maxP - minP < 0.5) {
      // A single sweep point: give stock's line some width to be seen at.
      minP -= 0.25;
      maxP += 0.25;
    }
    int stockSeries = -1;
    if (!Double.isNaN(stockSeconds)) {
      // A series rather than a marker: markers do not widen the axis, and stock can be far off the
      // sweep's times.
      XYSeries stock = new XYSeries("stock (even split)");
      stock.add(minP, stockSeconds);
      stock.add(maxP, stockSeconds);
      stockSeries = data.getSeriesCount();
      data.addSeries(stock);
    }
    List<Color> colors =
        new ArrayList<>(List.of(METHOD_COLORS.get("optimal"), METHOD_COLORS.get("optimal")));
    if (stockSeries >= 0) {
      colors.add(METHOD_COLORS.get("stock"));
    }
    for (Map.Entry<String, double[]> c : chosen.entrySet()) {
      if (!Double.isNaN(c.getValue()[0]) && !Double.isNaN(c.getValue()[1])) {
        XYSeries point = new XYSeries(c.getKey() + " (median P, median time)");
        point.add(c.getValue()[0], c.getValue()[1]);
        data.addSeries(point);
        colors.add(METHOD_COLORS.getOrDefault(c.getKey(), Color.BLACK));
      }
    }
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title,
            "partition ratio P",
            "job time (s)",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    XYPlot plot = chart.getXYPlot();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int s = 0; s < data.getSeriesCount(); s++) {
      renderer.setSeriesPaint(s, colors.get(s));
      if (s > 0) {
        renderer.setSeriesLinesVisible(s, s == stockSeries);
        renderer.setSeriesShapesVisible(s, s != stockSeries);
        renderer.setSeriesShape(s, s == runSeries ? RUN_DOT : POINT);
      }
    }
    renderer.setSeriesShapesFilled(runSeries, false);
    if (stockSeries >= 0) {
      renderer.setSeriesStroke(stockSeries, dashed());
    }
    plot.setRenderer(renderer);
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
    style(plot);
    write(chart, file, HEIGHT);
  }

  /**
   * Figs. 2.5/2.6: on top, per node class the shuffle progress of its reducers against the job's
   * map completion; below, per class its reducers' CPU use; both over the same time axis, with T_s,
   * T_w and the decision marked.
   */
  static void trace(Path file, String title, TraceSeries series, List<TimeMarker> markers)
      throws IOException {
    Map<String, Color> classColors = new LinkedHashMap<>();
    Stream.concat(series.shuffled().keySet().stream(), series.cpu().keySet().stream())
        .distinct()
        .forEach(
            cls ->
                classColors.put(cls, CLASS_COLORS.get(classColors.size() % CLASS_COLORS.size())));
    XYSeriesCollection progress = new XYSeriesCollection();
    List<Color> progressColors = new ArrayList<>(List.of(Color.BLACK));
    progress.addSeries(xy("maps completed (job)", series.mapsCompleted()));
    series
        .shuffled()
        .forEach(
            (cls, points) -> {
              progress.addSeries(xy(cls + " reducers: maps copied", points));
              progressColors.add(classColors.get(cls));
            });
    XYSeriesCollection cpu = new XYSeriesCollection();
    List<Color> cpuColors = new ArrayList<>();
    series
        .cpu()
        .forEach(
            (cls, points) -> {
              cpu.addSeries(xy(cls + " reducers: CPU", points));
              cpuColors.add(classColors.get(cls));
            });

    NumberAxis fraction = new NumberAxis("fraction of maps");
    fraction.setRange(0, 1.05);
    XYPlot top = new XYPlot(progress, null, fraction, lines(progressColors));
    XYPlot bottom = new XYPlot(cpu, null, new NumberAxis("reducer CPU (cores)"), lines(cpuColors));
    CombinedDomainXYPlot plot =
        new CombinedDomainXYPlot(new NumberAxis("seconds from the first report"));
    plot.setGap(12);
    plot.add(top, 1);
    plot.add(bottom, 1);
    for (XYPlot sub : List.of(top, bottom)) {
      style(sub);
      for (int i = 0; i < markers.size(); i++) {
        TimeMarker m = markers.get(i);
        if (!Double.isNaN(m.seconds())) {
          ValueMarker marker = new ValueMarker(m.seconds(), Color.DARK_GRAY, dashed());
          if (sub == top) {
            marker.setLabel(m.label());
            marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            // T_w and the decision are often a second apart: stagger the labels so they do not
            // overprint.
            marker.setLabelOffset(new RectangleInsets(2 + 14 * i, 2, 2, 2));
          }
          sub.addDomainMarker(marker);
        }
      }
    }
    write(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true), file, 600);
  }

  private static XYLineAndShapeRenderer lines(List<Color> colors) {
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    for (int s = 0; s < colors.size(); s++) {
      renderer.setSeriesPaint(s, colors.get(s));
      renderer.setSeriesStroke(s, new BasicStroke(1.5f));
    }
    // One SVG path per series instead of one per segment: a long job's chart stays a few kilobytes.
    renderer.setDrawSeriesLineAsPath(true);
    return renderer;
  }

  private static XYSeries xy(String name, List<TraceSeries.Point> points) {
    XYSeries s = new XYSeries(name, false, true);
    points.forEach(p -> s.add(p.seconds(), p.value()));
    return s;
  }

  private static void style(XYPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
  }

  private static BasicStroke dashed() {
    return new BasicStroke(
        1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
  }

  private static void write(JFreeChart chart, Path file, int height) throws IOException {
    chart.setBackgroundPaint(Color.WHITE);
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
    chart.draw(g, new Rectangle(0, 0, WIDTH, height));
    Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
  }
}
