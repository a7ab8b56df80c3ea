package io.pikachu.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeProfileTest {

  private static final long HOUR = 3_600_000L;
  private static final long DAY = 24 * HOUR;

  private static JobMeasurement job(
      String work, Map<String, Double> speeds, Map<String, Integer> maps, long timeMs) {
    return JobMeasurement.of("job_" + timeMs, work, timeMs, speeds, maps);
  }

  @Test
  void aJobInOtherUnitsIsBroughtIntoTheProfilesThroughTheNodesBothKnow() {
    NodeProfile p =
        NodeProfile.empty()
            .merge(job("wc", Map.of("a", 4.0, "b", 1.0), Map.of("a", 8, "b", 2), 0), DAY);
    // A job whose maps are ten times shorter: its speeds are ten times higher, the ratios equal.
    NodeProfile q =
        p.merge(job("wc", Map.of("a", 40.0, "b", 10.0, "c", 20.0), Map.of(), HOUR), DAY);
    Map<String, Double> s = q.freshSpeeds("wc", HOUR, DAY);
    assertEquals(4.0, s.get("a"), 1e-9);
    assertEquals(1.0, s.get("b"), 1e-9);
    assertEquals(2.0, s.get("c"), 1e-9, "a new node is placed by the shared ones");
    assertEquals(2, q.work().get("wc").get("a").jobs());
    assertEquals(8, q.work().get("wc").get("a").tasks());
  }

  @Test
  void oneNoisyJobMovesANodeBySomeOfTheWayOnly() {
    NodeProfile p = NodeProfile.empty();
    for (int i = 0; i < 10; i++) {
      p = p.merge(job("wc", Map.of("a", 4.0, "b", 1.0, "c", 1.0), Map.of(), i), DAY);
    }
    // b measured twice as fast once; a and c anchor the units.
    p = p.merge(job("wc", Map.of("a", 4.0, "b", 2.0, "c", 1.0), Map.of(), 11), DAY);
    double b = p.freshSpeeds("wc", 11, DAY).get("b");
    assertEquals(1.0 + 1.0 / NodeProfile.AVERAGED_JOBS, b, 1e-9);
  }

  @Test
  void nodesAgeOutAndAWorkClassWithTooFewNodesFallsBackToAnyWork() {
    NodeProfile p =
        NodeProfile.empty().merge(job("sort", Map.of("a", 2.0, "b", 1.0), Map.of(), 0), DAY);
    assertEquals(Map.of("a", 2.0, "b", 1.0), p.freshSpeeds("sort", 0, DAY));
    assertEquals(Map.of("a", 2.0, "b", 1.0), p.freshSpeeds("grep", 0, DAY), "any work");
    assertTrue(p.freshSpeeds("sort", 2 * DAY, DAY).isEmpty(), "older than the max age");
    NodeProfile later = p.merge(job("grep", Map.of("c", 1.0), Map.of(), 2 * DAY), DAY);
    assertEquals(Map.of("*", 1, "grep", 1), sizes(later), "stale nodes and empty classes dropped");
  }

  private static Map<String, Integer> sizes(NodeProfile p) {
    Map<String, Integer> sizes = new java.util.TreeMap<>();
    p.work().forEach((w, nodes) -> sizes.put(w, nodes.size()));
    return sizes;
  }

  @Test
  void jobsAreAddedInTheOrderTheyEnded() {
    JobMeasurement early = job("wc", Map.of("a", 4.0, "b", 1.0), Map.of(), 0);
    JobMeasurement late = job("wc", Map.of("a", 4.0, "b", 2.0), Map.of(), HOUR);
    assertEquals(
        NodeProfile.empty().merge(early, DAY).merge(late, DAY),
        NodeProfile.empty().mergeAll(java.util.List.of(late, early), DAY));
  }

  @Test
  void unusableSpeedsAreNotRecorded() {
    NodeProfile p =
        NodeProfile.empty()
            .merge(
                job(
                    "wc",
                    Map.of("a", 1.0, "b", 0.0, "c", Double.NaN, "d", Double.POSITIVE_INFINITY),
                    Map.of(),
                    0),
                DAY);
    assertEquals(Map.of("a", 1.0), p.freshSpeeds("*", 0, DAY));
  }

  @Test
  void itSurvivesJsonAndIgnoresFieldsALaterVersionAdds() throws Exception {
    NodeProfile p =
        NodeProfile.empty().merge(job("wc", Map.of("a", 4.0, "b", 1.0), Map.of("a", 3), 5), DAY);
    ObjectMapper json = new ObjectMapper();
    String text = json.writeValueAsString(p);
    assertEquals(p, json.readValue(text, NodeProfile.class));
    String later = text.replaceFirst("\\{", "{\"addedLater\":[1,2],");
    assertEquals(p, json.readValue(later, NodeProfile.class));
  }

  @Test
  void aRecordWithoutAPositiveSpeedIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> NodeRecord.of(0, 1, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> NodeRecord.of(1, 0, 1, 0));
  }

  @Test
  void describeListsTheFastestFirst() {
    NodeProfile p =
        NodeProfile.empty().merge(job("wc", Map.of("slow", 1.0, "fast", 4.0), Map.of(), 0), DAY);
    var lines = p.describe(3 * HOUR);
    assertEquals("any work:", lines.get(0));
    assertTrue(lines.get(1).contains("fast") && lines.get(2).contains("slow"), lines.toString());
    assertTrue(lines.get(1).contains("3 h ago"), lines.toString());
  }

  /**
   * Issue 41: counts that would overflow (two files of a node with 2^31 - 1 and 1 maps) saturate,
   * instead of making a record the profile refuses, which made every read of the profile throw.
   */
  @Test
  void countsSaturateInsteadOfOverflowing() {
    NodeProfile p =
        NodeProfile.empty()
            .merge(job("wc", Map.of("a", 2.0, "b", 1.0), Map.of("a", Integer.MAX_VALUE), 1), DAY)
            .merge(job("wc", Map.of("a", 2.0, "b", 1.0), Map.of("a", 1), 2), DAY);
    assertEquals(Integer.MAX_VALUE, p.work().get("wc").get("a").tasks());
    assertEquals(2, p.work().get("wc").get("a").jobs());
  }

  /** Issue 41: what an AM whose clock ran a day ahead wrote ages from the reader's now. */
  @Test
  void recordsDatedAfterTheReadersClockAreClampedToIt() {
    long now = 10 * DAY;
    NodeProfile ahead =
        NodeProfile.empty().merge(job("wc", Map.of("a", 2.0, "b", 1.0), Map.of(), now + DAY), DAY);
    NodeProfile clamped = ahead.clampedTo(now);
    assertEquals(now, clamped.work().get("wc").get("a").updatedMs());
    assertEquals(2, clamped.freshSpeeds("wc", now + DAY, DAY).size());
    assertTrue(clamped.freshSpeeds("wc", now + DAY + 1, DAY).isEmpty(), "a day after now");
    assertEquals(2, ahead.freshSpeeds("wc", now + 2 * DAY, DAY).size(), "unclamped: fresh");
    assertEquals(ahead, ahead.clampedTo(now + DAY), "nothing ahead: unchanged");
    assertEquals(now, job("wc", Map.of(), Map.of(), now + DAY).clampedTo(now).timeMs());
  }

  /** A job file that parses may still hold what no measurement gives. */
  @Test
  void aMeasurementNamesWhatMakesItUnusable() {
    assertEquals(
        java.util.Optional.empty(),
        job("wc", Map.of("a", 2.0, "b", 0.0), Map.of("a", 3), 1).problem());
    assertTrue(job("wc", Map.of("a", 2.0), Map.of("a", -3), 1).problem().get().contains("-3 maps"));
    assertTrue(job("wc", Map.of("a", Double.NaN), Map.of(), 1).problem().isPresent());
    assertTrue(job("wc", Map.of("a", -1.0), Map.of(), 1).problem().isPresent());
    assertTrue(job("wc", Map.of("a", 1.0), Map.of(), -1).problem().isPresent());
    assertTrue(JobMeasurement.of("", "wc", 1, Map.of(), Map.of()).problem().isPresent());
  }
}
