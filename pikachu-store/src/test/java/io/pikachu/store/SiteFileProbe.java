package io.pikachu.store;

import io.pikachu.core.config.PikachuKeys;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;

/**
 * Run in a JVM of its own by {@link SiteFileWinsTest}: reads a job's Pikachu settings the way a
 * task or the AM does (a {@link JobConf} of the job's job.xml, over the site files on the class
 * path), after Pikachu's classes have loaded, and prints them one per line.
 */
public final class SiteFileProbe {
  private SiteFileProbe() {}

  public static void main(String[] args) {
    JobConf conf = new JobConf(new Path(args[0]));
    VirtualBinsConfig.validateJob(conf); // loads Pikachu's classes, as every entry point does
    System.out.println("enabled=" + PikachuKeys.ENABLED.get(conf::get));
    System.out.println("bins=" + PikachuKeys.BINS_PER_REDUCER.get(conf::get));
    System.out.println(
        "placement-sensitive=" + PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.get(conf::get));
    System.out.println("raw-enabled=" + conf.get(PikachuKeys.ENABLED.name()));
  }
}
