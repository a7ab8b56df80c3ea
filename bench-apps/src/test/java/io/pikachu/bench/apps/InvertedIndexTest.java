package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.data.TextGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InvertedIndexTest {
  @TempDir Path dir;

  /** Plain-Java index: each word to the sorted names of the files in {@code input} holding it. */
  static Map<String, List<String>> index(Path input) throws IOException {
    Map<String, TreeSet<String>> files = new TreeMap<>();
    List<Path> inputs;
    try (Stream<Path> listing = Files.list(input)) {
      inputs = listing.filter(file -> !file.getFileName().toString().startsWith(".")).toList();
    }
    for (Path file : inputs) {
      for (String word : Files.readString(file, StandardCharsets.UTF_8).split("\\s+")) {
        if (!word.isEmpty()) {
          files.computeIfAbsent(word, w -> new TreeSet<>()).add(file.getFileName().toString());
        }
      }
    }
    Map<String, List<String>> index = new HashMap<>();
    files.forEach((word, names) -> index.put(word, new ArrayList<>(names)));
    return index;
  }

  private Map<String, List<String>> runJob(Path input, int reduces) throws Exception {
    Path output = dir.resolve("out");
    LocalJobs.runToSuccess(
        InvertedIndex.createJob(
            LocalJobs.conf(reduces), LocalJobs.path(input), LocalJobs.path(output)));
    Map<String, List<String>> index = new HashMap<>();
    for (String line : LocalJobs.outputLines(output)) {
      String[] fields = line.split("\t");
      assertEquals(2, fields.length, "malformed output line '" + line + "'");
      assertNull(
          index.put(fields[0], List.of(fields[1].split(","))),
          "word twice in the output: " + fields[0]);
    }
    return index;
  }

  @Test
  void indexMatchesAnIndependentIndexOfGeneratedFiles() throws Exception {
    Path input = dir.resolve("in");
    new TextGenerator(5, 3_000, 1.0).write(LocalJobs.conf(1), LocalJobs.path(input), 4, 20_000);
    Map<String, List<String>> expected = index(input);

    Map<String, List<String>> actual = runJob(input, 3);

    assertEquals(expected, actual);
    // Both common words (in every file) and rare ones (in one file) are present, so order and
    // de-duplication were both exercised.
    assertTrue(actual.values().stream().anyMatch(files -> files.size() == 4));
    assertTrue(actual.values().stream().anyMatch(files -> files.size() == 1));
  }

  @Test
  void listsEachFileOnceInNameOrder() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(input.resolve("b.txt"), "cat dog cat\ncat\n");
    Files.writeString(input.resolve("a.txt"), "dog  emu\n");
    Files.writeString(input.resolve("c.txt"), "\n");

    assertEquals(
        Map.of("cat", List.of("b.txt"), "dog", List.of("a.txt", "b.txt"), "emu", List.of("a.txt")),
        runJob(input, 2));
  }

  @Test
  void refusesFileNamesThatWouldMakeTheListAmbiguous() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(input.resolve("a,b.txt"), "word\n");
    LocalJobs.runToFailure(
        InvertedIndex.createJob(
            LocalJobs.conf(1), LocalJobs.path(input), LocalJobs.path(dir.resolve("out"))),
        "a file name with a comma was accepted");
  }
}
