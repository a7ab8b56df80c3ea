package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;
import java.util.SplittableRandom;

/**
 * DRILL(2,1): the remembered port m and two distinct random ports other than m; m is kept only if
 * its queue is strictly shorter than both samples, otherwise the first sample wins if strictly
 * shorter than the second, else the second. The chosen port becomes m. This is the rule of the
 * DRILL thesis's ns-2 patch ({@code r1 = rand() % (n-1)} skipping m, {@code r2 = rand() % (n-2)}
 * skipping m and r1). With two ports there is one sample: m is kept only if strictly shorter.
 */
public final class Drill implements PathSelector {
  private final SplittableRandom rnd;
  private final QueueView view;
  private int memory;

  public Drill(SplittableRandom rnd, QueueView view) {
    this.rnd = rnd;
    this.view = view;
  }

  @Override
  public int select(PortGroup g, int p) {
    int n = g.size();
    int m = memory;
    view.prepare(g, p);
    int choice;
    if (n == 2) {
      int r1 = 1 - m;
      choice = view.queue(g, m, p) < view.queue(g, r1, p) ? m : r1;
    } else {
      int x = rnd.nextInt(n - 1);
      int r1 = x >= m ? x + 1 : x;
      int y = rnd.nextInt(n - 2);
      int lo = Math.min(m, r1);
      int hi = Math.max(m, r1);
      if (y >= lo) y++;
      if (y >= hi) y++;
      int r2 = y;
      int qm = view.queue(g, m, p);
      int q1 = view.queue(g, r1, p);
      int q2 = view.queue(g, r2, p);
      if (qm < q1 && qm < q2) choice = m;
      else if (q1 < q2) choice = r1;
      else choice = r2;
    }
    memory = choice;
    return choice;
  }

  /** The remembered port (for tests). */
  int memory() {
    return memory;
  }
}
