package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge of the admin templates that every real-cluster run installs (runs in every build). */
class AdminTemplatesTest {

  private static Map<String, String> asMap(Configuration conf) {
    Map<String, String> m = new HashMap<>();
    conf.forEach(e -> m.put(e.getKey(), e.getValue()));
    return m;
  }

  @Test
  void theRepositoryTemplatesSwitchOnBothPluginsAndTheController() {
    Map<String, String> merged = asMap(AdminTemplates.merged(Path.of("..", "conf")));
    assertEquals(
        "io.pikachu.task.map.BinningMapOutputCollector",
        merged.get("mapreduce.job.map.output.collector.class"));
    assertEquals(
        "io.pikachu.task.reduce.BinShuffle",
        merged.get("mapreduce.job.reduce.shuffle.consumer.plugin.class"));
    assertEquals(
        "io.pikachu.am.PikachuSpeculator",
        merged.get("yarn.app.mapreduce.am.job.speculator.class"));
    assertEquals("true", merged.get("pikachu.controller.enabled"));
    assertEquals(
        "io.pikachu.am.PikachuPreemptionPolicy",
        merged.get("yarn.app.mapreduce.am.preemption.policy"));
  }

  @Test
  void onlyActivePropertiesAreMergedAndCommentedOnesAreNot(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve(AdminTemplates.FILES.get(0)),
        "<configuration><property><name>a</name><value>1</value></property>"
            + "<!-- <property><name>b</name><value>2</value></property> --></configuration>");
    Files.writeString(
        dir.resolve(AdminTemplates.FILES.get(1)),
        "<configuration><property><name>c</name><value>3</value></property></configuration>");
    assertEquals(Map.of("a", "1", "c", "3"), asMap(AdminTemplates.merged(dir)));
  }

  @Test
  void aTemplateThatLostItsPropertiesOrItsSyntaxIsAnError(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(AdminTemplates.FILES.get(0)), "<configuration></configuration>");
    Files.writeString(
        dir.resolve(AdminTemplates.FILES.get(1)),
        "<configuration><property><name>c</name><value>3</value></property></configuration>");
    IllegalStateException empty =
        assertThrows(IllegalStateException.class, () -> AdminTemplates.merged(dir));
    assertTrue(empty.getMessage().contains("no active property"), empty.getMessage());

    Files.writeString(dir.resolve(AdminTemplates.FILES.get(0)), "<configuration><property>");
    assertThrows(RuntimeException.class, () -> AdminTemplates.merged(dir));
  }
}
