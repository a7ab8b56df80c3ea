package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OpenConnectionsTest {
  /** Connections close exactly at their end tick, near or more than a wheel turn away. */
  @Test
  void everyConnectionClosesAtItsTick() {
    OpenConnections open = new OpenConnections(100);
    SplittableRandom r = new SplittableRandom(9);
    int ticks = 3_000_000; // 300 s: nearly three turns of the coarse wheel
    List<int[]> closed = new ArrayList<>();
    int tick = 0;
    int opened = 0;
    for (; tick < ticks; tick++) {
      int now = tick;
      open.closeDue(
          tick,
          (core, rate, bucket, start, cookie, flow) -> closed.add(new int[] {now, core, start}));
      if (tick % 97 == 0 && tick < ticks / 2) {
        int end = tick + 1 + (r.nextInt(4) == 0 ? r.nextInt(1_400_000) : r.nextInt(2000));
        open.open(end, end, 0, 0, tick, 0, 0); // the core field carries the expected end
        opened++;
      }
    }
    assertEquals(opened, closed.size());
    for (int[] c : closed) assertEquals(c[1], c[0], "closed at the tick it ends");
    int[] still = new int[1];
    open.forEachOpen((core, rate, bucket, start, cookie, flow) -> still[0]++);
    assertEquals(0, still[0]);
  }
}
