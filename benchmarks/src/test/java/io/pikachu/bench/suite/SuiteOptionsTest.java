package io.pikachu.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteOptionsTest {

  @Test
  void defaultsAreTheFullSuite() {
    SuiteOptions o = SuiteOptions.parse(new String[0]);
    assertEquals(List.of(SuiteApp.values()), o.apps());
    assertEquals(List.of(SuiteCluster.CONFIG_1, SuiteCluster.CONFIG_2), o.clusters());
    assertEquals(SuiteOptions.METHODS, o.methods());
    assertEquals(3, o.reps());
    assertTrue(o.refine());
  }

  @Test
  void quickModeIsOneSmallApplicationOnce() {
    SuiteOptions o = SuiteOptions.parse(new String[] {"--quick"});
    assertEquals(List.of(SuiteApp.WORDCOUNT), o.apps());
    assertEquals(List.of(SuiteCluster.CONFIG_1), o.clusters());
    assertEquals(1, o.reps());
    assertFalse(o.refine());
    assertFalse(o.runs("tarazu"));
  }

  @Test
  void badValuesNameTheOption() {
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--apps", "wordcount,grep"}))
            .getMessage()
            .contains("--apps"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--sweep", "1,-2"}))
            .getMessage()
            .contains("--sweep"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--methods", "stock,magic"}))
            .getMessage()
            .contains("magic"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> SuiteOptions.parse(new String[] {"--reps", "0"}))
            .getMessage()
            .contains("--reps"));
  }
}
