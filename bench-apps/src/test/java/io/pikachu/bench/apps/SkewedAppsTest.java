package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.data.TextGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 43's skewed applications, checked against plain-Java computations on Zipf text. */
class SkewedAppsTest {
  @TempDir Path dir;

  private Path zipfText() throws Exception {
    Path input = dir.resolve("in");
    new TextGenerator(5, 200, 1.0).write(LocalJobs.conf(1), LocalJobs.path(input), 3, 20_000);
    return input;
  }

  @Test
  void wordcountWithoutACombinerCountsAsWordcountAndCombinesNothing() throws Exception {
    Path input = zipfText();
    Job job =
        WordCountNoCombiner.createJob(
            LocalJobs.conf(3), LocalJobs.path(input), LocalJobs.path(dir.resolve("out")));
    LocalJobs.runToSuccess(job);
    Map<String, Long> expected = new HashMap<>();
    for (String line : LocalJobs.lines(input, "part-")) {
      for (String w : line.strip().split("\\s+")) {
        if (!w.isEmpty()) {
          expected.merge(w, 1L, Long::sum);
        }
      }
    }
    Map<String, Long> actual = new HashMap<>();
    for (String line : LocalJobs.outputLines(dir.resolve("out"))) {
      String[] f = line.split("\t");
      actual.put(f[0], Long.parseLong(f[1]));
    }
    assertEquals(expected, actual);
    assertEquals(0, job.getCounters().findCounter(TaskCounter.COMBINE_INPUT_RECORDS).getValue());
    long most = Collections.max(actual.values());
    long total = actual.values().stream().mapToLong(Long::longValue).sum();
    assertTrue(most > total / 20, "the most frequent word is hot: " + most + " of " + total);
  }

  @Test
  void theHotKeyJoinJoinsEveryLineWithItsFirstWordsRow() throws Exception {
    Path input = zipfText();
    Job job =
        HotKeyJoin.createJob(
            LocalJobs.conf(3), LocalJobs.path(input), LocalJobs.path(dir.resolve("out")));
    LocalJobs.runToSuccess(job);
    List<String> expected = new ArrayList<>();
    Map<String, Long> perKey = new HashMap<>();
    for (String line : LocalJobs.lines(input, "part-")) {
      String[] words = line.strip().split("\\s+");
      if (words.length == 0 || words[0].isEmpty()) {
        continue;
      }
      String w = words[0];
      expected.add(w + "\t" + w.length() + "," + w.charAt(0) + "," + line);
      perKey.merge(w, 1L, Long::sum);
    }
    List<String> actual = new ArrayList<>(LocalJobs.outputLines(dir.resolve("out")));
    Collections.sort(expected);
    Collections.sort(actual);
    assertEquals(expected, actual);
    long hot = Collections.max(perKey.values());
    assertTrue(hot > expected.size() / 20, "one key is hot: " + hot + " of " + expected.size());
  }
}
