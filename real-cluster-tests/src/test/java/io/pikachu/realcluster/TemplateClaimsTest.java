package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * What the admin templates' comments claim, checked against what the build ships: every default
 * they state is the one in the jar's {@code pikachu-default.xml}, every key they name is a key of
 * Pikachu's or of Hadoop's, every counter they name is one of Pikachu's, and every class they set
 * exists. Runs in every build.
 */
class TemplateClaimsTest {
  private static final Path CONF = Path.of("..", "conf");
  private static final Pattern COMMENT = Pattern.compile("<!--(.*?)-->", Pattern.DOTALL);
  private static final Pattern NAME = Pattern.compile("<name>\\s*([^<\\s]+)\\s*</name>");
  private static final Pattern VALUE = Pattern.compile("<value>\\s*([^<]*?)\\s*</value>");
  private static final Pattern DEFAULT = Pattern.compile("Default:\\s+(\\S+)");
  private static final Pattern INLINE_DEFAULT =
      Pattern.compile("(pikachu\\.[\\w.-]+) \\(Default:\\s+([^)\\s]+)\\)");
  private static final Pattern KEY_EQUALS = Pattern.compile("(pikachu\\.[\\w.-]+) = ([^\\s,]+)");
  private static final Pattern PIKACHU_KEY =
      Pattern.compile("(?<![\\w.])pikachu\\.[a-z][\\w.-]*[a-z0-9]");
  private static final Pattern COUNTER = Pattern.compile("STEPPED_ASIDE_[A-Z_]+");

  /** pikachu-default.xml: each key's default, "" where it has none. */
  private static Map<String, String> pikachuDefaults() {
    Configuration c = new Configuration(false);
    c.addResource(
        new org.apache.hadoop.fs.Path(
            Path.of("..", "pikachu-store/src/main/resources/pikachu-default.xml")
                .toAbsolutePath()
                .toUri()));
    Map<String, String> defaults = new HashMap<>();
    c.getPropsWithPrefix("pikachu.").forEach((k, v) -> defaults.put("pikachu." + k, v));
    // keys whose default is unset have an empty <value/>, which Configuration drops
    try {
      Matcher m =
          NAME.matcher(
              Files.readString(
                  Path.of("..", "pikachu-store/src/main/resources/pikachu-default.xml")));
      while (m.find()) {
        defaults.putIfAbsent(m.group(1), "");
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    return defaults;
  }

  private static String text(String name) throws Exception {
    return Files.readString(CONF.resolve(name));
  }

  /** Each comment of a template, with the property names that follow it before the next one. */
  private static Map<String, List<String>> commentsAndTheirKeys(String xml) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    Matcher c = COMMENT.matcher(xml);
    List<int[]> spans = new ArrayList<>();
    while (c.find()) {
      spans.add(new int[] {c.start(), c.end()});
    }
    for (int i = 0; i < spans.size(); i++) {
      String comment = xml.substring(spans.get(i)[0] + 4, spans.get(i)[1] - 3);
      if (comment.contains("<property>")) {
        continue; // a commented-out property, not a comment about one
      }
      // the properties up to the next comment that is not a commented-out property
      int end = xml.length();
      for (int j = i + 1; j < spans.size(); j++) {
        if (!xml.substring(spans.get(j)[0], spans.get(j)[1]).contains("<property>")) {
          end = spans.get(j)[0];
          break;
        }
      }
      List<String> keys = new ArrayList<>();
      Matcher n = NAME.matcher(xml.substring(spans.get(i)[1], end));
      while (n.find()) {
        keys.add(n.group(1));
      }
      out.put(comment, keys);
    }
    return out;
  }

  private static String stated(String value) {
    return value.replaceAll("[.,;]+$", "");
  }

  @Test
  void everyStatedDefaultIsTheJarsDefault() throws Exception {
    Map<String, String> defaults = pikachuDefaults();
    int checked = 0;
    for (String template : AdminTemplates.FILES) {
      for (Map.Entry<String, List<String>> e : commentsAndTheirKeys(text(template)).entrySet()) {
        String comment = e.getKey().replaceAll("\\(Default:[^)]*\\)", "");
        Matcher inline = INLINE_DEFAULT.matcher(e.getKey());
        while (inline.find()) {
          assertDefault(defaults, template, inline.group(1), stated(inline.group(2)));
          checked++;
        }
        Matcher pairs = KEY_EQUALS.matcher(e.getKey());
        while (pairs.find()) {
          assertDefault(defaults, template, pairs.group(1), stated(pairs.group(2)));
          checked++;
        }
        Matcher d = DEFAULT.matcher(comment);
        if (d.find()) {
          assertTrue(
              !e.getValue().isEmpty(),
              template + ": a default stated for no property: " + comment.trim());
          for (String key : e.getValue()) {
            assertDefault(defaults, template, key, stated(d.group(1)));
            checked++;
          }
        }
      }
    }
    assertTrue(checked >= 20, "only " + checked + " stated defaults found");
  }

  private static void assertDefault(
      Map<String, String> defaults, String template, String key, String stated) {
    assertTrue(defaults.containsKey(key), template + ": " + key + " is no key of Pikachu's");
    String expected = defaults.get(key).isEmpty() ? "unset" : defaults.get(key);
    assertEquals(expected, stated, template + ": the default of " + key);
  }

  @Test
  void everyNamedKeyCounterAndClassExists() throws Exception {
    Map<String, String> defaults = pikachuDefaults();
    Configuration hadoop = new Configuration(false);
    hadoop.addResource("core-default.xml");
    hadoop.addResource("mapred-default.xml");
    hadoop.addResource("yarn-default.xml");
    // keys MapReduce reads without a default in mapred-default.xml (the speculator class, ...)
    for (java.lang.reflect.Field f : org.apache.hadoop.mapreduce.MRJobConfig.class.getFields()) {
      if (f.getType() == String.class) {
        hadoop.set((String) f.get(null), "named in MRJobConfig");
      }
    }
    Properties counters = new Properties();
    try (var in =
        Files.newBufferedReader(
            Path.of("..", "pikachu-store/src/main/resources/Pikachu.properties"))) {
      counters.load(in);
    }
    for (String template : AdminTemplates.FILES) {
      String xml = text(template);
      Matcher n = NAME.matcher(xml);
      while (n.find()) {
        String key = n.group(1);
        assertTrue(
            defaults.containsKey(key) || hadoop.get(key) != null || key.startsWith("pikachu.test."),
            template + " names " + key + ", a key of neither Pikachu nor Hadoop");
      }
      Matcher k = PIKACHU_KEY.matcher(xml);
      while (k.find()) {
        String key = k.group();
        assertTrue(
            defaults.containsKey(key)
                || key.startsWith("pikachu.test.")
                || key.equals("pikachu.speculative"), // "the two pikachu.speculative.* keys"
            template + " mentions " + key + ", which is no key");
      }
      Matcher c = COUNTER.matcher(xml);
      while (c.find()) {
        assertTrue(
            counters.containsKey(c.group() + ".name"),
            template + " names the counter " + c.group() + ", which Pikachu does not count");
      }
      Matcher v = VALUE.matcher(xml);
      while (v.find()) {
        if (v.group(1).startsWith("io.pikachu.")) {
          assertTrue(
              sourceExists(v.group(1)), template + " sets " + v.group(1) + ": no such class");
        }
      }
    }
  }

  private static boolean sourceExists(String className) throws Exception {
    String file = className.replace('.', '/') + ".java";
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      return modules.anyMatch(m -> Files.exists(m.resolve("src/main/java").resolve(file)));
    }
  }
}
