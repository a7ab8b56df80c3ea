package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmarks run from the command line as under {@code hadoop jar}, generic options included.
 */
class BenchmarkToolTest {
  @TempDir Path dir;

  @Test
  void runsTheJobWithGenericOptions() throws Exception {
    Path input = Files.createDirectories(dir.resolve("in"));
    Files.writeString(input.resolve("a.txt"), "a,b,c\na,b,d\n");
    String output = dir.resolve("out").toUri().toString();

    int status =
        ToolRunner.run(
            LocalJobs.conf(1),
            new SelfJoin(),
            new String[] {"-D", "mapreduce.job.reduces=3", input.toUri().toString(), output});

    assertEquals(0, status);
    try (Stream<Path> files = Files.list(dir.resolve("out"))) {
      assertEquals(
          3, files.filter(file -> file.getFileName().toString().startsWith("part-r-")).count());
    }
    assertEquals(List.of("a,b,c,d"), LocalJobs.outputLines(dir.resolve("out")));
  }

  @Test
  void wrongArgumentCountGivesUsage() throws Exception {
    assertEquals(
        2, ToolRunner.run(LocalJobs.conf(1), new MultiWordCount(), new String[] {"only-input"}));
    assertEquals(
        2, ToolRunner.run(LocalJobs.conf(1), new InvertedIndex(), new String[] {"a", "b", "c"}));
  }
}
