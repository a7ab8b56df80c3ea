package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class WordScannerTest {

  private static List<String> words(String line) {
    WordScanner scanner = new WordScanner().reset(new Text(line));
    List<String> words = new ArrayList<>();
    while (scanner.next()) {
      words.add(
          new String(scanner.bytes(), scanner.start(), scanner.length(), StandardCharsets.UTF_8));
    }
    return words;
  }

  @Test
  void splitsOnAnyRunOfWhitespace() {
    assertEquals(List.of("a", "bc", "d", "é"), words("  a \t bc\u000Bd  é "));
  }

  @Test
  void findsNoWordsInBlankLines() {
    assertEquals(List.of(), words(""));
    assertEquals(List.of(), words(" \t "));
  }

  @Test
  void readsAReusedTextOnlyUpToItsLength() {
    Text text = new Text("one two three");
    text.set("four");
    WordScanner scanner = new WordScanner().reset(text);
    List<String> words = new ArrayList<>();
    while (scanner.next()) {
      words.add(
          new String(scanner.bytes(), scanner.start(), scanner.length(), StandardCharsets.UTF_8));
    }
    assertEquals(List.of("four"), words);
  }
}
