package io.pikachu.bench.apps;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/**
 * PUMA's self-join, the candidate-generation step of Apriori (one of the shuffle-intensive
 * benchmarks of section 2.6): from k-field associations {@code f1,...,fk}, one a line with fields
 * in ascending order, it makes every (k+1)-field association {@code f1,...,f(k-1),a,b} such that
 * {@code f1,...,f(k-1),a} and {@code f1,...,f(k-1),b} are both in the input and {@code a < b}.
 * Fields compare as bytes (so numbers should be zero-padded, as {@code gen-selfjoin} writes them).
 * The output has the input's format, one field more, so it can feed the next round. Input comes
 * from {@code gen-selfjoin}.
 */
public class SelfJoin extends BenchmarkTool {
  static final byte SEPARATOR = ',';
  private static final byte[] SEPARATOR_BYTES = {SEPARATOR};

  /** Where a line's fields are, after checking it is an association. */
  static final class Association {
    int fields;
    int lastSeparator;

    /**
     * @throws IllegalArgumentException naming what is wrong with the line
     */
    void parse(byte[] bytes, int length) {
      fields = 0;
      lastSeparator = -1;
      int previousStart = -1;
      int previousLength = 0;
      int start = 0;
      for (int i = 0; i <= length; i++) {
        if (i < length && bytes[i] != SEPARATOR) {
          continue;
        }
        int fieldLength = i - start;
        if (fieldLength == 0) {
          throw new IllegalArgumentException("field " + (fields + 1) + " is empty");
        }
        if (previousStart >= 0
            && WritableComparator.compareBytes(
                    bytes, previousStart, previousLength, bytes, start, fieldLength)
                >= 0) {
          throw new IllegalArgumentException(
              "fields must be distinct and in ascending order, but field "
                  + (fields + 1)
                  + " does not come after field "
                  + fields);
        }
        fields++;
        previousStart = start;
        previousLength = fieldLength;
        if (i < length) {
          lastSeparator = i;
        }
        start = i + 1;
      }
      if (fields < 2) {
        throw new IllegalArgumentException(
            "an association needs at least 2 fields to join on the first k-1");
      }
    }
  }

  /** Keys each association by its first k-1 fields, with its last field as the value. */
  public static class PrefixMapper extends Mapper<LongWritable, Text, Text, Text> {
    private final Association association = new Association();
    private final Text prefix = new Text();
    private final Text last = new Text();
    private int expectedFields = -1;
    private String source = "the input";

    @Override
    protected void setup(Context context) {
      InputSplit split = context.getInputSplit();
      if (split instanceof FileSplit) {
        source = ((FileSplit) split).getPath().toString();
      }
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      if (line.getLength() == 0) {
        return; // a blank line holds no association; tolerated, e.g. at the end of a hand-made file
      }
      byte[] bytes = line.getBytes();
      try {
        association.parse(bytes, line.getLength());
        if (expectedFields < 0) {
          expectedFields = association.fields;
        } else if (association.fields != expectedFields) {
          throw new IllegalArgumentException(
              "it has "
                  + association.fields
                  + " fields where earlier lines have "
                  + expectedFields);
        }
      } catch (IllegalArgumentException e) {
        throw new IOException(
            "not an association at byte "
                + offset.get()
                + " of "
                + source
                + ": "
                + e.getMessage()
                + ": '"
                + abbreviate(line)
                + "'",
            e);
      }
      int split = association.lastSeparator;
      prefix.set(bytes, 0, split);
      last.set(bytes, split + 1, line.getLength() - split - 1);
      context.write(prefix, last);
    }

    private static String abbreviate(Text line) {
      String text = line.toString();
      return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
  }

  /** Pairs every two distinct last fields of a prefix, the smaller first. */
  public static class PairReducer extends Reducer<Text, Text, Text, NullWritable> {
    private final List<Text> lasts = new ArrayList<>();
    private final Text association = new Text();

    @Override
    protected void reduce(Text prefix, Iterable<Text> values, Context context)
        throws IOException, InterruptedException {
      lasts.clear();
      for (Text value : values) {
        lasts.add(new Text(value)); // the framework reuses the value object
      }
      Collections.sort(lasts);
      int distinct = 0;
      for (Text value : lasts) {
        if (distinct == 0 || !value.equals(lasts.get(distinct - 1))) {
          lasts.set(distinct++, value);
        }
      }
      for (int i = 0; i < distinct; i++) {
        for (int j = i + 1; j < distinct; j++) {
          association.set(prefix);
          appendField(lasts.get(i));
          appendField(lasts.get(j));
          context.write(association, NullWritable.get());
        }
      }
    }

    private void appendField(Text field) {
      association.append(SEPARATOR_BYTES, 0, 1);
      association.append(field.getBytes(), 0, field.getLength());
    }
  }

  /** Builds the job; the caller sets reducers and any plugin settings on {@code conf} first. */
  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "selfjoin");
    job.setJarByClass(SelfJoin.class);
    job.setMapperClass(PrefixMapper.class);
    job.setReducerClass(PairReducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public SelfJoin() {
    super("selfjoin", SelfJoin::createJob);
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SelfJoin(), args));
  }
}
