package io.pikachu.realcluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The configuration templates an admin merges into mapred-site.xml ({@code conf/} of the
 * repository), read with Hadoop's own parser, so that a template that no longer parses, or that
 * loses its active properties, breaks the cluster this test installs.
 */
final class AdminTemplates {
  static final List<String> FILES =
      List.of("mapred-site.pikachu-bins.xml", "mapred-site.pikachu-controller.xml");

  private AdminTemplates() {}

  /** Every active (not commented-out) property of both templates, as an admin would merge them. */
  static Configuration merged(Path templateDir) {
    Configuration merged = new Configuration(false);
    for (String name : FILES) {
      Path file = templateDir.resolve(name);
      if (!Files.isRegularFile(file)) {
        throw new IllegalStateException("admin template " + file + " is missing");
      }
      Configuration template = new Configuration(false);
      template.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
      int active = 0;
      for (Map.Entry<String, String> property : template) {
        String earlier = merged.get(property.getKey());
        if (earlier != null && !earlier.equals(property.getValue())) {
          throw new IllegalStateException(
              "the templates disagree on "
                  + property.getKey()
                  + ": "
                  + earlier
                  + " and "
                  + property.getValue());
        }
        merged.set(property.getKey(), property.getValue(), file.toString());
        active++;
      }
      if (active == 0) {
        throw new IllegalStateException("admin template " + file + " has no active property");
      }
    }
    return merged;
  }
}
