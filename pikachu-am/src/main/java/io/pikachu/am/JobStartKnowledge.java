package io.pikachu.am;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.LayoutDecision;
import io.pikachu.core.profile.NodeProfile;
import io.pikachu.core.testing.TestHooks;
import io.pikachu.store.NodeProfileStore;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the AM knows of the nodes before its job's first task runs, and what it leaves for the next
 * job: reads the node profile, decides from it whether the job gets bins ({@link LayoutDecision}),
 * and at the end adds the job's measurements to the profile. The profile only advises: when it
 * cannot be read or written, the job runs as without one.
 */
final class JobStartKnowledge {

  private static final Logger LOG = LoggerFactory.getLogger(JobStartKnowledge.class);

  private final Configuration conf;
  private final ControllerConfig controller;
  private final boolean profileEnabled;
  private final String workClass;

  JobStartKnowledge(Configuration conf, ControllerConfig controller, boolean profileEnabled) {
    this.conf = conf;
    this.controller = controller;
    this.profileEnabled = profileEnabled;
    this.workClass = workClass(conf);
  }

  /**
   * The class of work a job's maps do, for the profile: the map class (new API, then old), else the
   * job's name.
   */
  static String workClass(Configuration conf) {
    String mapper = conf.getTrimmed(MRJobConfig.MAP_CLASS_ATTR);
    if (mapper == null || mapper.isEmpty()) {
      mapper = conf.getTrimmed("mapred.mapper.class");
    }
    if (mapper == null || mapper.isEmpty()) {
      mapper = "job:" + conf.getTrimmed(MRJobConfig.JOB_NAME, "unnamed");
    }
    return mapper;
  }

  /** The profile's fresh relative speeds of the nodes, for this job's work; empty without one. */
  Map<String, Double> profiledSpeeds(long nowMs) {
    if (!profileEnabled) {
      return Collections.emptyMap();
    }
    NodeProfileStore store = null;
    try {
      store = NodeProfileStore.of(conf);
      NodeProfile profile = store.read(nowMs);
      Map<String, Double> fresh =
          profile.freshSpeeds(workClass, nowMs, PikachuKeys.PROFILE_MAX_AGE_MS.get(conf::get));
      LOG.info(
          "Pikachu: the node profile in {} knows {} node(s) for work {}: {}",
          store.dir(),
          fresh.size(),
          workClass,
          fresh);
      return fresh;
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "Pikachu: cannot read the node profile{}; the job measures every node itself",
          store == null ? "" : " in " + store.dir(),
          e);
      return Collections.emptyMap();
    }
  }

  /**
   * Whether the job gets bins: {@code bins}, unless the admin's class map or the node profile knows
   * its nodes to be of one class ({@link LayoutDecision}); always bins when a test hook forces
   * moves.
   */
  Rebalancing decide(Rebalancing.Enabled bins, Map<String, Double> profiled) {
    if (TestHooks.FORCED_RATIO.find(conf::get).isPresent()) {
      return bins;
    }
    return LayoutDecision.decide(
        bins,
        controller.nodeClasses(),
        profiled,
        controller.maxClasses(),
        controller.minSpeedRatio());
  }

  /** Adds what the job measured of its nodes to the profile. */
  void record(String jobId, Map<String, Double> speeds, Map<String, Integer> maps, long nowMs) {
    if (!profileEnabled || speeds.isEmpty()) {
      return;
    }
    NodeProfileStore store = null;
    try {
      store = NodeProfileStore.of(conf);
      store.add(JobMeasurement.of(jobId, workClass, nowMs, speeds, maps));
      LOG.info(
          "Pikachu: added this job's speeds of {} node(s) to the node profile in {}",
          speeds.size(),
          store.dir());
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "Pikachu: cannot add this job's measurements to the node profile{}",
          store == null ? "" : " in " + store.dir(),
          e);
    }
  }
}
