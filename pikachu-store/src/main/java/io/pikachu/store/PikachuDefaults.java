package io.pikachu.store;

import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Pikachu's keys as Hadoop knows its own: {@value #RESOURCE} in the jar, with every key's default
 * and description, is a default resource (as {@code mapred-default.xml} is), so a job's
 * configuration as the AM records it for JobHistory lists Pikachu's defaults; and the names of
 * earlier versions are Hadoop deprecations, so an old name still works and its use is warned of.
 * Each of Pikachu's entry points in a JVM (the AM's speculator, the map collector, the shuffle
 * consumer) loads this once, before it reads a key.
 */
public final class PikachuDefaults {

  /** The resource's name, on the class path of every JVM that loads Pikachu. */
  public static final String RESOURCE = "pikachu-default.xml";

  static {
    List<Configuration.DeprecationDelta> renamed = new ArrayList<>();
    for (Key<?> key : PikachuKeys.ALL) {
      for (String former : key.formerNames()) {
        renamed.add(new Configuration.DeprecationDelta(former, key.name()));
      }
    }
    Configuration.addDeprecations(renamed.toArray(new Configuration.DeprecationDelta[0]));
    Configuration.addDefaultResource(RESOURCE);
  }

  private PikachuDefaults() {}

  /**
   * Registers the defaults and deprecations, once per JVM (the first call's class init does it).
   */
  public static void load() {
    // the static initializer ran on first use of this class
  }
}
