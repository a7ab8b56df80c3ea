package io.pikachu.bench.data;

import io.pikachu.bench.cli.Args;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/** {@code gen-text} and {@code gen-sort}: write seeded input data to any Hadoop file system. */
public final class GenerateCommand extends Configured implements Tool {
  public enum Kind {
    TEXT,
    SORT
  }

  private final Kind kind;

  public GenerateCommand(Kind kind) {
    this.kind = kind;
  }

  /** {@code gen-text}, for {@link org.apache.hadoop.util.ProgramDriver}. */
  public static final class Text {
    private Text() {}

    public static void main(String[] args) throws Exception {
      System.exit(ToolRunner.run(new GenerateCommand(Kind.TEXT), args));
    }
  }

  /** {@code gen-sort}, for {@link org.apache.hadoop.util.ProgramDriver}. */
  public static final class Sort {
    private Sort() {}

    public static void main(String[] args) throws Exception {
      System.exit(ToolRunner.run(new GenerateCommand(Kind.SORT), args));
    }
  }

  @Override
  public int run(String[] args) throws Exception {
    int maxArgs = kind == Kind.TEXT ? 5 : 4;
    if (args.length < 3 || args.length > maxArgs) {
      System.err.println(
          kind == Kind.TEXT
              ? "usage: gen-text <output> <files> <mb-per-file> [seed] [vocabulary]"
              : "usage: gen-sort <output> <files> <mb-per-file> [seed]");
      return 2;
    }
    Path output = new Path(args[0]);
    int files = Args.atLeast("files", args[1], 1);
    long bytesPerFile = Args.atLeast("mb-per-file", args[2], 1) * 1_000_000L;
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 42L;
    if (kind == Kind.TEXT) {
      int vocabulary = args.length > 4 ? Args.atLeast("vocabulary", args[4], 1) : 2_000_000;
      new TextGenerator(seed, vocabulary, 1.0).write(getConf(), output, files, bytesPerFile);
    } else {
      new RecordGenerator(seed).write(getConf(), output, files, bytesPerFile);
    }
    return 0;
  }
}
