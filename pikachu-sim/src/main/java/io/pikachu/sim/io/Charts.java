package io.pikachu.sim.io;

import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.graphics2d.svg.SVGGraphics2D;

/** Bar, stacked-bar and line charts written as SVG. */
public final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 480;

  private static final Color[] PALETTE = {
    new Color(0x4C72B0),
    new Color(0xDD8452),
    new Color(0x55A868),
    new Color(0xC44E52),
    new Color(0x8172B3),
    new Color(0x937860),
    new Color(0xDA8BC3)
  };

  private Charts() {}

  public static void bars(Path file, String title, String xLabel, String yLabel, CategoryDataset d)
      throws IOException {
    JFreeChart chart =
        ChartFactory.createBarChart(
            title, xLabel, yLabel, d, PlotOrientation.VERTICAL, true, false, false);
    style(chart);
    write(file, chart);
  }

  /**
   * Bars of means with their intervals: the dataset's "standard deviation" is drawn as the error
   * bar, so callers put the 95% interval's half-width there.
   */
  public static void intervalBars(
      Path file, String title, String xLabel, String yLabel, DefaultStatisticalCategoryDataset d)
      throws IOException {
    CategoryAxis x = new CategoryAxis(xLabel);
    x.setMaximumCategoryLabelLines(3);
    NumberAxis y = new NumberAxis(yLabel);
    y.setAutoRangeIncludesZero(false);
    StatisticalBarRenderer r = new StatisticalBarRenderer();
    r.setErrorIndicatorPaint(Color.BLACK);
    CategoryPlot plot = new CategoryPlot(d, x, y, r);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    style(chart);
    write(file, chart);
  }

  /** Lines of means, each in a band of its interval. */
  public static void bands(
      Path file, String title, String xLabel, String yLabel, YIntervalSeriesCollection d)
      throws IOException {
    DeviationRenderer r = new DeviationRenderer(true, true);
    for (int i = 0; i < d.getSeriesCount(); i++) {
      r.setSeriesFillPaint(i, PALETTE[i % PALETTE.length]);
      r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
    }
    r.setAlpha(0.2f);
    XYPlot plot = new XYPlot(d, new NumberAxis(xLabel), new NumberAxis(yLabel), r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    write(file, chart);
  }

  public static void stacked(
      Path file, String title, String xLabel, String yLabel, CategoryDataset d) throws IOException {
    JFreeChart chart =
        ChartFactory.createStackedBarChart(
            title, xLabel, yLabel, d, PlotOrientation.VERTICAL, true, false, false);
    style(chart);
    write(file, chart);
  }

  public static void lines(Path file, String title, String xLabel, String yLabel, XYDataset d)
      throws IOException {
    JFreeChart chart =
        ChartFactory.createXYLineChart(
            title, xLabel, yLabel, d, PlotOrientation.VERTICAL, true, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) plot.getRenderer();
    for (int i = 0; i < d.getSeriesCount(); i++) {
      r.setSeriesShapesVisible(i, true);
    }
    write(file, chart);
  }

  private static void style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.getDomainAxis().setMaximumCategoryLabelLines(3);
    BarRenderer r = (BarRenderer) plot.getRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setItemMargin(0.02);
    for (int i = 0; i < PALETTE.length; i++) {
      r.setSeriesPaint(i, PALETTE[i]);
    }
  }

  private static void write(Path file, JFreeChart chart) throws IOException {
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, g.getSVGDocument().getBytes(StandardCharsets.UTF_8));
  }
}
