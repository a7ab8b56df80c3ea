package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/** Counts the occurrences of every word (the CPU-intensive benchmark of section 2.3). */
public class WordCount extends BenchmarkTool {

  public WordCount() {
    super("wordcount", WordCount::createJob);
  }

  public static class TokenMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private static final IntWritable ONE = new IntWritable(1);
    private final Text word = new Text();
    private final WordScanner words = new WordScanner();

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      words.reset(line);
      while (words.next()) {
        word.set(words.bytes(), words.start(), words.length());
        context.write(word, ONE);
      }
    }
  }

  public static class SumReducer extends Reducer<Text, IntWritable, Text, IntWritable> {
    private final IntWritable total = new IntWritable();

    @Override
    protected void reduce(Text word, Iterable<IntWritable> counts, Context context)
        throws IOException, InterruptedException {
      int sum = 0;
      for (IntWritable count : counts) {
        sum += count.get();
      }
      total.set(sum);
      context.write(word, total);
    }
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    return createJob(conf, input, output, "wordcount", true);
  }

  /** The job under {@code name}, with or without the combiner. */
  static Job createJob(Configuration conf, Path input, Path output, String name, boolean combine)
      throws IOException {
    Job job = Job.getInstance(conf, name);
    job.setJarByClass(WordCount.class);
    job.setMapperClass(TokenMapper.class);
    if (combine) {
      job.setCombinerClass(SumReducer.class);
    }
    job.setReducerClass(SumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new WordCount(), args));
  }
}
