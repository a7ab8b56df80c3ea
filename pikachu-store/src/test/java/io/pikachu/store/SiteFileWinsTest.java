package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin's {@code mapred-site.xml} beats the jar's defaults in a JVM that loads Pikachu, as it
 * beats Hadoop's own. A JVM of its own, because Hadoop reads the site files from the class path and
 * registers default resources once per JVM: the probe starts with a site file first on its class
 * path and a job.xml that sets no Pikachu key.
 */
class SiteFileWinsTest {

  @TempDir Path tmp;

  @Test
  void aSiteFileBeatsTheJarsDefaults() throws Exception {
    Path site = Files.createDirectories(tmp.resolve("site"));
    String extraFormat = "com.example.LookupOutputFormat";
    write(
        site.resolve("mapred-site.xml"),
        property(PikachuKeys.ENABLED.name(), "false")
            + property(PikachuKeys.BINS_PER_REDUCER.name(), "20")
            + property(
                PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.name(),
                PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.defaultText().get() + "," + extraFormat));
    Path jobXml = tmp.resolve("job.xml");
    write(jobXml, property("mapreduce.job.reduces", "6"));

    List<String> out = probe(site, jobXml);

    assertTrue(out.contains("enabled=false"), "the site's off switch: " + out);
    assertTrue(out.contains("raw-enabled=false"), out.toString());
    assertTrue(out.contains("bins=20"), out.toString());
    assertTrue(
        out.stream().anyMatch(l -> l.startsWith("placement-sensitive=") && l.contains(extraFormat)),
        out.toString());
  }

  @Test
  void aKeySetNowhereTakesTheRegistrysDefaultWithoutEnteringTheConfiguration() throws Exception {
    Path site = Files.createDirectories(tmp.resolve("empty-site"));
    write(site.resolve("mapred-site.xml"), "");
    Path jobXml = tmp.resolve("job.xml");
    write(jobXml, property("mapreduce.job.reduces", "6"));

    List<String> out = probe(site, jobXml);

    assertTrue(out.contains("enabled=true"), out.toString());
    assertTrue(out.contains("bins=10"), out.toString());
    assertTrue(out.contains("raw-enabled=null"), "no default written into the job's conf: " + out);
  }

  private static List<String> probe(Path siteDir, Path jobXml) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.add("-cp");
    cmd.add(siteDir + File.pathSeparator + System.getProperty("java.class.path"));
    cmd.add(SiteFileProbe.class.getName());
    cmd.add(jobXml.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
    byte[] err = p.getErrorStream().readAllBytes();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe did not end");
    assertEquals(0, p.exitValue(), new String(err, StandardCharsets.UTF_8));
    return List.of(out.split("\\R"));
  }

  private static String property(String name, String value) {
    return "<property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  private static void write(Path file, String properties) throws IOException {
    Files.writeString(
        file, "<?xml version=\"1.0\"?>\n<configuration>\n" + properties + "</configuration>\n");
  }
}
