package io.pikachu.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ImmutableClassMeasurement;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BinMapVersionsTest {

  /**
   * A real two-stage record (Selfjoin on Config-2): the final version confirmed the even
   * provisional map, but the fast class's reducers copied nothing in the window, so its P is null
   * and the slow class became the reference.
   */
  private static DecisionRecord confirmedWithoutFastEstimate() throws IOException {
    try (InputStream in =
        BinMapVersionsTest.class.getResourceAsStream("confirmed-without-fast-estimate.json")) {
      return DecisionJson.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void aFastestClassWithoutEstimateRanWithPOne() throws IOException {
    Decision last = confirmedWithoutFastEstimate().last();
    ClassMeasurement fastest = last.fastestClass().orElseThrow();
    assertNull(fastest.p(), "the record's premise: the fast class has no estimate");
    assertTrue(last.rules().contains("class-without-estimate"));

    assertEquals(1.0, BinMapVersions.fastestP(last));
  }

  @Test
  void anEstimatedFastestClassKeepsItsP() throws IOException {
    Decision provisional = confirmedWithoutFastEstimate().provisional().orElseThrow();
    assertEquals(
        provisional.fastestClass().orElseThrow().p(), BinMapVersions.fastestP(provisional));
  }

  @Test
  void aClassWithoutReducersHasNoP() {
    ClassMeasurement idle =
        ImmutableClassMeasurement.builder()
            .name("fast")
            .nodes(List.of("n1"))
            .speed(0.2)
            .mapRate(0.05)
            .reducers(List.of())
            .caughtUp(false)
            .build();
    assertTrue(Double.isNaN(BinMapVersions.appliedP(idle)));
  }
}
