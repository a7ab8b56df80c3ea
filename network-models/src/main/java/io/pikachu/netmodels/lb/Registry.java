package io.pikachu.netmodels.lb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The balancing policies of one layer by name, as Caffeine's simulator keeps its policies: each
 * policy registers once, with a description and a factory, and the command line, the figures and
 * the help text all ask the registry, so adding a policy is one {@code register} call. A name may
 * take an argument after a colon ({@code piu:10us}).
 *
 * @param <T> what a name makes: a path-selection {@link Scheme}, a server-choice policy, ...
 */
public final class Registry<T> {
  /** One registered policy; {@code argument} names its argument, or is null when it takes none. */
  public record Entry<T>(
      String name, String argument, String description, Function<String, T> factory) {}

  private final String layer;
  private final Map<String, Entry<T>> entries = new LinkedHashMap<>();

  /**
   * @param layer what a policy of this layer is called in messages ("scheme", "policy")
   */
  public Registry(String layer) {
    this.layer = layer;
  }

  /** A policy without an argument. */
  public Registry<T> register(String name, String description, T policy) {
    return add(new Entry<>(name, null, description, arg -> policy));
  }

  /** A policy whose name is followed by {@code :argument}; the factory gets the argument. */
  public Registry<T> register(
      String name, String argument, String description, Function<String, T> factory) {
    return add(new Entry<>(name, argument, description, factory));
  }

  private Registry<T> add(Entry<T> e) {
    if (entries.putIfAbsent(e.name(), e) != null) {
      throw new IllegalStateException(layer + " policy '" + e.name() + "' registered twice");
    }
    return this;
  }

  /** The policy a name such as {@code drill} or {@code piu:10us} stands for. */
  public T create(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    int colon = s.indexOf(':');
    String name = colon < 0 ? s : s.substring(0, colon);
    String arg = colon < 0 ? null : s.substring(colon + 1);
    Entry<T> e = entries.get(name);
    if (e == null) {
      throw new IllegalArgumentException(
          "unknown " + layer + " '" + spec + "': use " + String.join(", ", usage()));
    }
    if (e.argument() != null && arg == null) {
      throw new IllegalArgumentException(
          layer + " '" + spec + "' needs an update " + e.argument() + ", e.g. " + name + ":10us");
    }
    if (e.argument() == null && arg != null) {
      throw new IllegalArgumentException(layer + " '" + spec + "' takes no " + "argument");
    }
    return e.factory().apply(arg);
  }

  public List<Entry<T>> entries() {
    return List.copyOf(entries.values());
  }

  /** Each name as it is written on the command line ({@code piu:<interval>}). */
  public List<String> usage() {
    List<String> u = new ArrayList<>();
    for (Entry<T> e : entries.values()) {
      u.add(e.argument() == null ? e.name() : e.name() + ":<" + e.argument() + ">");
    }
    return u;
  }

  /** One line per policy, for {@code --help}. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    for (Entry<T> e : entries.values()) {
      String n = e.argument() == null ? e.name() : e.name() + ":<" + e.argument() + ">";
      b.append(String.format(Locale.ROOT, "  %-18s %s%n", n, e.description()));
    }
    return b.toString();
  }
}
