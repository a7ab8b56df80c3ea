package io.pikachu.cluster;

import java.util.Map;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * A configuration in which some keys cannot be overwritten.
 *
 * <p>MiniMRYarnCluster sets the container executor to the default one inside its own init, just
 * before the NodeManagers read it; pinning the key is the one way to hand them our executor without
 * copying the mini cluster's code.
 */
final class PinnedConfiguration extends YarnConfiguration {
  private final Map<String, String> pinned;

  PinnedConfiguration(Map<String, String> pinned) {
    this.pinned = Map.copyOf(pinned);
    pinned.forEach(super::set);
  }

  @Override
  public void set(String name, String value, String source) {
    super.set(name, pinned.getOrDefault(name, value), source);
  }
}
