package io.pikachu.netmodels.report;

import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** A line chart of named series, rendered by JFreeChart into an SVG file. */
public final class Chart {
  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final Map<String, XYSeries> series = new LinkedHashMap<>();
  private boolean logY;
  private boolean logX;
  private boolean integerX;

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

  public Chart point(String name, double x, double y) {
    series.computeIfAbsent(name, n -> new XYSeries(n, false, true)).add(x, y);
    return this;
  }

  /** A log axis labelled with plain numbers (0.1, 1, 10) rather than powers of ten. */
  private static LogAxis logAxis(String label) {
    LogAxis a = new LogAxis(label);
    a.setNumberFormatOverride(
        new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
    return a;
  }

  public void writeSvg(Path file) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    series.values().forEach(data::addSeries);
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setRenderer(new XYLineAndShapeRenderer(true, true));
    if (logY) plot.setRangeAxis(logAxis(yLabel));
    if (logX) plot.setDomainAxis(logAxis(xLabel));
    if (integerX && plot.getDomainAxis() instanceof NumberAxis axis) {
      axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
    SVGGraphics2D g = new SVGGraphics2D(720, 440);
    chart.draw(g, new Rectangle(0, 0, 720, 440));
    Files.writeString(file, g.getSVGDocument());
  }
}
