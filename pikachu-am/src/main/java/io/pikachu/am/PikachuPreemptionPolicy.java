package io.pikachu.am;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.store.PikachuVersion;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pikachu's controller for jobs whose AM builds no speculator of Pikachu's: with both {@code
 * mapreduce.map.speculative} and {@code mapreduce.reduce.speculative} false, Hadoop's MRAppMaster
 * (3.3, 3.4 and 3.5 alike) creates no speculator at all, but it always creates the preemption
 * policy named by {@code yarn.app.mapreduce.am.preemption.policy} and hands it the {@link
 * AppContext}. This policy is Hadoop's default one ({@link NoopAMPreemptionPolicy}: the AM leaves
 * preemption to the ResourceManager) for everything preemption asks of it; beside that it hosts the
 * controller: it reads each attempt's latest report from the AM's view of the job once per {@code
 * pikachu.controller.interval-ms} ({@link AttemptPoller}), where a speculator would be sent them,
 * and runs the same {@link ControllerSession}. It launches no attempt of its own.
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

  @Override
  public void init(AppContext context) {
    super.init(context);
    LOG.info(PikachuVersion.banner("AM plugin (preemption policy)"));
    if (conf == null || speculatorHosts(conf)) {
      return;
    }
    LOG.info(
        "Pikachu: the AM builds no speculator of Pikachu's ({} and {} false, or another speculator"
            + " class); the preemption policy hosts the controller",
        MRJobConfig.MAP_SPECULATIVE,
        MRJobConfig.REDUCE_SPECULATIVE);
    ControllerHost host = new ControllerHost(conf, context);
    Thread t = new Thread(() -> run(host, context), "Pikachu controller host");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Waits for the AM's job, runs the controller while it runs, and at its end records what it
   * measured; the AM's shutdown does the same if it comes first.
   */
  private static void run(ControllerHost host, AppContext context) {
    Job job = awaitJob(context);
    if (job == null) {
      LOG.warn("Pikachu: the AM created no job within {} s; controller off", JOB_WAIT_SECONDS);
      return;
    }
    AttemptPoller poller = new AttemptPoller();
    host.start(() -> poller.poll(job, context.getClock().getTime(), host::onStatus));
    if (host.session() == null) {
      return;
    }
    Runnable stop =
        () -> {
          try {
            host.stop();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    try {
      ShutdownHookManager.get().addShutdownHook(stop, SHUTDOWN_PRIORITY);
    } catch (IllegalStateException shuttingDown) {
      stop.run();
      return;
    }
    try {
      while (!ENDED.contains(job.getState())) {
        TimeUnit.MILLISECONDS.sleep(host.settings().intervalMs());
      }
      // the ended attempts' last reports, then the profile and trace
      poller.poll(job, context.getClock().getTime(), host::onStatus);
      stop.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
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
