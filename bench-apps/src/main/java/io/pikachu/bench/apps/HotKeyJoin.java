package io.pikachu.bench.apps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/**
 * A reduce-side join of a fact table with a dimension table on one key, where one key is hot: the
 * facts are the lines of the input, keyed by their first word; the dimension has one row per word,
 * its length and first letter, which every map emits for the words it saw. Each reducer joins its
 * facts with their key's dimension row and writes {@code word <TAB> length,letter,line}. Over text
 * whose words follow Zipf's law the most frequent first word carries a large share of the facts,
 * and its reducer most of the bytes (issue 43). A key's facts are held in memory while its
 * dimension row may still come (values reach a reducer in no set order): the benchmark's data keep
 * the hot key within a reducer's heap.
 */
public class HotKeyJoin extends BenchmarkTool {

  static final String FACT = "F";
  static final String DIMENSION = "D";

  public HotKeyJoin() {
    super("hotjoin", HotKeyJoin::createJob);
  }

  /** Emits each line as a fact under its first word, and each word's dimension row once. */
  public static class JoinMapper extends Mapper<LongWritable, Text, Text, Text> {
    private final Text key = new Text();
    private final Text value = new Text();
    private final WordScanner words = new WordScanner();
    private final Set<String> seen = new HashSet<>();

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      words.reset(line);
      if (!words.next()) {
        return;
      }
      String first =
          new String(words.bytes(), words.start(), words.length(), StandardCharsets.UTF_8);
      key.set(first);
      value.set(FACT + line.toString());
      context.write(key, value);
      seen.add(first);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      for (String word : seen) {
        key.set(word);
        value.set(DIMENSION + word.length() + "," + word.charAt(0));
        context.write(key, value);
      }
    }
  }

  /** Joins a key's facts with its dimension row (every map sends the same row; one is kept). */
  public static class JoinReducer extends Reducer<Text, Text, Text, Text> {
    private final Text out = new Text();

    @Override
    protected void reduce(Text word, Iterable<Text> values, Context context)
        throws IOException, InterruptedException {
      String dimension = null;
      List<String> facts = new ArrayList<>();
      for (Text v : values) {
        String s = v.toString();
        if (s.startsWith(DIMENSION)) {
          dimension = s.substring(DIMENSION.length());
        } else {
          facts.add(s.substring(FACT.length()));
        }
      }
      if (dimension == null) {
        throw new IOException("no dimension row for key '" + word + "'");
      }
      for (String fact : facts) {
        out.set(dimension + "," + fact);
        context.write(word, out);
      }
    }
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "hotjoin");
    job.setJarByClass(HotKeyJoin.class);
    job.setMapperClass(JoinMapper.class);
    job.setReducerClass(JoinReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new HotKeyJoin(), args));
  }
}
