package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ToolRunner;

/**
 * Wordcount without a combiner: every occurrence of a word reaches its reducer, so over text whose
 * words follow Zipf's law the partitions holding the frequent words are much larger than the rest.
 * The skewed job of issue 43, where bins of one partition's count hold very different bytes.
 */
public class WordCountNoCombiner extends BenchmarkTool {

  public WordCountNoCombiner() {
    super("wordcount-nocombiner", WordCountNoCombiner::createJob);
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    return WordCount.createJob(conf, input, output, "wordcount-nocombiner", false);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new WordCountNoCombiner(), args));
  }
}
