package io.pikachu.benchmodel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The files a benchmark-suite run set consists of, and their columns: the suite writes them ({@code
 * ResultsCsv}, {@code RunFiles}), the simulator's calibration and the advisor's validation read
 * them by these names. One schema, one place.
 */
public final class SuiteFiles {
  /** One row per job, in the run set's folder. */
  public static final String RESULTS = "results.csv";

  /** Per run (in the run_dir of its results.csv row): the cluster, one row per node. */
  public static final String NODES = "nodes.csv";

  /** Per run: every successful task attempt, from the job's history. */
  public static final String TASKS = "tasks.csv";

  /** Per run of a Pikachu method: the controller's decision record. */
  public static final String DECISION = "decision.json";

  /** Per run of a Pikachu method: every status report the controller was fed. */
  public static final String TRACE = "trace.jsonl";

  private SuiteFiles() {}

  /** Columns of {@link #RESULTS}. */
  public static final class Results {
    public static final String APP = "app";
    public static final String CONFIG = "config";

    /** {@link Method#label()}. */
    public static final String METHOD = "method";

    public static final String FIXED_P = "fixed_p";
    public static final String REP = "rep";
    public static final String JOB_ID = "job_id";

    /** {@link #STATUS_OK} for a job that ran to its end with correct output. */
    public static final String STATUS = "status";

    /** The job's time from launch to end. */
    public static final String SECONDS = "seconds";

    /** When the last map ended, seconds from the launch (T2). */
    public static final String MAPS_DONE_S = "maps_done_s";

    public static final String FAST_REDUCERS_DONE_S = "fast_reducers_done_s";
    public static final String SLOW_REDUCERS_DONE_S = "slow_reducers_done_s";
    public static final String FASTEST_P = "fastest_p";
    public static final String REBALANCED = "rebalanced";
    public static final String REASON = "reason";
    public static final String REDUCER_BINS = "reducer_bins";
    public static final String SHUFFLE_BYTES = "shuffle_bytes";
    public static final String RESHUFFLED_BYTES = "reshuffled_bytes";
    public static final String DROPPED_BYTES = "dropped_bytes";
    public static final String OUTPUT_DIGEST = "output_digest";

    /** The run's folder, relative to the run set's. */
    public static final String RUN_DIR = "run_dir";

    public static final String BIN_MAP_VERSIONS = "bin_map_versions";
    public static final String FINAL_STAGE = "final_stage";
    public static final String PROVISIONAL_P = "provisional_p";
    public static final String PROVISIONAL_REBALANCED = "provisional_rebalanced";
    public static final String PROVISIONAL_S = "provisional_s";
    public static final String FINAL_S = "final_s";

    public static final String STATUS_OK = "ok";

    /** The columns every results.csv has had since the suite began. */
    public static final List<String> REQUIRED =
        list(
            APP,
            CONFIG,
            METHOD,
            FIXED_P,
            REP,
            JOB_ID,
            STATUS,
            SECONDS,
            MAPS_DONE_S,
            FAST_REDUCERS_DONE_S,
            SLOW_REDUCERS_DONE_S,
            FASTEST_P,
            REBALANCED,
            REASON,
            REDUCER_BINS,
            SHUFFLE_BYTES,
            RESHUFFLED_BYTES,
            DROPPED_BYTES,
            OUTPUT_DIGEST,
            RUN_DIR);

    /** The columns added with the two-stage controller: what the decision record's versions say. */
    public static final List<String> VERSION_COLUMNS =
        list(
            BIN_MAP_VERSIONS,
            FINAL_STAGE,
            PROVISIONAL_P,
            PROVISIONAL_REBALANCED,
            PROVISIONAL_S,
            FINAL_S);

    /** This version's header, in order. */
    public static final List<String> HEADER = concat(REQUIRED, VERSION_COLUMNS);

    private Results() {}
  }

  /** Columns of {@link #NODES}. */
  public static final class Nodes {
    /** The node's name, by which tasks.csv names it. */
    public static final String NODE = "node";

    /** YARN's node id, by which trace.jsonl names it. */
    public static final String NODE_ID = "node_id";

    public static final String CPUS = "cpus";
    public static final String MAP_SLOTS = "map_slots";
    public static final String REDUCE_SLOTS = "reduce_slots";

    /** "fast", "slow", or "all" on a homogeneous cluster. */
    public static final String CLASS = "class";

    public static final List<String> HEADER =
        list(NODE, NODE_ID, CPUS, MAP_SLOTS, REDUCE_SLOTS, CLASS);

    private Nodes() {}
  }

  /** Columns of {@link #TASKS}; times in seconds from the job's launch. */
  public static final class Tasks {
    public static final String ATTEMPT = "attempt";

    /** {@link #MAP} or {@link #REDUCE}. */
    public static final String TYPE = "type";

    public static final String NODE = "node";
    public static final String START_S = "start_s";
    public static final String SHUFFLE_DONE_S = "shuffle_done_s";
    public static final String SORT_DONE_S = "sort_done_s";
    public static final String FINISH_S = "finish_s";
    public static final String SHUFFLE_BYTES = "shuffle_bytes";
    public static final String CPU_S = "cpu_s";

    /**
     * Bytes a reducer fetched and then dropped because its bins moved away (Pikachu's
     * BYTES_DROPPED); what it kept is {@link #SHUFFLE_BYTES} less this. Absent in run sets before
     * 2026-11-29.
     */
    public static final String DROPPED_BYTES = "dropped_bytes";

    public static final String MAP = "map";
    public static final String REDUCE = "reduce";

    public static final List<String> HEADER =
        list(
            ATTEMPT,
            TYPE,
            NODE,
            START_S,
            SHUFFLE_DONE_S,
            SORT_DONE_S,
            FINISH_S,
            SHUFFLE_BYTES,
            CPU_S,
            DROPPED_BYTES);

    private Tasks() {}
  }

  private static List<String> list(String... names) {
    return Collections.unmodifiableList(Arrays.asList(names));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<String>(a);
    all.addAll(b);
    return Collections.unmodifiableList(all);
  }
}
