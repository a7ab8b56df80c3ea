package io.pikachu.core.config;

/**
 * A configuration value the controller cannot use; the message names the key and the offending
 * value.
 */
public final class ConfigException extends IllegalArgumentException {

  private final String key;
  private final String value;

  public ConfigException(String key, String value, String problem) {
    super("Invalid value '" + value + "' for " + key + ": " + problem);
    this.key = key;
    this.value = value;
  }

  public String key() {
    return key;
  }

  public String value() {
    return value;
  }
}
