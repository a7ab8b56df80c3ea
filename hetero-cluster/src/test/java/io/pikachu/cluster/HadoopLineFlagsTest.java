package io.pikachu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HadoopLineFlagsTest {

  @Test
  void olderLinesOnNewerJdksOpenJavaBase() {
    assertTrue(HadoopLineFlags.containerJvmFlags("3.3.6", 17).contains("java.base/java.lang="));
    assertTrue(HadoopLineFlags.containerJvmFlags("3.4.2", 11).contains("--add-opens"));
  }

  @Test
  void newerLinesAndJava8NeedNothing() {
    assertEquals("", HadoopLineFlags.containerJvmFlags("3.5.0", 17));
    assertEquals("", HadoopLineFlags.containerJvmFlags("3.6.0-SNAPSHOT", 21));
    assertEquals("", HadoopLineFlags.containerJvmFlags("3.3.6", 8));
  }

  @Test
  void anUnreadableVersionIsNamed() {
    assertTrue(
        assertThrows(
                IllegalStateException.class, () -> HadoopLineFlags.containerJvmFlags("x.y", 17))
            .getMessage()
            .contains("x.y"));
  }
}
