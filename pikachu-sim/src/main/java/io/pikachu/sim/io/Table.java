package io.pikachu.sim.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** A small table: written as CSV, and printed as Markdown. */
public final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<List<String>>();

  public Table(String... header) {
    this.header = Arrays.asList(header);
  }

  public Table add(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "row of " + cells.length + " cells for " + header.size() + " columns");
    }
    List<String> row = new ArrayList<String>();
    for (Object c : cells) {
      row.add(text(c));
    }
    rows.add(row);
    return this;
  }

  /** Rows added so far. */
  public int rows() {
    return rows.size();
  }

  public static String text(Object c) {
    if (c instanceof Double || c instanceof Float) {
      double v = ((Number) c).doubleValue();
      return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
    return c == null ? "" : c.toString();
  }

  public void writeCsv(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        CSVPrinter p =
            new CSVPrinter(
                w, CSVFormat.DEFAULT.builder().setHeader(header.toArray(new String[0])).build())) {
      for (List<String> r : rows) {
        p.printRecord(r);
      }
    }
  }

  public String markdown() {
    StringBuilder s = new StringBuilder();
    s.append("| ").append(String.join(" | ", header)).append(" |\n|");
    for (int i = 0; i < header.size(); i++) {
      s.append(" --- |");
    }
    s.append('\n');
    for (List<String> r : rows) {
      s.append("| ").append(String.join(" | ", r)).append(" |\n");
    }
    return s.toString();
  }
}
