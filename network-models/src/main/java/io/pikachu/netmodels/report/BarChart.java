package io.pikachu.netmodels.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/** A grouped bar chart (one bar per series in each category), each bar labelled with its value. */
public final class BarChart {
  private final String title;
  private final String categoryLabel;
  private final String valueLabel;
  private final DefaultCategoryDataset data = new DefaultCategoryDataset();

  public BarChart(String title, String categoryLabel, String valueLabel) {
    this.title = title;
    this.categoryLabel = categoryLabel;
    this.valueLabel = valueLabel;
  }

  public BarChart bar(String series, String category, double value) {
    data.addValue(value, series, category);
    return this;
  }

  public void writeSvg(Path file) throws IOException {
    JFreeChart chart =
        ChartFactory.createBarChart(
            title, categoryLabel, valueLabel, data, PlotOrientation.VERTICAL, true, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    BarRenderer renderer = (BarRenderer) plot.getRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    for (int i = 0; i < data.getRowCount(); i++) renderer.setSeriesPaint(i, Palette.colour(i));
    renderer.setDefaultItemLabelGenerator(
        new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("0.00")));
    renderer.setDefaultItemLabelsVisible(true);
    Chart.write(chart, file);
  }
}
