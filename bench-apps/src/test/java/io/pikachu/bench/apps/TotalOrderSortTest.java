package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TotalOrderSortTest {
  private static final int REDUCERS = 3;
  private static final int RECORDS_PER_FILE = 2_000;

  @TempDir java.nio.file.Path dir;

  @Test
  void partFilesReadInOrderHoldEveryRecordSortedAndEachHasAShare() throws Exception {
    Configuration conf = LocalJobs.conf(REDUCERS);
    List<BytesWritable> written = new ArrayList<>();
    Random random = new Random(7);
    for (int file = 0; file < 2; file++) {
      Path path = LocalJobs.path(dir.resolve("in").resolve("part-" + file));
      try (SequenceFile.Writer writer =
          SequenceFile.createWriter(
              conf,
              SequenceFile.Writer.file(path),
              SequenceFile.Writer.keyClass(BytesWritable.class),
              SequenceFile.Writer.valueClass(BytesWritable.class))) {
        for (int i = 0; i < RECORDS_PER_FILE; i++) {
          byte[] key = new byte[10];
          random.nextBytes(key);
          written.add(new BytesWritable(key));
          writer.append(new BytesWritable(key), new BytesWritable(new byte[] {(byte) i}));
        }
      }
    }

    LocalJobs.runToSuccess(
        TotalOrderSort.createJob(
            conf, LocalJobs.path(dir.resolve("in")), LocalJobs.path(dir.resolve("out"))));

    List<BytesWritable> read = new ArrayList<>();
    for (int r = 0; r < REDUCERS; r++) {
      int before = read.size();
      Path part = LocalJobs.path(dir.resolve("out").resolve(String.format("part-r-%05d", r)));
      try (SequenceFile.Reader reader =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
        BytesWritable key = new BytesWritable();
        BytesWritable value = new BytesWritable();
        while (reader.next(key, value)) {
          read.add(new BytesWritable(key.copyBytes()));
        }
      }
      int share = read.size() - before;
      assertTrue(
          share > RECORDS_PER_FILE / REDUCERS,
          "part " + r + " holds only " + share + " records: the split points are off");
    }
    for (int i = 1; i < read.size(); i++) {
      assertTrue(read.get(i - 1).compareTo(read.get(i)) <= 0, "out of order at record " + i);
    }
    written.sort(null);
    assertEquals(written, read);
  }
}
