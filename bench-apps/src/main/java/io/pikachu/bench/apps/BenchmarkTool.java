package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;

/**
 * The command line shared by the benchmark jobs, {@code <command> <input> <output>} with Hadoop's
 * generic options (reducers and plugin settings come as {@code -D key=value}), so that every
 * benchmark runs the same way under {@code hadoop jar}.
 */
public abstract class BenchmarkTool extends Configured implements Tool {
  /**
   * Builds a benchmark's job; the caller has set reducers and any plugin settings on {@code conf}.
   */
  @FunctionalInterface
  public interface JobFactory {
    Job create(Configuration conf, Path input, Path output) throws IOException;
  }

  private final String command;
  private final JobFactory factory;

  protected BenchmarkTool(String command, JobFactory factory) {
    this.command = command;
    this.factory = factory;
  }

  @Override
  public final int run(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println(
          "usage: "
              + command
              + " <input> <output>   (set reducers with -D mapreduce.job.reduces=N)");
      return 2;
    }
    return factory.create(getConf(), new Path(args[0]), new Path(args[1])).waitForCompletion(true)
        ? 0
        : 1;
  }
}
