package io.pikachu.dist;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.ApplicationNotFoundException;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * Whether a job still runs, as the ResourceManager says: a job's directory is never removed while
 * its AM may still read it, however long the job has run without a change to it. A job the
 * ResourceManager no longer knows finished long ago (it forgets finished applications, never
 * running ones).
 */
final class YarnRunningJobs implements CleanCommand.Jobs {

  /** States of an application whose AM may still run or start. */
  private static final EnumSet<YarnApplicationState> UNFINISHED =
      EnumSet.of(
          YarnApplicationState.NEW,
          YarnApplicationState.NEW_SAVING,
          YarnApplicationState.SUBMITTED,
          YarnApplicationState.ACCEPTED,
          YarnApplicationState.RUNNING);

  /** An admin command waits a minute for the ResourceManager, not the 15 of a job client. */
  private static final long CONNECT_MAX_WAIT_MS = 60_000;

  private final YarnClient client;

  YarnRunningJobs(Configuration conf) {
    YarnConfiguration yarn = new YarnConfiguration(conf);
    yarn.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, CONNECT_MAX_WAIT_MS);
    client = YarnClient.createYarnClient();
    client.init(yarn);
    client.start();
  }

  static ApplicationId applicationOf(String jobId) {
    JobID job = JobID.forName(jobId);
    return ApplicationId.newInstance(Long.parseLong(job.getJtIdentifier()), job.getId());
  }

  static Optional<String> unfinished(YarnApplicationState state) {
    return UNFINISHED.contains(state) ? Optional.of(state.name()) : Optional.empty();
  }

  @Override
  public Optional<String> state(String jobId) throws IOException {
    try {
      return unfinished(
          client.getApplicationReport(applicationOf(jobId)).getYarnApplicationState());
    } catch (ApplicationNotFoundException e) {
      return Optional.empty();
    } catch (YarnException | IOException e) {
      throw new IOException(
          "cannot ask the ResourceManager whether "
              + jobId
              + " still runs ("
              + e.getMessage()
              + "); give --skip-running-check to remove by age alone",
          e);
    }
  }

  @Override
  public void close() throws IOException {
    client.close();
  }
}
