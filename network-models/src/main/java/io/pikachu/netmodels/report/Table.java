package io.pikachu.netmodels.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A result table: printed aligned on the console and written as CSV. */
public final class Table {
  private final String title;
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  public Table(String title, String... header) {
    this.title = title;
    this.header = List.of(header);
  }

  public Table row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          title + ": row has " + cells.length + " cells, header " + header.size());
    }
    List<String> r = new ArrayList<>();
    for (Object c : cells) r.add(format(c));
    rows.add(r);
    return this;
  }

  public Table note(String line) {
    notes.add(line);
    return this;
  }

  public List<List<String>> rows() {
    return rows;
  }

  public List<String> notes() {
    return notes;
  }

  public double number(int row, String column) {
    int i = header.indexOf(column);
    if (i < 0) throw new IllegalArgumentException(title + " has no column " + column);
    return Double.parseDouble(rows.get(row).get(i));
  }

  private static String format(Object c) {
    if (c instanceof Double d) {
      double a = Math.abs(d);
      if (a != 0 && (a < 0.01 || a >= 1e7)) return String.format(Locale.ROOT, "%.4g", d);
      return String.format(Locale.ROOT, "%.3f", d);
    }
    return String.valueOf(c);
  }

  public void writeCsv(Path file) throws IOException {
    StringBuilder sb = new StringBuilder(String.join(",", header)).append('\n');
    for (List<String> r : rows) sb.append(String.join(",", r)).append('\n');
    Files.writeString(file, sb.toString());
  }

  public String render() {
    int[] width = new int[header.size()];
    for (int i = 0; i < width.length; i++) width[i] = header.get(i).length();
    for (List<String> r : rows)
      for (int i = 0; i < width.length; i++) width[i] = Math.max(width[i], r.get(i).length());
    StringBuilder sb = new StringBuilder("== ").append(title).append(" ==\n");
    appendRow(sb, header, width);
    for (List<String> r : rows) appendRow(sb, r, width);
    for (String n : notes) sb.append("  ").append(n).append('\n');
    return sb.toString();
  }

  private static void appendRow(StringBuilder sb, List<String> cells, int[] width) {
    for (int i = 0; i < cells.size(); i++) {
      sb.append(String.format(Locale.ROOT, "%" + width[i] + "s", cells.get(i)));
      sb.append(i + 1 < cells.size() ? "  " : "\n");
    }
  }
}
