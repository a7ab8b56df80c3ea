package io.pikachu.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The key table of docs/admin-guide.md is {@link PikachuKeys#ALL}: every key, its default and its
 * line, in order. When a key changes, the failure message holds the table to paste.
 */
class AdminGuideKeysTest {
  private static final Path GUIDE = Path.of("..", "docs", "admin-guide.md");
  private static final String BEGIN = "<!-- keys: generated from PikachuKeys.ALL -->";
  private static final String END = "<!-- keys: end -->";

  static String table() {
    return "| key | default | meaning |\n|---|---|---|\n"
        + PikachuKeys.ALL.stream()
            .map(
                k ->
                    "| `"
                        + k.name()
                        + "` | "
                        + k.defaultText()
                            .filter(t -> !t.isEmpty())
                            .map(t -> "`" + t + "`")
                            .orElse("unset")
                        + " | "
                        + k.doc().replace("|", "\\|")
                        + " |")
            .collect(Collectors.joining("\n"))
        + "\n";
  }

  @Test
  void theAdminGuideListsEveryKeyWithItsDefault() throws IOException {
    String guide = Files.readString(GUIDE);
    int begin = guide.indexOf(BEGIN);
    int end = guide.indexOf(END);
    assertTrue(begin >= 0 && end > begin, GUIDE + " has no generated key table between markers");
    String inGuide = guide.substring(begin + BEGIN.length(), end).strip() + "\n";
    assertEquals(table(), inGuide, "docs/admin-guide.md's key table is out of date; paste:\n");
  }
}
