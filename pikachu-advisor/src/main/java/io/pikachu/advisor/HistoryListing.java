package io.pikachu.advisor;

import java.io.IOException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.v2.jobhistory.FileNameIndexUtils;
import org.apache.hadoop.mapreduce.v2.jobhistory.JobIndexInfo;

/**
 * The job history files ({@code .jhist}) under a folder of any Hadoop file system (a local folder,
 * {@code hdfs://...}, the history server's done directory or a copy of it), chosen by the day the
 * job finished and by job name. The done directory's file names carry the job's name and times
 * (Hadoop's {@link FileNameIndexUtils}), and its folders the day ({@code done/YYYY/MM/DD/serial/}),
 * so a filter reads no file it rejects and skips days outside the range without listing them. A
 * file whose name is not the done directory's (a copy renamed by hand) is kept for the reader to
 * judge by its contents ({@link #accepts(String, long)}).
 */
public final class HistoryListing {

  /**
   * Which jobs to read: finished on {@code from} to {@code to} (UTC days), named like {@code name}.
   */
  public static final class Filter {
    final LocalDate from;
    final LocalDate to;
    final Pattern name;

    /**
     * @param from first day, or null for no lower bound
     * @param to last day (inclusive), or null
     * @param name a regular expression a job's name must contain a match of, or null
     */
    public Filter(LocalDate from, LocalDate to, Pattern name) {
      if (from != null && to != null && to.isBefore(from)) {
        throw new IllegalArgumentException("--to " + to + " is before --from " + from);
      }
      this.from = from;
      this.to = to;
      this.name = name;
    }

    public static Filter all() {
      return new Filter(null, null, null);
    }

    boolean isAll() {
      return from == null && to == null && name == null;
    }

    /** Whether a job of this name that finished at {@code finishMs} (epoch ms) is wanted. */
    public boolean accepts(String jobName, long finishMs) {
      if (name != null && (jobName == null || !name.matcher(jobName).find())) {
        return false;
      }
      LocalDate day = new java.util.Date(finishMs).toInstant().atZone(ZoneOffset.UTC).toLocalDate();
      return (from == null || !day.isBefore(from)) && (to == null || !day.isAfter(to));
    }

    /** Whether some day of {@code [first, last]} lies in the range. */
    boolean overlaps(LocalDate first, LocalDate last) {
      return (to == null || !first.isAfter(to)) && (from == null || !last.isBefore(from));
    }

    @Override
    public String toString() {
      List<String> parts = new ArrayList<String>();
      if (from != null) {
        parts.add("finished from " + from);
      }
      if (to != null) {
        parts.add("finished to " + to);
      }
      if (name != null) {
        parts.add("named like /" + name.pattern() + "/");
      }
      if (parts.isEmpty()) {
        return "every job";
      }
      return String.join(", ", parts) + (from != null || to != null ? "; days in UTC" : "");
    }
  }

  private HistoryListing() {}

  /**
   * The history files under {@code folder} (or {@code folder} itself if it is one) that the filter
   * may accept, sorted by path.
   *
   * @throws IOException for a missing folder, or a folder without any history file at all
   */
  public static List<Path> list(Configuration conf, Path folder, Filter filter) throws IOException {
    return list(conf, folder, filter, new int[1]);
  }

  /**
   * As {@link #list(Configuration, Path, Filter)}, counting in {@code rejected[0]} the history
   * files whose name the filter rejected (days skipped unread are not counted).
   */
  public static List<Path> list(Configuration conf, Path folder, Filter filter, int[] rejected)
      throws IOException {
    FileSystem fs = folder.getFileSystem(conf);
    if (!fs.exists(folder)) {
      throw new IOException("no such folder: " + folder);
    }
    FileStatus status = fs.getFileStatus(folder);
    List<Path> files = new ArrayList<Path>();
    if (status.isFile()) {
      files.add(folder);
      return files;
    }
    int[] seen = {0};
    walk(fs, folder, filter, new int[0], files, seen);
    rejected[0] += seen[0] - files.size();
    if (seen[0] == 0) {
      throw new IOException(
          "no job history files (.jhist) under "
              + folder
              + "; point advise at the history server's done folder"
              + " (mapreduce.jobhistory.done-dir) or a copy of it");
    }
    Collections.sort(files);
    return files;
  }

  /**
   * Lists {@code dir}; {@code date} holds the year, month and day its path has passed through, so a
   * done directory's days outside the filter's range are skipped unread.
   */
  private static void walk(
      FileSystem fs, Path dir, Filter filter, int[] date, List<Path> out, int[] seen)
      throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      Path p = s.getPath();
      String name = p.getName();
      if (s.isDirectory()) {
        int[] next = date;
        if (date.length < 3 && name.matches(date.length == 0 ? "\\d{4}" : "\\d{2}")) {
          next = java.util.Arrays.copyOf(date, date.length + 1);
          next[date.length] = Integer.parseInt(name);
          if (!filter.isAll() && !inRange(filter, next)) {
            continue;
          }
        }
        walk(fs, p, filter, next, out, seen);
      } else if (name.endsWith(".jhist")) {
        seen[0]++;
        if (filter.isAll() || byName(filter, name)) {
          out.add(p);
        }
      }
    }
  }

  /** Whether the year, year/month or year/month/day of a done folder meets the filter's days. */
  private static boolean inRange(Filter f, int[] date) {
    try {
      LocalDate first =
          LocalDate.of(date[0], date.length > 1 ? date[1] : 1, date.length > 2 ? date[2] : 1);
      LocalDate last =
          date.length == 1
              ? first.withDayOfYear(first.lengthOfYear())
              : date.length == 2 ? first.withDayOfMonth(first.lengthOfMonth()) : first;
      // The folder is the day the history server moved the file, in its own time zone: a day of
      // slack either way keeps a job that finished near midnight.
      return f.overlaps(first.minusDays(1), last.plusDays(1));
    } catch (java.time.DateTimeException e) {
      return true; // not a date after all: look inside
    }
  }

  /** The filter on what the done directory's file name says; true where the name says nothing. */
  static boolean byName(Filter f, String fileName) {
    JobIndexInfo info;
    try {
      info = FileNameIndexUtils.getIndexInfo(fileName);
    } catch (IOException | RuntimeException e) {
      return true;
    }
    if (info == null || info.getFinishTime() <= 0 || info.getJobName() == null) {
      return true;
    }
    return f.accepts(info.getJobName(), info.getFinishTime());
  }
}
