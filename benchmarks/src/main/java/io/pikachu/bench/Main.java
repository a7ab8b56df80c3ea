package io.pikachu.bench;

import io.pikachu.bench.apps.Sort;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.GenerateCommand;
import io.pikachu.bench.demo.Demo;
import io.pikachu.bench.demo.DemoOptions;
import java.util.Arrays;
import org.apache.hadoop.util.ToolRunner;

/** Entry point of the benchmarks jar: {@code hadoop jar pikachu-benchmarks.jar <command> ...}. */
public final class Main {
  private static final String USAGE = """
      usage: <command> [args]
        demo       run Wordcount on an embedded heterogeneous cluster and show per-node imbalance
        wordcount  <input> <output>                 (on a real cluster: hadoop jar ...)
        sort       <input> <output>
        gen-text   <output> <files> <mb-per-file> [seed] [vocabulary]
        gen-sort   <output> <files> <mb-per-file> [seed]
      """;

  private Main() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.print(USAGE);
      System.exit(2);
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    int status = switch (args[0]) {
      case "demo" -> runDemo(rest);
      case "wordcount" -> ToolRunner.run(new WordCount(), rest);
      case "sort" -> ToolRunner.run(new Sort(), rest);
      case "gen-text" -> ToolRunner.run(new GenerateCommand(GenerateCommand.Kind.TEXT), rest);
      case "gen-sort" -> ToolRunner.run(new GenerateCommand(GenerateCommand.Kind.SORT), rest);
      default -> {
        System.err.print("unknown command '" + args[0] + "'\n" + USAGE);
        yield 2;
      }
    };
    System.exit(status);
  }

  private static int runDemo(String[] args) throws Exception {
    DemoOptions options;
    try {
      options = DemoOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    new Demo(options, System.out).run();
    return 0;
  }
}
