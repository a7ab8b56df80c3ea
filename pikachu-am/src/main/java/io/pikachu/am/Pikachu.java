package io.pikachu.am;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.store.VirtualBinsConfig;
import org.apache.hadoop.conf.Configuration;

/** Switches one job fully on, for callers that set keys per job rather than in mapred-site.xml. */
public final class Pikachu {
  private Pikachu() {}

  /** Virtual bins, the controller, and the speculator that hosts it. */
  public static void enable(Configuration conf) {
    VirtualBinsConfig.enable(conf);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuSpeculator.class.getName());
  }
}
