package io.pikachu.benchsuite.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A GitHub-flavoured Markdown table. Cells are escaped so that a '|' in a status message cannot
 * split a row.
 */
final class MarkdownTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  MarkdownTable(String... header) {
    this.header = List.of(header);
  }

  MarkdownTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "row of "
              + cells.length
              + " cells for a table of "
              + header.size()
              + " columns "
              + header);
    }
    rows.add(Arrays.stream(cells).map(c -> escape(Objects.toString(c, Fmt.NA))).toList());
    return this;
  }

  @Override
  public String toString() {
    StringBuilder md = new StringBuilder();
    line(md, header.stream().map(MarkdownTable::escape).toList());
    line(md, header.stream().map(h -> "---").toList());
    rows.forEach(r -> line(md, r));
    return md.toString();
  }

  private static void line(StringBuilder md, List<String> cells) {
    md.append(cells.stream().collect(Collectors.joining(" | ", "| ", " |"))).append('\n');
  }

  private static String escape(String cell) {
    return cell.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ");
  }
}
