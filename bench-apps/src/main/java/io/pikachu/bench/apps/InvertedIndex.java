package io.pikachu.bench.apps;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/**
 * For every word, the input files that contain it (PUMA's inverted-index, one of the
 * compute-intensive benchmarks of section 2.6). Output lines are {@code word \t file1,file2,...}
 * with the files' names (not their directories) sorted and each listed once. Input comes from
 * {@code gen-text} with several files.
 */
public class InvertedIndex extends BenchmarkTool {
  static final String FILE_SEPARATOR = ",";

  /** Emits (word, name of the split's file) for every occurrence of a word. */
  public static class WordFileMapper extends Mapper<LongWritable, Text, Text, Text> {
    private final WordScanner scanner = new WordScanner();
    private final Text word = new Text();
    private final Text fileName = new Text();

    @Override
    protected void setup(Context context) throws IOException {
      InputSplit split = context.getInputSplit();
      if (!(split instanceof FileSplit)) {
        throw new IOException(
            "inverted-index must know each record's file, so it needs an input format with "
                + "FileSplits (such as TextInputFormat), got a "
                + split.getClass().getName());
      }
      FileSplit fileSplit = (FileSplit) split;
      String name = fileSplit.getPath().getName();
      if (name.contains(FILE_SEPARATOR) || name.contains("\n") || name.contains("\r")) {
        // The output could not be read back unambiguously.
        throw new IOException(
            "inverted-index lists files separated by '"
                + FILE_SEPARATOR
                + "', one word a line, "
                + "so input file names must not contain a comma or line break: '"
                + fileSplit.getPath()
                + "'");
      }
      fileName.set(name);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      scanner.reset(line);
      while (scanner.next()) {
        word.set(scanner.bytes(), scanner.start(), scanner.length());
        context.write(word, fileName);
      }
    }
  }

  /**
   * Passes each file of a word on once: the map side sees a word once per occurrence but a word
   * lives in few files, so this is where the data shrinks.
   */
  public static class DistinctFilesCombiner extends Reducer<Text, Text, Text, Text> {
    private final Set<Text> seen = new HashSet<>();

    @Override
    protected void reduce(Text word, Iterable<Text> files, Context context)
        throws IOException, InterruptedException {
      seen.clear();
      for (Text file : files) {
        if (!seen.contains(file)) {
          Text copy = new Text(file); // the framework reuses the value object
          seen.add(copy);
          context.write(word, copy);
        }
      }
    }
  }

  public static class FileListReducer extends Reducer<Text, Text, Text, Text> {
    private final TreeSet<String> names = new TreeSet<>();
    private final Text list = new Text();

    @Override
    protected void reduce(Text word, Iterable<Text> files, Context context)
        throws IOException, InterruptedException {
      names.clear();
      for (Text file : files) {
        names.add(file.toString());
      }
      list.set(String.join(FILE_SEPARATOR, names));
      context.write(word, list);
    }
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "invertedindex");
    job.setJarByClass(InvertedIndex.class);
    job.setMapperClass(WordFileMapper.class);
    job.setCombinerClass(DistinctFilesCombiner.class);
    job.setReducerClass(FileListReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public InvertedIndex() {
    super("invertedindex", InvertedIndex::createJob);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new InvertedIndex(), args));
  }
}
