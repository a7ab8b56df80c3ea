package io.pikachu.task.map;

import io.pikachu.core.binmap.MapBinBytesReport;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.IndexRecord;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapred.SpillRecord;
import org.apache.hadoop.mapreduce.MRConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the map's bins' sizes ({@link MapBinBytesReport}) into the status the map sends the AM at
 * its end. Once the output is written its index holds every bin's uncompressed length; the map's
 * final status update ({@code Task.sendLastUpdate}) carries the task's progress string, which
 * begins with the status set here, to the AM in any case. So the AM learns the sizes with no
 * NameNode call and no counter, and the map spends only the read of its index, just written and in
 * the page cache (24 bytes a bin).
 */
final class BinSizesStatus {
  private static final Logger LOG = LoggerFactory.getLogger(BinSizesStatus.class);

  /** The most of the map's own status kept in front of the report. */
  static final int PRIOR_STATUS_CHARS = 64;

  private BinSizesStatus() {}

  /**
   * Sets the map's status to its status so far and the report. A map whose index cannot be read
   * reports nothing (its bins' owners still report them): the map's output is never at stake.
   */
  static void report(MapOutputCollector.Context context) {
    MapTask task = context.getMapTask();
    JobConf job = context.getJobConf();
    long[] bytes;
    try {
      Path index = task.getMapOutputFile().getOutputIndexFile();
      bytes = binBytes(new SpillRecord(index, job));
    } catch (IOException | RuntimeException e) {
      LOG.warn("The map's bin sizes are not reported: its index cannot be read", e);
      return;
    }
    String status =
        status(
            task.getProgress().toString(),
            bytes,
            job.getInt(
                MRConfig.PROGRESS_STATUS_LEN_LIMIT_KEY,
                MRConfig.PROGRESS_STATUS_LEN_LIMIT_DEFAULT));
    if (!status.isEmpty()) {
      context.getReporter().setStatus(status);
    }
  }

  /** Each bin's uncompressed bytes, as the reducers read them from the shuffle's headers. */
  static long[] binBytes(SpillRecord index) {
    long[] bytes = new long[index.size()];
    for (int b = 0; b < bytes.length; b++) {
      IndexRecord r = index.getIndex(b);
      bytes[b] = r.rawLength;
    }
    return bytes;
  }

  /**
   * The status: the map's own so far (its progress string up to the first phase, cut to {@link
   * #PRIOR_STATUS_CHARS}), then the report in what {@code limit} (the task's {@code
   * mapreduce.task.max.status.length}, to which Hadoop cuts a status) leaves; "" if no report fits.
   */
  static String status(String progress, long[] bytes, int limit) {
    String prior = progress == null ? "" : progress;
    int phase = prior.indexOf(" > ");
    prior = phase < 0 ? prior : prior.substring(0, phase);
    prior = prior.substring(0, Math.min(prior.length(), PRIOR_STATUS_CHARS)).trim();
    String lead = prior.isEmpty() ? "" : prior + " ";
    String report = MapBinBytesReport.encode(bytes, limit - lead.length());
    return report.isEmpty() ? "" : lead + report;
  }
}
