package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/**
 * Counts every sequence of {@value #WORDS} consecutive words of a line (PUMA's multi-wordcount, one
 * of the compute-intensive benchmarks of section 2.6). Output lines are {@code w1 w2 w3 \t count},
 * the words joined by single spaces whatever whitespace separated them in the input. Sequences do
 * not cross line ends. Input comes from {@code gen-text}.
 */
public class MultiWordCount extends BenchmarkTool {
  public static final int WORDS = 3;

  public static class WordSequenceMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
    private static final IntWritable ONE = new IntWritable(1);
    private static final byte[] SPACE = {' '};
    private final WordScanner scanner = new WordScanner();
    private final Text sequence = new Text();
    // The last WORDS words of the line, as a ring of offsets into the line's bytes.
    private final int[] starts = new int[WORDS];
    private final int[] lengths = new int[WORDS];

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      scanner.reset(line);
      byte[] bytes = line.getBytes();
      int seen = 0;
      while (scanner.next()) {
        int slot = seen % WORDS;
        starts[slot] = scanner.start();
        lengths[slot] = scanner.length();
        seen++;
        if (seen >= WORDS) {
          sequence.clear();
          for (int i = 0; i < WORDS; i++) {
            int word = (seen + i) % WORDS; // oldest first
            if (i > 0) {
              sequence.append(SPACE, 0, 1);
            }
            sequence.append(bytes, starts[word], lengths[word]);
          }
          context.write(sequence, ONE);
        }
      }
    }
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "multiwordcount");
    job.setJarByClass(MultiWordCount.class);
    job.setMapperClass(WordSequenceMapper.class);
    job.setCombinerClass(WordCount.SumReducer.class);
    job.setReducerClass(WordCount.SumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public MultiWordCount() {
    super("multiwordcount", MultiWordCount::createJob);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new MultiWordCount(), args));
  }
}
