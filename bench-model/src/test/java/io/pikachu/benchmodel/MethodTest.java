package io.pikachu.benchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.Estimator;
import org.junit.jupiter.api.Test;

class MethodTest {

  @Test
  void labelsAreTheEstimatorsConfigurationValues() {
    assertEquals("stock", Method.STOCK.label());
    assertEquals(Estimator.TWO_STAGE.configValue(), Method.TWO_STAGE.label());
    assertEquals(Estimator.TARAZU.configValue(), Method.TARAZU.label());
    assertEquals("two-stage-hadoop-copies", Method.TWO_STAGE_HADOOP_COPIES.label());
    assertEquals("fixed-3.50", Method.fixed(3.5).label());
    assertEquals("fixed-0.67", Method.fixed(2.0 / 3).label());
    assertNull(Method.STOCK.estimatorName());
    assertEquals("pikachu", Method.PIKACHU.estimatorName());
  }

  @Test
  void everyLabelParsesBackToItsMethod() {
    for (Method m : Method.COMPARED) {
      assertEquals(m, Method.parse(m.label()));
    }
    for (Estimator e : Estimator.values()) {
      if (e != Estimator.FIXED) {
        assertEquals(Method.of(e), Method.parse(e.configValue()));
      }
    }
    assertEquals(Method.fixed(4), Method.parse("fixed-4"));
    assertEquals(Method.fixed(4), Method.parse(" Fixed-4.00 "));
    assertTrue(Method.parse("fixed-4").isSweepPoint());
    assertTrue(Method.parse("stock").isStock());
    assertFalse(Method.parse("stock").usesController());
  }

  @Test
  void sweepPointsAreRoundedToTheirLabelsTwoDecimals() {
    assertEquals(Method.fixed(0.667), Method.fixed(0.67));
    assertEquals(0.67, Method.fixed(0.667).fixedP(), 0);
  }

  @Test
  void wrongNamesSayWhatIsKnown() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Method.parse("fastest"));
    assertTrue(e.getMessage().contains("stock, even, tarazu"), e.getMessage());
    assertTrue(e.getMessage().contains("fixed-<P>"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Method.parse("fixed-x"));
    assertThrows(IllegalArgumentException.class, () -> Method.parse("fixed"));
    assertThrows(IllegalArgumentException.class, () -> Method.fixed(0));
    assertThrows(IllegalArgumentException.class, () -> Method.of(Estimator.FIXED));
  }
}
