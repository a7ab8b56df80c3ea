package io.pikachu.task.reduce;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;

/**
 * Test support for the reduce-side storage engine without a cluster: map outputs as the shuffle
 * serves them (IFile bytes with their checksum, Text keys and values), a store on a local folder,
 * and the records a merge yields.
 */
final class Segments {
  static final TaskAttemptID REDUCE =
      TaskAttemptID.forName("attempt_1700000000000_0001_r_000000_0");

  private Segments() {}

  /** A job configuration whose local folders are {@code dir}; Text map outputs. */
  static JobConf job(File dir) {
    JobConf job = new JobConf(false);
    job.set(MRConfig.LOCAL_DIR, dir.getAbsolutePath());
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    return job;
  }

  static BinSegmentStore store(JobConf job, ShuffleMemory memory) throws IOException {
    return new BinSegmentStore(
        new ShuffleFiles(
            job,
            REDUCE,
            FileSystem.getLocal(job).getRaw(),
            new LocalDirAllocator(MRConfig.LOCAL_DIR)),
        memory);
  }

  /** An IFile of {@code records} (key to value, in key order) with its checksum, as served. */
  static byte[] ifile(JobConf job, CompressionCodec codec, Map<String, String> records)
      throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FSDataOutputStream out = new FSDataOutputStream(bytes, null)) {
      IFile.Writer<Text, Text> writer =
          new IFile.Writer<>(job, out, Text.class, Text.class, codec, null);
      for (Map.Entry<String, String> r : records.entrySet()) {
        writer.append(new Text(r.getKey()), new Text(r.getValue()));
      }
      writer.close();
    }
    return bytes.toByteArray();
  }

  /** Decompressed length of an IFile made by {@link #ifile} without a codec. */
  static long rawLength(byte[] served) {
    return served.length - 4; // the checksum
  }

  /** A fetched output held in memory, read from the served bytes as the fetcher reads them. */
  static FetchedOutput inMemory(JobConf job, Map<String, String> records) throws IOException {
    byte[] served = ifile(job, null, records);
    return FetchedOutput.readToMemory(
        new ByteArrayInputStream(served), served.length, rawLength(served), null, job, "test");
  }

  /** A fetched output written to a file of {@code store}, as the fetcher writes large outputs. */
  static FetchedOutput onDisk(
      JobConf job, BinSegmentStore store, int bin, Map<String, String> records) throws IOException {
    byte[] served = ifile(job, null, records);
    Path file = store.newPath(bin, "fetched", served.length);
    return FetchedOutput.readToDisk(
        new ByteArrayInputStream(served),
        served.length,
        rawLength(served),
        file,
        store.fs().create(file, true),
        job,
        "test");
  }

  /** Every record of a merged stream, "key=value", in the order the stream yields them. */
  static List<String> drain(RawKeyValueIterator iter) throws IOException {
    List<String> records = new ArrayList<>();
    Text key = new Text();
    Text value = new Text();
    while (iter.next()) {
      DataInputBuffer k = iter.getKey();
      key.readFields(k);
      DataInputBuffer v = iter.getValue();
      value.readFields(v);
      records.add(key + "=" + value);
    }
    iter.close();
    return records;
  }
}
