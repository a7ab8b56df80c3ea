package io.pikachu.advisor;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.store.VirtualBinsConfig;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Whether Pikachu would step aside for a job, and why: the job's own configuration with the admin
 * guide's install keys laid over it (those an admin sets in mapred-site.xml, never a job's own
 * choices), judged by the same rule the AM and the tasks apply ({@link
 * VirtualBinsConfig#rebalancing}).
 */
final class StepAside {
  private StepAside() {}

  /** The reason in words, or null when Pikachu would rebalance the job. */
  static String reason(JobHistory job) {
    if (job.totalReduces() == 0) {
      return "map-only job: no reduce side to balance";
    }
    if (job.totalReduces() == 1) {
      return "one reducer: nothing to balance";
    }
    Configuration conf = job.conf();
    if (conf == null) {
      return null;
    }
    if (conf.getBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, false)) {
      return "encrypted intermediate data (" + MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA + ")";
    }
    Configuration installed = new Configuration(conf);
    installed.set(PikachuKeys.CONTROLLER_ENABLED.name(), "true");
    installed.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    // mapred-site.xml's task-side plugins, unless the job names its own (a job's setting wins)
    if (conf.get(PikachuKeys.MAP_OUTPUT_COLLECTOR) == null) {
      installed.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, PikachuKeys.BIN_COLLECTOR_CLASS);
    }
    if (conf.get(PikachuKeys.SHUFFLE_CONSUMER) == null) {
      installed.set(PikachuKeys.SHUFFLE_CONSUMER, PikachuKeys.BIN_SHUFFLE_CLASS);
    }
    if (conf.get(MRJobConfig.NUM_REDUCES) == null) {
      installed.setInt(MRJobConfig.NUM_REDUCES, job.totalReduces());
    }
    Rebalancing r = VirtualBinsConfig.rebalancing(installed);
    if (r instanceof Rebalancing.SteppedAside) {
      Rebalancing.SteppedAside s = (Rebalancing.SteppedAside) r;
      return s.why().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
          + ": "
          + s.detail();
    }
    return null;
  }
}
