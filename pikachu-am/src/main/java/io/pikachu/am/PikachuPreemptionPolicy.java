package io.pikachu.am;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.WideJobBins;
import io.pikachu.store.PikachuVersion;
import io.pikachu.store.VirtualBinsConfig;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TypeConverter;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy;
import org.apache.hadoop.mapreduce.v2.app.speculate.SpeculatorEvent;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pikachu's controller for jobs whose AM builds no speculator of Pikachu's: with both {@code
 * mapreduce.map.speculative} and {@code mapreduce.reduce.speculative} false, Hadoop's MRAppMaster
 * (3.3, 3.4 and 3.5 alike) creates no speculator at all, but it always creates the preemption
 * policy named by {@code yarn.app.mapreduce.am.preemption.policy} and hands it the {@link
 * AppContext}. This policy is Hadoop's default one ({@link NoopAMPreemptionPolicy}: the AM leaves
 * preemption to the ResourceManager) for everything preemption asks of it. Beside that it runs a
 * {@link PikachuSpeculator} of its own with speculative copies forbidden ({@code
 * pikachu.speculative.map} and {@code .reduce} false), so the job gets the same controller, layout
 * and clean-up and no speculation, and feeds it the reports the AM would have sent a speculator:
 * each attempt's latest report, read from the AM's view of the job once per {@code
 * pikachu.controller.interval-ms} ({@link AttemptPoller}). The job's layout it writes at once,
 * while the AM initialises, so that it exists before the AM can launch any task.
 *
 * <p>Where the AM does build {@link PikachuSpeculator} (either speculation key true), that hosts
 * the controller and this policy only does what Hadoop's default one does.
 */
public class PikachuPreemptionPolicy extends NoopAMPreemptionPolicy implements Configurable {
  private static final Logger LOG = LoggerFactory.getLogger(PikachuPreemptionPolicy.class);

  /** Longest wait for the AM to create and initialise the job. */
  private static final long JOB_WAIT_SECONDS = 120;

  /** Before the AM's own shutdown hook (priority 30), which stops the AM's services. */
  private static final int SHUTDOWN_PRIORITY = 40;

  private static final Set<JobState> ENDED =
      EnumSet.of(JobState.SUCCEEDED, JobState.FAILED, JobState.KILLED, JobState.ERROR);

  private Configuration conf;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /**
   * Whether the AM builds Pikachu's speculator, which then hosts the controller: it builds a
   * speculator only while a speculation key is true, of the class the job names.
   */
  static boolean speculatorHosts(Configuration conf) {
    return (conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, false)
            || conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, false))
        && conf.getTrimmed(PikachuKeys.SPECULATOR_CLASS, "").equals(PikachuKeys.PIKACHU_SPECULATOR);
  }

  /** The job's configuration with every speculative copy forbidden, for the hosted speculator. */
  static Configuration withoutCopies(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setBoolean(PikachuKeys.SPECULATIVE_MAPS.name(), false);
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    return c;
  }

  @Override
  public void init(AppContext context) {
    super.init(context);
    LOG.info(PikachuVersion.banner("AM plugin (preemption policy)"));
    if (conf == null || speculatorHosts(conf)) {
      return;
    }
    LOG.info(
        "Pikachu: the AM builds no speculator of Pikachu's ({} and {} false, or another speculator"
            + " class); the preemption policy hosts the controller, with no speculative copy",
        MRJobConfig.MAP_SPECULATIVE,
        MRJobConfig.REDUCE_SPECULATIVE);
    establishLayout(context);
    Thread t = new Thread(() -> host(context), "Pikachu controller host");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Writes the job's layout now, while the AM initialises, as the speculator does in its start: the
   * AM creates the job and launches its tasks after this returns, and a task that found no layout
   * would run as stock beside tasks that cut bins. The speculator started later reads the same
   * layout back. A bad setting is left to the speculator, which fails the job naming it.
   */
  private void establishLayout(AppContext context) {
    AdapterSettings s;
    try {
      s = AdapterSettings.from(conf);
    } catch (IllegalArgumentException bad) {
      return;
    }
    if (s.optedOut() || !VirtualBinsConfig.namesEitherPlugin(conf)) {
      return; // no layout: every task of the job runs as stock, as under the speculator
    }
    String jobId = TypeConverter.fromYarn(context.getApplicationID()).toString();
    int attempt = ControllerSession.amAttempt(context);
    try {
      if (s.active()) {
        JobStartKnowledge knowledge = new JobStartKnowledge(conf, s.controller(), s.profile());
        Map<String, Double> profiled = knowledge.profiledSpeeds(context.getClock().getTime());
        LayoutKeeper.establish(
            conf,
            jobId,
            attempt,
            s.controller().binsPerReducer(),
            () -> knowledge.decide((Rebalancing.Enabled) s.rebalancing(), profiled));
      } else {
        LayoutKeeper.establish(
            conf, jobId, attempt, WideJobBins.perReducer(conf::get), s::rebalancing);
      }
    } catch (Exception e) {
      // the speculator tries again at its start, and fails the job if it must
      LOG.warn("Pikachu: could not establish the job's layout at the AM's initialisation", e);
    }
  }

  /**
   * Waits for the AM's job, runs the speculator while it runs, feeding it the attempts' reports,
   * and stops it at the job's end (recording the node profile, removing the job's bin maps); the
   * AM's shutdown does the same if it comes first.
   */
  private void host(AppContext context) {
    Job job = awaitJob(context);
    if (job == null) {
      LOG.warn("Pikachu: the AM created no job within {} s; controller off", JOB_WAIT_SECONDS);
      return;
    }
    Configuration noCopies = withoutCopies(conf);
    PikachuSpeculator speculator = new PikachuSpeculator(noCopies, context);
    speculator.init(noCopies);
    speculator.start();
    try {
      ShutdownHookManager.get().addShutdownHook(speculator::stop, SHUTDOWN_PRIORITY);
    } catch (IllegalStateException shuttingDown) {
      speculator.stop();
      return;
    }
    long interval = intervalMs();
    AttemptPoller poller = new AttemptPoller();
    AttemptPoller.Sink feed =
        (status, time) -> speculator.handle(new SpeculatorEvent(status, time));
    try {
      while (!ENDED.contains(job.getState())) {
        poll(poller, job, context, feed);
        TimeUnit.MILLISECONDS.sleep(interval);
      }
      poll(poller, job, context, feed); // the ended attempts' last reports
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      speculator.stop();
    }
  }

  private static void poll(
      AttemptPoller poller, Job job, AppContext context, AttemptPoller.Sink feed) {
    try {
      poller.poll(job, context.getClock().getTime(), feed);
    } catch (RuntimeException e) {
      // one bad read must not end the controller; the next poll reads everything again
      LOG.warn("Pikachu: reading the attempts' reports failed; retrying", e);
    }
  }

  private long intervalMs() {
    try {
      return PikachuKeys.INTERVAL_MS.get(conf::get);
    } catch (IllegalArgumentException e) {
      return PikachuKeys.INTERVAL_MS.defaultValue(); // the speculator fails the job on it
    }
  }

  private static Job awaitJob(AppContext context) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JOB_WAIT_SECONDS);
    while (System.nanoTime() < deadline) {
      Map<JobId, Job> jobs = context.getAllJobs();
      if (jobs != null && !jobs.isEmpty()) {
        Job job = jobs.values().iterator().next();
        if (job.getState() != JobState.NEW) {
          return job;
        }
      }
      try {
        TimeUnit.MILLISECONDS.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }
}
