package io.pikachu.core.decision.estimate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arithmetic of rule {@code merge-beyond-memory} on two classes of two reducers each. */
class MergeBeyondMemoryRuleTest {

  private static final long MB = 1 << 20;

  private static ClassMeasurement cls(String name, int... reducers) {
    List<Integer> r = new ArrayList<>();
    for (int i : reducers) {
      r.add(i);
    }
    return ClassMeasurement.builder()
        .name(name)
        .nodes(List.of(name + ":1"))
        .speed(1.0)
        .mapRate(1.0)
        .reducers(r)
        .reducerCapacity(1.0)
        .caughtUp(true)
        .build();
  }

  private static final List<ClassMeasurement> CLASSES = List.of(cls("a", 0, 1), cls("b", 2, 3));

  private static final Ratios EQUAL_CPU =
      Ratios.of("b", Map.of("a", 1.0, "b", 1.0), List.of(ReducerCapacityEstimator.NAME));

  /** Class a merges everything in memory, class b 1 MB a reducer. */
  private static final Map<Integer, Long> BUFFERS = Map.of(0, 100 * MB, 1, 100 * MB, 2, MB, 3, MB);

  @Test
  void theBytesEvenEachReducersWorkOverItsCapacity() {
    // 6 MB over equal capacities: a takes t, b (t + 0.5) / 1.5; 2 t + 2 (t + 0.5) / 1.5 = 6 gives
    // t = 1.6 MB, so a reducer of a holds 1.6 MB and one of b 1.4 MB: P 8/7.
    List<String> notes = new ArrayList<>();
    Ratios r = MergeBeyondMemory.apply(EQUAL_CPU, CLASSES, BUFFERS, 6 * MB, notes);
    assertEquals(8.0 / 7.0, r.p().get("a"), 1e-9);
    assertEquals(1.0, r.p().get("b"), 1e-9);
    assertEquals("b", r.reference());
    assertEquals(List.of(ReducerCapacityEstimator.NAME, MergeBeyondMemory.NAME), r.rules());
    assertEquals(1, notes.size());
  }

  @Test
  void sharesWithinEveryBufferChangeNothing() {
    // 4 MB: every reducer 1 MB, b's exactly at its buffer
    List<String> notes = new ArrayList<>();
    assertSame(EQUAL_CPU, MergeBeyondMemory.apply(EQUAL_CPU, CLASSES, BUFFERS, 4 * MB, notes));
    assertEquals(List.of(), notes);
  }

  @Test
  void onlyReducerCapacityIsConverted() {
    // equation 2.1's ratios are shuffle rates of bytes already
    Ratios shuffle = Ratios.of("b", Map.of("a", 1.0, "b", 1.0), List.of("equation-2.1"));
    assertSame(
        shuffle, MergeBeyondMemory.apply(shuffle, CLASSES, BUFFERS, 6 * MB, new ArrayList<>()));
    Ratios none =
        Ratios.of(
            "b",
            Map.of("a", 1.0, "b", 1.0),
            List.of(ReducerCapacityEstimator.NAME, Ratios.NO_BASIS));
    assertSame(none, MergeBeyondMemory.apply(none, CLASSES, BUFFERS, 6 * MB, new ArrayList<>()));
    assertSame(
        EQUAL_CPU, MergeBeyondMemory.apply(EQUAL_CPU, CLASSES, BUFFERS, 0, new ArrayList<>()));
  }
}
