package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {
  @Test
  void pipesAndLineBreaksInCellsDoNotSplitTheRow() {
    String table = new MarkdownTable("a", "b").row("x|y", "line\nbreak").row(1, null).toString();
    assertEquals("| a | b |\n| --- | --- |\n| x\\|y | line break |\n| 1 | n/a |\n", table);
  }

  @Test
  void aRowMustHaveOneCellPerColumn() {
    assertThrows(IllegalArgumentException.class, () -> new MarkdownTable("a", "b").row("only one"));
  }
}
