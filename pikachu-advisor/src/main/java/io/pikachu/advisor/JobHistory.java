package io.pikachu.advisor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.JobInfo;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.TaskAttemptInfo;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.TaskInfo;

/**
 * One finished job as its history file ({@code .jhist}) tells it, read with Hadoop's own {@link
 * JobHistoryParser}: the job's times and every attempt, with the node it ran on and its counters;
 * plus the job's configuration when its {@code <job id>_conf.xml} lies beside the history file.
 */
public final class JobHistory {

  /** A history file that cannot be used, with the reason in words. */
  public static final class BadHistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    BadHistoryException(Path file, String reason) {
      super(file + ": " + reason);
    }
  }

  /** One attempt; times in ms since the job's launch. */
  public static final class Attempt {
    public final String id;
    public final boolean reduce;
    public final int task;
    public final String node;
    public final long start;
    public final long shuffleDone;
    public final long sortDone;
    public final long finish;
    public final boolean succeeded;
    public final double inputMb;
    public final double shuffleMb;
    public final double cpuS;

    Attempt(
        String id,
        boolean reduce,
        int task,
        String node,
        long start,
        long shuffleDone,
        long sortDone,
        long finish,
        boolean succeeded,
        double inputMb,
        double shuffleMb,
        double cpuS) {
      this.id = id;
      this.reduce = reduce;
      this.task = task;
      this.node = node;
      this.start = start;
      this.shuffleDone = shuffleDone;
      this.sortDone = sortDone;
      this.finish = finish;
      this.succeeded = succeeded;
      this.inputMb = inputMb;
      this.shuffleMb = shuffleMb;
      this.cpuS = cpuS;
    }
  }

  private final Path file;
  private final String jobId;
  private final String name;
  private final String status;
  private final long launch;
  private final long finish;
  private final int totalMaps;
  private final int totalReduces;
  private final List<Attempt> attempts;
  private final Configuration conf;
  private final Map<String, Long> pikachuCounters;

  /**
   * The counter group the Pikachu AM plugin writes its decision to ({@code
   * io.pikachu.am.DecisionCounter}): a job with it ran with Pikachu installed.
   */
  public static final String PIKACHU_GROUP = "io.pikachu.am.DecisionCounter";

  /** The same group as versions before the modules' rename (b4257af) named it. */
  static final String OLD_PIKACHU_GROUP = "io.pikachu.scheduler.am.DecisionCounter";

  private JobHistory(
      Path file,
      String jobId,
      String name,
      String status,
      long launch,
      long finish,
      int totalMaps,
      int totalReduces,
      List<Attempt> attempts,
      Configuration conf,
      Map<String, Long> pikachuCounters) {
    this.file = file;
    this.jobId = jobId;
    this.name = name;
    this.status = status;
    this.launch = launch;
    this.finish = finish;
    this.totalMaps = totalMaps;
    this.totalReduces = totalReduces;
    this.attempts = Collections.unmodifiableList(attempts);
    this.conf = conf;
    this.pikachuCounters = pikachuCounters;
  }

  /**
   * Reads a history file.
   *
   * @throws BadHistoryException naming the file for a truncated, corrupt or foreign file
   */
  public static JobHistory read(FileSystem fs, Path file) throws BadHistoryException {
    JobInfo info;
    JobHistoryParser parser;
    try {
      parser = new JobHistoryParser(fs, file);
      info = parser.parse();
    } catch (IOException | RuntimeException e) {
      throw new BadHistoryException(
          file, "not a readable MapReduce job history file (" + describe(e) + ")");
    }
    if (parser.getParseException() != null) {
      throw new BadHistoryException(
          file,
          "truncated or corrupt job history: reading stopped with "
              + describe(parser.getParseException()));
    }
    if (info.getJobId() == null || info.getLaunchTime() <= 0) {
      throw new BadHistoryException(file, "the job history has no job or no launch time");
    }
    if (info.getJobStatus() == null || info.getFinishTime() <= 0) {
      throw new BadHistoryException(
          file,
          "truncated or incomplete job history: it ends before the job finished (no job-finished"
              + " event)");
    }
    long launch = info.getLaunchTime();
    List<Attempt> attempts = new ArrayList<Attempt>();
    for (Map.Entry<org.apache.hadoop.mapreduce.TaskID, TaskInfo> t :
        info.getAllTasks().entrySet()) {
      for (TaskAttemptInfo a : t.getValue().getAllTaskAttempts().values()) {
        TaskType type = a.getTaskType();
        if (type != TaskType.MAP && type != TaskType.REDUCE) {
          continue;
        }
        boolean reduce = type == TaskType.REDUCE;
        Counters c = a.getCounters();
        attempts.add(
            new Attempt(
                a.getAttemptId().toString(),
                reduce,
                a.getAttemptId().getTaskID().getId(),
                node(a),
                a.getStartTime() - launch,
                reduce && a.getShuffleFinishTime() > 0 ? a.getShuffleFinishTime() - launch : -1,
                reduce && a.getSortFinishTime() > 0 ? a.getSortFinishTime() - launch : -1,
                a.getFinishTime() - launch,
                "SUCCEEDED".equals(a.getTaskStatus()),
                reduce ? 0 : inputBytes(c) / 1e6,
                reduce ? value(c, TaskCounter.REDUCE_SHUFFLE_BYTES) / 1e6 : 0,
                value(c, TaskCounter.CPU_MILLISECONDS) / 1000.0));
      }
    }
    return new JobHistory(
        file,
        info.getJobId().toString(),
        info.getJobname(),
        info.getJobStatus(),
        launch,
        info.getFinishTime(),
        (int) info.getTotalMaps(),
        (int) info.getTotalReduces(),
        attempts,
        confBeside(fs, file, info.getJobId().toString()),
        pikachuCounters(info.getTotalCounters()));
  }

  /**
   * The Pikachu AM plugin's job counters, by name (display names may change, the group's name does
   * not); null when the job has no such group: it did not run under Pikachu.
   */
  private static Map<String, Long> pikachuCounters(Counters total) {
    if (total == null) {
      return null;
    }
    for (String group : total.getGroupNames()) {
      if (group.equals(PIKACHU_GROUP) || group.equals(OLD_PIKACHU_GROUP)) {
        Map<String, Long> out = new java.util.TreeMap<String, Long>();
        for (Counter c : total.getGroup(group)) {
          out.put(c.getName(), c.getValue());
        }
        return java.util.Collections.unmodifiableMap(out);
      }
    }
    return null;
  }

  private static String describe(Throwable e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + m.split("\n")[0]);
  }

  private static String node(TaskAttemptInfo a) {
    String host = a.getHostname();
    if (host == null || host.isEmpty()) {
      host = a.getTrackerName() == null ? "unknown" : a.getTrackerName();
    }
    return a.getPort() > 0 ? host + ":" + a.getPort() : host;
  }

  private static double value(Counters c, TaskCounter counter) {
    if (c == null) {
      return 0;
    }
    Counter v = c.findCounter(counter);
    return v == null ? 0 : Math.max(0, v.getValue());
  }

  private static double inputBytes(Counters c) {
    if (c == null) {
      return 0;
    }
    Counter v =
        c.findCounter("org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter", "BYTES_READ");
    if (v != null && v.getValue() > 0) {
      return v.getValue();
    }
    Counter hdfs =
        c.findCounter("org.apache.hadoop.mapreduce.FileSystemCounter", "HDFS_BYTES_READ");
    return hdfs == null ? 0 : Math.max(0, hdfs.getValue());
  }

  /** The job's configuration from {@code <job id>_conf.xml} beside the history file, or null. */
  private static Configuration confBeside(FileSystem fs, Path file, String jobId) {
    Path conf = new Path(file.getParent(), jobId + "_conf.xml");
    try {
      if (!fs.exists(conf)) {
        return null;
      }
      Configuration c = new Configuration(false);
      c.addResource(fs.open(conf), conf.toString());
      c.size(); // parses now, so a broken file is found here
      return c;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  public Path file() {
    return file;
  }

  public String jobId() {
    return jobId;
  }

  public String name() {
    return name;
  }

  public String status() {
    return status;
  }

  /** When the job finished, ms since the epoch. */
  public long finishMs() {
    return finish;
  }

  /** When the job was launched, ms since the epoch. */
  public long launchMs() {
    return launch;
  }

  /** Whether the job ran with Pikachu installed (its AM plugin's counter group is there). */
  public boolean ranUnderPikachu() {
    return pikachuCounters != null;
  }

  /**
   * The Pikachu AM plugin's counters by name (empty unless {@link #ranUnderPikachu()}): e.g. {@code
   * BIN_MAP_VERSIONS}, {@code REBALANCED}, {@code P_FASTEST_MILLI}.
   */
  public Map<String, Long> pikachuCounters() {
    return pikachuCounters == null
        ? java.util.Collections.<String, Long>emptyMap()
        : pikachuCounters;
  }

  /** Whether Pikachu's controller decided a bin map for it (not only observed or stepped aside). */
  public boolean ranWithBins() {
    Long versions = pikachuCounters().get("BIN_MAP_VERSIONS");
    return versions != null && versions > 0;
  }

  public double jobSeconds() {
    return (finish - launch) / 1000.0;
  }

  public int totalMaps() {
    return totalMaps;
  }

  public int totalReduces() {
    return totalReduces;
  }

  public List<Attempt> attempts() {
    return attempts;
  }

  /** The job's configuration, or null when no {@code _conf.xml} lies beside its history. */
  public Configuration conf() {
    return conf;
  }

  public List<Attempt> successful(boolean reduce) {
    List<Attempt> out = new ArrayList<Attempt>();
    for (Attempt a : attempts) {
      if (a.succeeded && a.reduce == reduce) {
        out.add(a);
      }
    }
    return out;
  }

  /** When the last successful map ended, seconds after the launch. */
  public double mapPhaseSeconds() {
    long last = 0;
    for (Attempt a : successful(false)) {
      last = Math.max(last, a.finish);
    }
    return last / 1000.0;
  }
}
