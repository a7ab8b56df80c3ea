package io.pikachu.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PikachuKeysTest {

  @Test
  void everyKeyIsInPikachusNamespaceOnce() {
    Set<String> names = new HashSet<>();
    for (Key<?> k : PikachuKeys.ALL) {
      assertTrue(k.name().startsWith(PikachuKeys.PREFIX), k.name());
      assertTrue(names.add(k.name()), "declared twice: " + k.name());
    }
  }

  @Test
  void knownKeysAndOtherNamespacesPass() {
    Map<String, String> settings = new LinkedHashMap<>();
    PikachuKeys.ALL.forEach(k -> settings.put(k.name(), "anything"));
    settings.put("mapreduce.job.reduces", "3");
    settings.put("pikachu", "not in the namespace: no dot");
    PikachuKeys.checkKnown(settings);
  }

  @Test
  void aMisspeltKeyIsRefusedWithTheKeyItResembles() {
    var e =
        assertThrows(
            ConfigException.class,
            () -> PikachuKeys.checkKnown(Map.of("pikachu.estimater", "fixed")));
    assertEquals("pikachu.estimater", e.key());
    assertEquals("fixed", e.value());
    assertTrue(e.getMessage().contains("did you mean pikachu.estimator?"), e.getMessage());
  }

  @Test
  void anUnknownKeyFarFromAnyIsRefusedWithoutASuggestion() {
    var e =
        assertThrows(
            ConfigException.class,
            () -> PikachuKeys.checkKnown(Map.of("pikachu.turbo.mode", "on")));
    assertTrue(e.getMessage().contains("pikachu.turbo.mode"), e.getMessage());
    assertTrue(!e.getMessage().contains("did you mean"), e.getMessage());
  }
}
