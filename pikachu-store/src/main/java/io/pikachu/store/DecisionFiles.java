package io.pikachu.store;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Where a job's decision record lives and how it is read and written: in the job's staging
 * directory, where a restarted AM reads back what its predecessor published, and as a copy in
 * {@code pikachu.decision.dir}, which outlives the job for reports. Written whole by one
 * overwriting rename, so a reader sees the old record or the new one, never half a record and never
 * none.
 */
public final class DecisionFiles {
  private static final int MAX_BYTES = 1 << 24;

  private DecisionFiles() {}

  /**
   * The record a restarted AM reads: {@code ${mapreduce.job.dir}/}{@value
   * PikachuKeys#STAGING_RECORD_NAME}.
   */
  public static Path stagingRecord(Configuration conf) {
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR);
    if (jobDir == null || jobDir.isEmpty()) {
      throw new IllegalArgumentException(
          "cannot place the Pikachu decision record: "
              + MRJobConfig.MAPREDUCE_JOB_DIR
              + " is not set");
    }
    return new Path(jobDir, PikachuKeys.STAGING_RECORD_NAME);
  }

  /** Where the copy of a job's record goes in {@code pikachu.decision.dir}. */
  public static Path copyIn(Path decisionDir, String jobId) {
    return new Path(decisionDir, jobId + ".decision.json");
  }

  /**
   * @throws IOException naming the file, when it is missing or holds no decision record
   */
  public static DecisionRecord read(Configuration conf, Path record) throws IOException {
    FileSystem fs = SmallFiles.unwrap(record.getFileSystem(conf));
    String text = new String(SmallFiles.read(fs, record, MAX_BYTES), StandardCharsets.UTF_8);
    try {
      return DecisionJson.read(text);
    } catch (IOException e) {
      throw new IOException(record + ": " + e.getMessage(), e);
    }
  }

  /** The record in {@code record}, if the file exists. */
  public static Optional<DecisionRecord> readIfPresent(Configuration conf, Path record)
      throws IOException {
    try {
      return Optional.of(read(conf, record));
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
  }

  /** Replaces {@code target} with {@code record}, whole. */
  public static void write(Configuration conf, Path target, DecisionRecord record)
      throws IOException {
    FileSystem fs = SmallFiles.unwrap(target.getFileSystem(conf));
    SmallFiles.replace(
        fs, conf, target, DecisionJson.write(record).getBytes(StandardCharsets.UTF_8));
  }
}
