package io.pikachu.core.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One {@code pikachu.*} configuration key: its name, its default, how its text is parsed and
 * checked, and one line for the admin guide. Values are read through a plain lookup function, so
 * the Hadoop adapters pass {@code conf::get} and tests pass a map. A blank value counts as unset,
 * as Hadoop admins often leave empty {@code <value/>} elements behind.
 *
 * @param <T> the parsed value's type
 */
public final class Key<T> {

  /** Turns a key's trimmed, non-blank text into a value, or throws {@link ConfigException}. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(String key, String text);
  }

  private final String name;
  private final String defaultText;
  private final T defaultValue;
  private final Parser<T> parser;
  private final String doc;
  private final List<String> formerNames;

  /**
   * @param defaultText the default as an admin would write it, or null when the key has no default
   *     (unset means "off" or "derived", as {@code doc} says)
   */
  public Key(String name, String defaultText, Parser<T> parser, String doc) {
    this.name = Objects.requireNonNull(name);
    this.parser = Objects.requireNonNull(parser);
    this.doc = Objects.requireNonNull(doc);
    this.defaultText = defaultText;
    this.defaultValue = defaultText == null ? null : parser.parse(name, defaultText);
    this.formerNames = Collections.emptyList();
  }

  private Key(Key<T> key, List<String> formerNames) {
    this.name = key.name;
    this.parser = key.parser;
    this.doc = key.doc;
    this.defaultText = key.defaultText;
    this.defaultValue = key.defaultValue;
    this.formerNames = Collections.unmodifiableList(new ArrayList<>(formerNames));
  }

  /**
   * This key, also read under names it had before (deprecated: the Hadoop adapters register them
   * with {@code Configuration.addDeprecations}, which warns of each use).
   */
  public Key<T> formerly(String... names) {
    return new Key<>(this, Arrays.asList(names));
  }

  /** Names this key had before, still read (the current name wins where both are set). */
  public List<String> formerNames() {
    return formerNames;
  }

  public String name() {
    return name;
  }

  /** The default as text, if the key has one. */
  public Optional<String> defaultText() {
    return Optional.ofNullable(defaultText);
  }

  /** The parsed default; null when the key has none. */
  public T defaultValue() {
    return defaultValue;
  }

  public String doc() {
    return doc;
  }

  /** The value set in {@code lookup}, if any, parsed and checked. */
  public Optional<T> find(Function<String, String> lookup) {
    String raw = lookup.apply(name);
    for (int i = 0; isBlank(raw) && i < formerNames.size(); i++) {
      raw = lookup.apply(formerNames.get(i));
    }
    if (isBlank(raw)) {
      return Optional.empty();
    }
    return Optional.of(parser.parse(name, raw.trim()));
  }

  private static boolean isBlank(String raw) {
    return raw == null || raw.trim().isEmpty();
  }

  /** The value set in {@code lookup}, else the default (null for a key without one). */
  public T get(Function<String, String> lookup) {
    return find(lookup).orElse(defaultValue);
  }

  /** Parses {@code text} as this key's value (null or blank: the default). */
  public T parse(String text) {
    return text == null || text.trim().isEmpty() ? defaultValue : parser.parse(name, text.trim());
  }

  @Override
  public String toString() {
    return name;
  }
}
