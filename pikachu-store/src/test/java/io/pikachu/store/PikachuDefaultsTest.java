package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class PikachuDefaultsTest {

  private static final Path FILE = Path.of("src", "main", "resources", PikachuDefaults.RESOURCE);

  /** The file as the key registry says it must be: every key, its default, its description. */
  static String expected() {
    StringBuilder x = new StringBuilder();
    x.append("<?xml version=\"1.0\"?>\n")
        .append("<?xml-stylesheet type=\"text/xsl\" href=\"configuration.xsl\"?>\n")
        .append("<!--\n")
        .append("  Pikachu's keys with their defaults and descriptions, for reading: it is not\n")
        .append("  loaded as a Hadoop resource, so mapred-site.xml and the job always win; a key\n")
        .append("  set nowhere takes the default below from the code. Do not edit: generated\n")
        .append(
            "  from PikachuKeys.ALL, and PikachuDefaultsTest fails when they differ. Set keys\n")
        .append("  in mapred-site.xml or per job; docs/admin-guide.md explains each.\n")
        .append("-->\n")
        .append("<configuration>\n");
    for (Key<?> k : PikachuKeys.ALL) {
      x.append("  <property>\n")
          .append("    <name>")
          .append(k.name())
          .append("</name>\n")
          .append("    <value>")
          .append(escape(k.defaultText().orElse("")))
          .append("</value>\n")
          .append("    <description>")
          .append(escape(k.doc()));
      if (!k.formerNames().isEmpty()) {
        x.append(" (formerly ").append(String.join(", ", k.formerNames())).append(')');
      }
      x.append("</description>\n").append("  </property>\n");
    }
    return x.append("</configuration>\n").toString();
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  @Test
  void theFileHoldsEveryKeyWithItsDefaultAndDescription() throws IOException {
    assertEquals(
        expected(),
        Files.readString(FILE, StandardCharsets.UTF_8),
        FILE + " is out of date; write this into it:\n");
  }

  @Test
  void theFormerNamesStillWorkAndTheDefaultsAreNoResource() throws IOException {
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream(PikachuDefaults.RESOURCE)) {
      assertNotNull(in, PikachuDefaults.RESOURCE + " is not in the jar");
    }
    PikachuDefaults.load();
    Configuration conf = new Configuration();
    assertNull(
        conf.get(PikachuKeys.BINS_PER_REDUCER.name()), "the jar's file must not be a resource");
    assertEquals(10, (int) PikachuKeys.BINS_PER_REDUCER.get(conf::get), "the registry's default");
    conf.set("pikachu.bins.per.reducer", "20"); // its name before 0.2
    assertEquals(20, (int) PikachuKeys.BINS_PER_REDUCER.get(conf::get));
    assertTrue(Configuration.isDeprecated("pikachu.bins.per.reducer"));
    assertFalse(Configuration.isDeprecated(PikachuKeys.BINS_PER_REDUCER.name()));
  }
}
