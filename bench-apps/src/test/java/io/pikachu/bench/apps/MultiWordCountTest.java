package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.data.TextGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultiWordCountTest {
  @TempDir Path dir;

  /** Plain-Java count of the word triples of each line, for comparing with the job. */
  static Map<String, Long> countTriples(List<String> lines) {
    Map<String, Long> counts = new HashMap<>();
    for (String line : lines) {
      String trimmed = line.strip();
      if (trimmed.isEmpty()) {
        continue;
      }
      String[] words = trimmed.split("\\s+");
      for (int i = 0; i + 2 < words.length; i++) {
        counts.merge(words[i] + " " + words[i + 1] + " " + words[i + 2], 1L, Long::sum);
      }
    }
    return counts;
  }

  private Map<String, Long> runJob(Path input, int reduces) throws Exception {
    Job job =
        MultiWordCount.createJob(
            LocalJobs.conf(reduces), LocalJobs.path(input), LocalJobs.path(dir.resolve("out")));
    LocalJobs.runToSuccess(job);
    Map<String, Long> counts = new HashMap<>();
    for (String line : LocalJobs.outputLines(dir.resolve("out"))) {
      String[] fields = line.split("\t");
      assertEquals(2, fields.length, "malformed output line '" + line + "'");
      assertNull(
          counts.put(fields[0], Long.parseLong(fields[1])),
          "triple twice in the output: " + fields[0]);
    }
    assertTrue(
        job.getCounters().findCounter(TaskCounter.COMBINE_OUTPUT_RECORDS).getValue()
            < job.getCounters().findCounter(TaskCounter.COMBINE_INPUT_RECORDS).getValue(),
        "the combiner did not combine");
    return counts;
  }

  @Test
  void countsMatchAnIndependentCountOnGeneratedText() throws Exception {
    Path input = dir.resolve("in");
    // A small vocabulary so that triples repeat within and across files.
    new TextGenerator(3, 40, 1.2).write(LocalJobs.conf(1), LocalJobs.path(input), 3, 30_000);
    Map<String, Long> expected = countTriples(LocalJobs.lines(input, "part-"));

    Map<String, Long> actual = runJob(input, 3);

    assertEquals(expected, actual);
    assertTrue(
        Collections.max(actual.values()) > 10, "no triple repeats, so the test shows little");
  }

  @Test
  void joinsWordsBySingleSpacesAndStopsAtLineEnds() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(
        input.resolve("a.txt"),
        String.join(
                "\n",
                "the  quick\tbrown fox",
                "jumps",
                "",
                "over the",
                "  the quick brown  ",
                "quick brown fox")
            + "\n");

    Map<String, Long> actual = runJob(input, 2);

    assertEquals(Map.of("the quick brown", 2L, "quick brown fox", 2L), actual);
    assertEquals(countTriples(Files.readAllLines(input.resolve("a.txt"))), actual);
  }

  @Test
  void emptyInputGivesEmptyOutput() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(input.resolve("a.txt"), "one two\n\nthree\n");
    Job job =
        MultiWordCount.createJob(
            LocalJobs.conf(1), LocalJobs.path(input), LocalJobs.path(dir.resolve("out")));
    LocalJobs.runToSuccess(job);
    assertEquals(List.of(), LocalJobs.outputLines(dir.resolve("out")));
  }
}
