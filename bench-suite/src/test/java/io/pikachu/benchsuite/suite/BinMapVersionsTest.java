package io.pikachu.benchsuite.suite;

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

  /**
   * A real two-stage record (Wordcount on issue 34's cluster, one fast node of 1.2 cores, two slow
   * of 0.15): the final version confirmed the provisional map (P 8.87 against the slow class) but
   * is recorded relative to the fast class, P 1 there and 0.113 for the slow one. The reducers ran
   * with 8.87 times the slow ones' share, not with P 1.
   */
  @Test
  void aMapRecordedRelativeToTheFastClassReportsTheRatioItGave() throws IOException {
    DecisionRecord record;
    try (InputStream in =
        BinMapVersionsTest.class.getResourceAsStream("confirmed-relative-to-fast.json")) {
      record = DecisionJson.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    Decision last = record.last();
    assertEquals("fast", last.referenceClass(), "the record's premise");
    double provisional = BinMapVersions.fastestP(record.provisional().orElseThrow());
    assertEquals(8.873, provisional, 1e-3);
    assertEquals(provisional, BinMapVersions.fastestP(last), 1e-6);
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
