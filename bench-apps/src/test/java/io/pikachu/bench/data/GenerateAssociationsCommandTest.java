package io.pikachu.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateAssociationsCommandTest {
  @TempDir Path dir;

  private int run(String... args) throws Exception {
    GenerateAssociationsCommand command = new GenerateAssociationsCommand();
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    command.setConf(conf);
    return command.run(args);
  }

  private List<Path> dataFiles(Path output) throws IOException {
    try (Stream<Path> files = Files.list(output)) {
      return files
          .filter(file -> file.getFileName().toString().startsWith("part-"))
          .sorted()
          .toList();
    }
  }

  @Test
  void writesTheAskedFilesWithTheAskedWidth() throws Exception {
    Path output = dir.resolve("assoc");
    assertEquals(0, run(output.toUri().toString(), "2", "1", "9", "4", "8", "500"));

    List<Path> files = dataFiles(output);
    assertEquals(2, files.size());
    for (Path file : files) {
      assertTrue(Files.size(file) >= 1_000_000, file + " has " + Files.size(file) + " bytes");
      try (Stream<String> lines = Files.lines(file)) {
        assertTrue(
            lines.allMatch(line -> line.matches("\\d{3},\\d{3},\\d{3},\\d{3}")), file.toString());
      }
    }
  }

  @Test
  void badArgumentsGetTheUsageNotAStackTrace() throws Exception {
    String output = dir.resolve("bad").toUri().toString();
    assertEquals(2, run(output, "2"));
    assertEquals(2, run(output, "0", "1"));
    assertEquals(2, run(output, "1", "1", "seven"));
    assertEquals(2, run(output, "1", "1", "7", "1")); // k = 1
    assertEquals(2, run(output, "1", "1", "7", "3", "50", "20")); // too few items for groups of 50
    assertFalse(Files.exists(dir.resolve("bad")));
  }
}
