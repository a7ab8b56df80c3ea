package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.util.ToolRunner;

/**
 * Sorts binary records by key with identity map and reduce, like Hadoop's sort example (the
 * shuffle-intensive benchmark of section 2.3). Input comes from {@code gen-sort}.
 */
public class Sort extends BenchmarkTool {

  public Sort() {
    super("sort", Sort::createJob);
  }

  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "sort");
    job.setJarByClass(Sort.class);
    job.setMapperClass(Mapper.class);
    job.setReducerClass(Reducer.class);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(BytesWritable.class);
    job.setOutputValueClass(BytesWritable.class);
    SequenceFileInputFormat.addInputPath(job, input);
    SequenceFileOutputFormat.setOutputPath(job, output);
    return job;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new Sort(), args));
  }
}
