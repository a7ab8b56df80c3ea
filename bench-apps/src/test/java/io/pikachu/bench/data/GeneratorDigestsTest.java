package io.pikachu.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generators' output for a seed is fixed: these are the digests ({@code gen-digest}) of the
 * data sets the README's and the real-cluster test's commands write. The real-cluster test checks
 * the same digests of what {@code hadoop jar bench-apps-<version>.jar gen-...} writes on each
 * Hadoop line's own class path, so the bytes are the same on every line, and a change to a
 * generator (which would change every benchmark's input) fails here first.
 */
class GeneratorDigestsTest {
  /** Command line (after the output folder) to digest. */
  static final String DIGESTS = "generator-digests.properties";

  @TempDir Path dir;

  private static Properties expected() throws Exception {
    Properties p = new Properties();
    try (InputStream in = GeneratorDigestsTest.class.getResourceAsStream(DIGESTS)) {
      assertNotNull(in, DIGESTS);
      p.load(in);
    }
    return p;
  }

  private String generate(String command, String... args) throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    Path out = dir.resolve(command + "-" + String.join("-", args));
    Tool tool =
        switch (command) {
          case "gen-text" -> new GenerateCommand(GenerateCommand.Kind.TEXT);
          case "gen-sort" -> new GenerateCommand(GenerateCommand.Kind.SORT);
          case "gen-selfjoin" -> new GenerateAssociationsCommand();
          default -> throw new IllegalArgumentException(command);
        };
    String[] full = new String[args.length + 1];
    full[0] = out.toUri().toString();
    System.arraycopy(args, 0, full, 1, args.length);
    assertEquals(0, ToolRunner.run(conf, tool, full), command + " " + Arrays.toString(args));
    return DigestCommand.digest(conf, new org.apache.hadoop.fs.Path(out.toUri()));
  }

  @Test
  void everyListedCommandWritesItsDigest() throws Exception {
    Properties expected = expected();
    for (String line : expected.stringPropertyNames()) {
      String[] words = line.split("\\.");
      String[] args = Arrays.copyOfRange(words, 1, words.length);
      assertEquals(expected.getProperty(line), generate(words[0], args), line);
    }
    assertEquals(3, expected.size(), "gen-text, gen-sort and gen-selfjoin");
  }

  @Test
  void anotherSeedGivesOtherData() throws Exception {
    assertNotEquals(generate("gen-text", "2", "1", "42"), generate("gen-text", "2", "1", "43"));
  }
}
