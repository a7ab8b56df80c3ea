package io.pikachu.sim.io;

import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.graphics2d.svg.SVGGraphics2D;

/** Bar, stacked-bar and line charts written as SVG. */
public final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 480;

  private Charts() {}

  public static void bars(Path file, String title, String xLabel, String yLabel, CategoryDataset d)
      throws IOException {
    JFreeChart chart =
        ChartFactory.createBarChart(
            title, xLabel, yLabel, d, PlotOrientation.VERTICAL, true, false, false);
    style(chart);
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
    Color[] palette = {
      new Color(0x4C72B0),
      new Color(0xDD8452),
      new Color(0x55A868),
      new Color(0xC44E52),
      new Color(0x8172B3),
      new Color(0x937860),
      new Color(0xDA8BC3)
    };
    for (int i = 0; i < palette.length; i++) {
      r.setSeriesPaint(i, palette[i]);
    }
  }

  private static void write(Path file, JFreeChart chart) throws IOException {
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, g.getSVGDocument().getBytes(StandardCharsets.UTF_8));
  }
}
