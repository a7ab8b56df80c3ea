package io.pikachu.core.config;

/** The value checks shared by Pikachu's keys; each failure names the key and the value. */
public final class Parsers {

  private Parsers() {}

  public static Key.Parser<String> text() {
    return (key, v) -> v;
  }

  /** Only "true" or "false": Hadoop's getBoolean would turn a typo such as "ture" into false. */
  public static Key.Parser<Boolean> strictBoolean() {
    return (key, v) -> {
      if (v.equalsIgnoreCase("true")) {
        return true;
      }
      if (v.equalsIgnoreCase("false")) {
        return false;
      }
      throw new ConfigException(key, v, "must be true or false");
    };
  }

  public static Key.Parser<Long> longAtLeast(long min) {
    return (key, v) -> {
      long l;
      try {
        l = Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw new ConfigException(key, v, "not a whole number");
      }
      if (l < min) {
        throw new ConfigException(key, v, "must be at least " + min);
      }
      return l;
    };
  }

  public static Key.Parser<Integer> intBetween(int min, int max) {
    return (key, v) -> {
      long l = longAtLeast(min).parse(key, v);
      if (l > Integer.MAX_VALUE) {
        throw new ConfigException(key, v, "is too large");
      }
      if (l > max) {
        throw new ConfigException(key, v, "must be at most " + max);
      }
      return (int) l;
    };
  }

  public static Key.Parser<Double> doubleAtLeast(double min) {
    return (key, v) -> {
      double d = finiteDouble(key, v);
      if (d < min) {
        throw new ConfigException(key, v, "must be at least " + min);
      }
      return d;
    };
  }

  public static Key.Parser<Double> doubleAbove(double bound) {
    return (key, v) -> {
      double d = finiteDouble(key, v);
      if (!(d > bound)) {
        throw new ConfigException(
            key, v, bound == 0 ? "must be greater than 0" : "must be greater than " + bound);
      }
      return d;
    };
  }

  /** A value in [min, max); {@code what} says so to the admin. */
  public static Key.Parser<Double> fraction(double min, double max, String what) {
    return (key, v) -> {
      double d = finiteDouble(key, v);
      if (d < min || d >= max) {
        throw new ConfigException(key, v, what);
      }
      return d;
    };
  }

  static double finiteDouble(String key, String v) {
    double d;
    try {
      d = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "not a number");
    }
    if (!Double.isFinite(d)) {
      throw new ConfigException(key, v, "must be a finite number");
    }
    return d;
  }

  /**
   * Comma-separated Java class names, blanks around them ignored; an empty value is an empty list.
   * A name that cannot be a class name (a typo such as a missing comma shows as one) is refused.
   */
  public static Key.Parser<java.util.List<String>> classNames() {
    return (key, v) -> {
      java.util.List<String> names = new java.util.ArrayList<>();
      for (String part : v.split(",")) {
        String name = part.trim();
        if (name.isEmpty()) {
          continue;
        }
        if (!name.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")) {
          throw new ConfigException(key, v, "'" + name + "' is not a Java class name");
        }
        names.add(name);
      }
      return java.util.Collections.unmodifiableList(names);
    };
  }

  /** Comma-separated finite numbers above {@code bound}; at least one. */
  public static Key.Parser<java.util.List<Double>> numbersAbove(double bound) {
    return (key, v) -> {
      java.util.List<Double> values = new java.util.ArrayList<>();
      for (String part : v.split(",")) {
        double d = finiteDouble(key, part.trim());
        if (!(d > bound)) {
          throw new ConfigException(key, v, "every value must be above " + bound);
        }
        values.add(d);
      }
      return java.util.Collections.unmodifiableList(values);
    };
  }
}
