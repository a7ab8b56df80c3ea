package io.pikachu.benchsuite.suite;

import io.pikachu.bench.apps.BenchmarkTool.JobFactory;
import io.pikachu.bench.apps.InvertedIndex;
import io.pikachu.bench.apps.MultiWordCount;
import io.pikachu.bench.apps.SelfJoin;
import io.pikachu.bench.apps.Sort;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.AssociationGenerator;
import io.pikachu.bench.data.RecordGenerator;
import io.pikachu.bench.data.TextGenerator;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** The five applications of section 2.6, each with the seeded input it runs on. */
public enum SuiteApp {
  WORDCOUNT(Input.TEXT, WordCount::createJob),
  SORT(Input.RECORDS, Sort::createJob),
  MULTIWORDCOUNT(Input.TEXT, MultiWordCount::createJob),
  INVERTEDINDEX(Input.TEXT, InvertedIndex::createJob),
  SELFJOIN(Input.ASSOCIATIONS, SelfJoin::createJob);

  /** Kinds of input; applications of one kind share one generated data set. */
  public enum Input {
    TEXT,
    RECORDS,
    ASSOCIATIONS;

    /**
     * Writes {@code files} files of {@code bytesPerFile} each, the same bytes for the same seed.
     */
    public void generate(Configuration conf, Path dir, int files, long bytesPerFile, long seed)
        throws IOException {
      switch (this) {
          // The demo's vocabulary: large enough that reducers have real work (see
          // docs/foundation.md).
        case TEXT -> new TextGenerator(seed, 50_000_000, 0.6).write(conf, dir, files, bytesPerFile);
        case RECORDS -> new RecordGenerator(seed).write(conf, dir, files, bytesPerFile);
        case ASSOCIATIONS -> new AssociationGenerator(seed).write(conf, dir, files, bytesPerFile);
      }
    }
  }

  private final Input input;
  private final JobFactory factory;

  SuiteApp(Input input, JobFactory factory) {
    this.input = input;
    this.factory = factory;
  }

  public Input input() {
    return input;
  }

  public JobFactory factory() {
    return factory;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static SuiteApp parse(String text) {
    return Arrays.stream(values())
        .filter(a -> a.label().equals(text.trim().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown application '"
                        + text
                        + "'; known: "
                        + Arrays.stream(values()).map(SuiteApp::label).toList()));
  }
}
