package io.pikachu.netmodels.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * A line chart of named series, rendered by JFreeChart into an SVG file, in the colours of {@link
 * Palette}. Reference series (a paper's values) are drawn dashed in the colour of our series of the
 * same name.
 */
public final class Chart {
  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final Map<String, XYSeries> series = new LinkedHashMap<>();
  private final Map<String, XYSeries> references = new LinkedHashMap<>();
  private boolean logY;
  private boolean logX;
  private boolean integerX;
  private boolean referenceMarkers;
  private final java.util.Set<String> lineOnly = new java.util.HashSet<>();

  public Chart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public Chart logY() {
    logY = true;
    return this;
  }

  public Chart logX() {
    logX = true;
    return this;
  }

  /** Whole-number ticks on the x axis (counts, such as a number of flows). */
  public Chart integerX() {
    integerX = true;
    return this;
  }

  /**
   * Reference points as markers, not joined: for a paper's values stated at a few scattered x,
   * where a line between them would claim what the paper does not.
   */
  public Chart referenceMarkers() {
    referenceMarkers = true;
    return this;
  }

  public Chart point(String name, double x, double y) {
    series.computeIfAbsent(name, n -> new XYSeries(n, false, true)).add(x, y);
    return this;
  }

  /** Most points a {@link #cdf} series draws: enough for the eye, small enough to open. */
  static final int CDF_POINTS = 200;

  /**
   * The cumulative distribution of {@code values} as a line without markers, thinned to at most
   * {@link #CDF_POINTS} points on an even grid of ranks (the first and the largest value always
   * kept): thousands of FCTs drawn one marker each made 3 MB SVGs. The CSV keeps every value.
   */
  public Chart cdf(String name, double[] values) {
    double[] v = values.clone();
    java.util.Arrays.sort(v);
    int n = v.length;
    XYSeries s = series.computeIfAbsent(name, k -> new XYSeries(k, false, true));
    lineOnly.add(name);
    int steps = Math.min(n, CDF_POINTS);
    int last = -1;
    for (int i = 0; i < steps; i++) {
      int k = steps == 1 ? n - 1 : (int) Math.round((double) i * (n - 1) / (steps - 1));
      if (k == last) continue;
      s.add(v[k], (k + 1) / (double) n);
      last = k;
    }
    return this;
  }

  /** A log axis labelled with plain numbers (0.1, 1, 10) rather than powers of ten. */
  private static LogAxis logAxis(String label) {
    LogAxis a = new LogAxis(label);
    a.setNumberFormatOverride(
        new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
    // Labels at powers of ten only: JFreeChart's automatic units label 3.162 and 15.849.
    a.setTickUnit(new NumberTickUnit(1), false, true);
    a.setMinorTickMarksVisible(true);
    return a;
  }

  /**
   * A point of the reference series for our series {@code name}, labelled "name (source)". With
   * references, the value axis no longer starts at zero.
   */
  public Chart reference(String name, String source, double x, double y) {
    references
        .computeIfAbsent(name, n -> new XYSeries(n + " (" + source + ")", false, true))
        .add(x, y);
    return this;
  }

  public void writeSvg(Path file) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    series.values().forEach(data::addSeries);
    references.values().forEach(data::addSeries);
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    plot.setRenderer(renderer);
    List<String> names = new ArrayList<>(series.keySet());
    for (int i = 0; i < series.size(); i++) {
      renderer.setSeriesPaint(i, Palette.colour(i));
      if (lineOnly.contains(names.get(i))) renderer.setSeriesShapesVisible(i, false);
    }
    if (!references.isEmpty()) pairWithReferences(plot, renderer);
    if (logY) plot.setRangeAxis(logAxis(yLabel));
    if (logX) plot.setDomainAxis(logAxis(xLabel));
    if (integerX && plot.getDomainAxis() instanceof NumberAxis axis) {
      axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
    write(chart, file);
  }

  private void pairWithReferences(XYPlot plot, XYLineAndShapeRenderer renderer) {
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
    BasicStroke dashed =
        new BasicStroke(
            1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    List<String> ours = new ArrayList<>(series.keySet());
    List<String> refs = new ArrayList<>(references.keySet());
    for (int i = 0; i < ours.size(); i++) renderer.setSeriesStroke(i, new BasicStroke(2f));
    for (int j = 0; j < refs.size(); j++) {
      int mine = ours.indexOf(refs.get(j));
      int r = ours.size() + j;
      renderer.setSeriesPaint(r, Palette.colour(mine >= 0 ? mine : r));
      renderer.setSeriesStroke(r, dashed);
      // A reference of one point is only its marker.
      boolean markers = referenceMarkers || references.get(refs.get(j)).getItemCount() == 1;
      renderer.setSeriesShapesVisible(r, markers);
      renderer.setSeriesLinesVisible(r, !referenceMarkers);
    }
  }

  /** Draws {@code chart} at the size of every chart here and saves it as SVG. */
  static void write(JFreeChart chart, Path file) throws IOException {
    SVGGraphics2D g = new SVGGraphics2D(720, 440);
    g.setDefsKeyPrefix("chart"); // JFreeSVG's default is time-based: same data, different bytes
    chart.draw(g, new Rectangle(0, 0, 720, 440));
    Files.writeString(file, g.getSVGDocument());
  }
}
