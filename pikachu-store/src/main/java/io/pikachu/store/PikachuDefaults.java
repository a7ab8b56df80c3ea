package io.pikachu.store;

import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Pikachu's keys as Hadoop knows its own names: the names of earlier versions are Hadoop
 * deprecations, so an old name still works and its use is warned of. Each of Pikachu's entry points
 * in a JVM (the AM's speculator, the map collector, the shuffle consumer) loads this once, before
 * it reads a key.
 *
 * <p>The defaults are not a Hadoop resource. {@value #RESOURCE} in the jar documents every key with
 * its default and description, but is never added with {@code Configuration.addDefaultResource}:
 * Hadoop adds {@code mapred-site.xml} as a default resource before any plugin loads, and a default
 * resource added later overrides it, so the jar's defaults would beat every non-final {@code
 * pikachu.*} value of the admin's site files, in every JVM that loads Pikachu (and a client that
 * loads Pikachu would write the defaults into job.xml). A key that no site file and no job sets
 * takes its default from the key registry ({@link Key#get}) where it is read.
 */
public final class PikachuDefaults {

  /** The documentation resource's name, in the admin jar. */
  public static final String RESOURCE = "pikachu-default.xml";

  static {
    List<Configuration.DeprecationDelta> renamed = new ArrayList<>();
    for (Key<?> key : PikachuKeys.ALL) {
      for (String former : key.formerNames()) {
        renamed.add(new Configuration.DeprecationDelta(former, key.name()));
      }
    }
    Configuration.addDeprecations(renamed.toArray(new Configuration.DeprecationDelta[0]));
  }

  private PikachuDefaults() {}

  /** Registers the deprecations, once per JVM (the first call's class init does it). */
  public static void load() {
    // the static initializer ran on first use of this class
  }
}
