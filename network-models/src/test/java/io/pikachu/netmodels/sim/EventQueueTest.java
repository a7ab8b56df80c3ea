package io.pikachu.netmodels.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
  /** An event as the reference ordering sees it: by time, then by when it was scheduled. */
  private record Ref(long time, long seq, int tag) {}

  private static final class Recorder implements EventSource {
    final List<Integer> tags = new ArrayList<>();

    @Override
    public void onEvent(int tag) {
      tags.add(tag);
    }
  }

  @Test
  void popsInTimeThenInsertionOrderLikeAReferenceQueue() {
    // Mixed horizons (near packets, far timers), many ties, and a size that grows and shrinks,
    // so that the calendar re-sizes and re-estimates its width several times.
    SplittableRandom rnd = new SplittableRandom(7);
    EventQueue q = new EventQueue(4);
    PriorityQueue<Ref> ref =
        new PriorityQueue<>(
            (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    Recorder r = new Recorder();
    long now = 0;
    long seq = 0;
    int tag = 0;
    for (int step = 0; step < 400_000; step++) {
      int phase = (step / 50_000) % 2; // alternately grow and drain
      boolean push = q.isEmpty() || rnd.nextInt(100) < (phase == 0 ? 60 : 40);
      if (push) {
        long delay =
            switch (rnd.nextInt(4)) {
              case 0 -> 0; // same time as now: a tie
              case 1 -> rnd.nextLong(1_000); // within a nanosecond
              case 2 -> rnd.nextLong(50_000_000); // within 50 us
              default -> rnd.nextLong(2_000_000_000_000L); // a timer up to 2 s ahead
            };
        if (rnd.nextInt(10) == 0) delay = (delay / 1_000_000) * 1_000_000; // coarse: more ties
        q.schedule(now + delay, r, tag);
        ref.add(new Ref(now + delay, seq++, tag));
        tag++;
      } else {
        Ref expected = ref.poll();
        assertEquals(expected.time, q.peekTime(), "time at step " + step);
        assertEquals(expected.tag, q.peekTag(), "tie order at step " + step);
        now = q.peekTime();
        q.pop().onEvent(expected.tag);
      }
      assertEquals(ref.size(), q.size());
    }
    while (!ref.isEmpty()) {
      assertEquals(ref.poll().tag, q.peekTag());
      q.pop();
    }
    assertTrue(q.isEmpty());
  }

  @Test
  void anEventScheduledAfterAPeekButEarlierComesFirst() {
    EventQueue q = new EventQueue();
    Recorder r = new Recorder();
    q.schedule(5_000_000, r, 1);
    assertEquals(5_000_000, q.peekTime()); // the calendar has moved ahead to this event's slot
    q.schedule(10, r, 2);
    q.schedule(10, r, 3);
    assertEquals(10, q.peekTime());
    assertEquals(2, q.peekTag());
    q.pop();
    assertEquals(3, q.peekTag());
  }

  @Test
  void simulatorRunsEventsInOrderAndStopsAtTheEnd() {
    Simulator sim = new Simulator(1);
    List<Long> seen = new ArrayList<>();
    EventSource s = tag -> seen.add(sim.now());
    sim.schedule(30, s, 0);
    sim.schedule(10, s, 0);
    sim.schedule(20, s, 0);
    sim.schedule(100, s, 0);
    sim.runUntil(50);
    assertEquals(List.of(10L, 20L, 30L), seen);
    assertEquals(50, sim.now());
    assertEquals(1, sim.pending());
  }

  @Test
  void timerFiresOnceAtItsLatestDeadlineWithLazyRestart() {
    Simulator sim = new Simulator(1);
    List<Long> fired = new ArrayList<>();
    Timer t = new Timer(sim, () -> fired.add(sim.now()));
    t.setAt(100);
    // Pushed later three times: only one event is pending, and it fires at 400.
    sim.schedule(50, tag -> t.setAt(200), 0);
    sim.schedule(150, tag -> t.setAt(400), 0);
    sim.runUntil(1_000);
    assertEquals(List.of(400L), fired);
    // Moved earlier: the earlier deadline wins, the superseded event is ignored.
    t.setAt(2_000);
    sim.schedule(1_100, tag -> t.setAt(1_500), 0);
    sim.runUntil(3_000);
    assertEquals(List.of(400L, 1_500L), fired);
    // Cancelled: nothing fires.
    t.setAt(3_500);
    t.cancel();
    sim.runUntil(5_000);
    assertEquals(2, fired.size());
  }

  @Test
  void namedStreamsAreReproducibleAndIndependent() {
    RandomStreams a = new RandomStreams(42);
    RandomStreams b = new RandomStreams(42);
    assertEquals(a.stream("sizes").nextLong(), b.stream("sizes").nextLong());
    assertTrue(a.stream("sizes").nextLong() != a.stream("pairs").nextLong());
    assertTrue(a.stream("lb", 1).nextLong() != a.stream("lb", 2).nextLong());
    assertTrue(new RandomStreams(43).stream("sizes").nextLong() != a.stream("sizes").nextLong());
  }
}
