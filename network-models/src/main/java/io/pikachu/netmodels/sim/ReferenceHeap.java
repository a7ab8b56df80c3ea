package io.pikachu.netmodels.sim;

import java.util.Arrays;

/**
 * The events {@link EventQueue} holds by reference (timers, traffic generators, samplers): a binary
 * heap by time, then insertion number, on parallel arrays. They are few and mostly far ahead (a
 * flow's retransmission timer), and they are scheduled a hundred times less often than a packet
 * arrives; kept apart, they no longer sit at the ends of the calendar's buckets in front of the
 * next packet arrivals, and storing their references costs no write barrier per packet.
 */
final class ReferenceHeap {
  private long[] time = new long[64];
  private long[] seq = new long[64];
  private int[] tag = new int[64];
  private EventSource[] source = new EventSource[64];
  private int n;

  int size() {
    return n;
  }

  long minTime() {
    return time[0];
  }

  long minSeq() {
    return seq[0];
  }

  int minTag() {
    return tag[0];
  }

  void add(long t, long s, EventSource src, int tg) {
    if (n == time.length) grow();
    int i = n++;
    while (i > 0) {
      int p = (i - 1) >>> 1;
      if (t < time[p] || (t == time[p] && s < seq[p])) {
        move(p, i);
        i = p;
      } else {
        break;
      }
    }
    set(i, t, s, src, tg);
  }

  /** Removes the earliest event and returns its source; the heap must not be empty. */
  EventSource poll() {
    EventSource first = source[0];
    int last = --n;
    long t = time[last];
    long s = seq[last];
    EventSource src = source[last];
    int tg = tag[last];
    source[last] = null;
    if (last > 0) {
      int i = 0;
      while (true) {
        int c = 2 * i + 1;
        if (c >= last) break;
        int d = c + 1;
        if (d < last && (time[d] < time[c] || (time[d] == time[c] && seq[d] < seq[c]))) c = d;
        if (time[c] < t || (time[c] == t && seq[c] < s)) {
          move(c, i);
          i = c;
        } else {
          break;
        }
      }
      set(i, t, s, src, tg);
    }
    return first;
  }

  void clear() {
    Arrays.fill(source, 0, n, null);
    n = 0;
  }

  private void move(int from, int to) {
    time[to] = time[from];
    seq[to] = seq[from];
    tag[to] = tag[from];
    source[to] = source[from];
  }

  private void set(int i, long t, long s, EventSource src, int tg) {
    time[i] = t;
    seq[i] = s;
    tag[i] = tg;
    source[i] = src;
  }

  private void grow() {
    int m = 2 * time.length;
    time = Arrays.copyOf(time, m);
    seq = Arrays.copyOf(seq, m);
    tag = Arrays.copyOf(tag, m);
    source = Arrays.copyOf(source, m);
  }
}
