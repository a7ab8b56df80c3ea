package io.pikachu.it;

import io.pikachu.bench.apps.WordCount;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.KeyValueTextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/** Wordcount, Sort and total-order Sort, small inputs, and output readers for the tests. */
final class TestApps {
  private TestApps() {}

  enum App {
    WORDCOUNT,
    SORT,
    TOTAL_ORDER_SORT
  }

  /** Writes {@code files} text files of {@code linesPerFile} lines; deterministic. */
  static void writeInput(FileSystem fs, Path dir, int files, int linesPerFile, long seed)
      throws IOException {
    Random random = new Random(seed);
    String[] vocabulary = new String[400];
    for (int i = 0; i < vocabulary.length; i++) {
      vocabulary[i] = word(random, 3 + random.nextInt(8));
    }
    for (int f = 0; f < files; f++) {
      try (OutputStream out = fs.create(new Path(dir, "part-" + f + ".txt"), true)) {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < linesPerFile; l++) {
          int words = 2 + random.nextInt(8);
          for (int w = 0; w < words; w++) {
            // skewed word frequencies, like text
            int idx =
                (int)
                    Math.min(
                        vocabulary.length - 1,
                        Math.abs(random.nextGaussian()) * vocabulary.length / 3);
            sb.append(w == 0 ? "" : " ").append(vocabulary[idx]);
          }
          sb.append(' ').append(random.nextInt(1000)).append('\n');
        }
        out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static String word(Random random, int length) {
    char[] c = new char[length];
    for (int i = 0; i < length; i++) {
      c[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(c);
  }

  static Job create(App app, Configuration base, Path input, Path output, int reducers, String name)
      throws Exception {
    Configuration conf = new Configuration(base);
    Job job = Job.getInstance(conf, name);
    job.setJarByClass(TestApps.class);
    job.setNumReduceTasks(reducers);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    switch (app) {
      case WORDCOUNT -> {
        job.setMapperClass(WordCount.TokenMapper.class);
        job.setCombinerClass(WordCount.SumReducer.class);
        job.setReducerClass(WordCount.SumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(IntWritable.class);
      }
      case SORT -> {
        // first word is the key, the rest of the line the value; map outputs compressed
        job.setMapperClass(SplitLineMapper.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(Text.class);
        job.getConfiguration().setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
        job.getConfiguration()
            .setClass(
                MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC,
                DefaultCodec.class,
                org.apache.hadoop.io.compress.CompressionCodec.class);
      }
      case TOTAL_ORDER_SORT -> {
        job.setInputFormatClass(KeyValueTextInputFormat.class);
        job.setMapperClass(LineKeyMapper.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(NullWritable.class);
        job.setPartitionerClass(TotalOrderPartitioner.class);
      }
    }
    return job;
  }

  /**
   * Writes the job's total-order partition file (reducers - 1 split points); Pikachu needs no
   * other. Deterministic sampler: every record.
   */
  static void writePartitionFile(Job job, Path dir) throws Exception {
    InputSampler.Sampler<Text, Text> sampler = new InputSampler.SplitSampler<>(1_000_000, 100);
    TotalOrderPartitioner.setPartitionFile(job.getConfiguration(), new Path(dir, "reducers.lst"));
    InputSampler.writePartitionFile(job, sampler);
  }

  public static class SplitLineMapper extends Mapper<Object, Text, Text, Text> {
    private final Text k = new Text();
    private final Text v = new Text();

    @Override
    protected void map(Object key, Text value, Context context)
        throws IOException, InterruptedException {
      String line = value.toString();
      int space = line.indexOf(' ');
      k.set(space < 0 ? line : line.substring(0, space));
      v.set(space < 0 ? "" : line.substring(space + 1));
      context.write(k, v);
    }
  }

  public static class LineKeyMapper extends Mapper<Text, Text, Text, NullWritable> {
    @Override
    protected void map(Text key, Text value, Context context)
        throws IOException, InterruptedException {
      context.write(key, NullWritable.get());
    }
  }
}
