package io.pikachu.netmodels.sim;

import java.util.Arrays;

/**
 * The pending events, as a calendar queue (R. Brown, CACM 1988): a ring of buckets, each a short
 * list sorted by time then insertion number, bucket i holding the events whose time falls in slot i
 * of the current "year" (or of a later one). Scheduling and taking the next event cost O(1) on
 * average instead of a heap's O(log n): a packet simulation schedules and pops hundreds of millions
 * of events, most a few microseconds ahead.
 *
 * <p>Events at the same time come out in the order they were scheduled (every event has an
 * insertion number), so runs are deterministic. Bucket width and count are powers of two, so a
 * bucket index is a shift and a mask. The queue re-sizes itself when the number of events doubles
 * or halves, and re-estimates the width from the spacing of the earliest events when the buckets
 * scanned per pop or the list steps per insert grow, as the event density of a run changes. Entries
 * live in parallel arrays with a free list: no object is allocated per event.
 */
public final class EventQueue {
  private static final int MIN_BUCKETS = 16;
  private static final int CHECK_EVERY = 1 << 15; // pops between two looks at the cost counters
  private static final int SAMPLE = 64; // events used to estimate the spacing
  private static final int SPARSITY =
      Integer.getInteger("eq.sparsity", 1); // buckets per event, at least

  // Entry pool: an entry's time and insertion number side by side in one array, its list link and
  // tag in another, so that walking a bucket touches one cache line per entry, not four.
  private long[] ts; // 2 per entry: time, insertion number
  private int[] nt; // 2 per entry: next entry in the bucket (or free list), tag
  private EventSource[] source;
  private int free = -1;

  // Calendar.
  private int[] head;
  private int[] tail; // last entry of each bucket: most inserts append (same time, later in slot)
  private int mask;
  private int shift; // bucket width is 2^shift ps
  private int cur; // bucket where the next event is looked for
  private long top; // end of cur's slot in the current year
  private int size;
  private long inserted;
  private int found = -1; // entry of the next event once located by peek

  // Cost counters since the last check.
  private long pops;
  private long scanned;
  private long walked;
  private long inserts;

  public EventQueue() {
    this(1024);
  }

  public EventQueue(int capacity) {
    int cap = Math.max(16, capacity);
    ts = new long[2 * cap];
    nt = new int[2 * cap];
    source = new EventSource[cap];
    for (int i = cap - 1; i >= 0; i--) {
      nt[2 * i] = free;
      free = i;
    }
    initCalendar(MIN_BUCKETS, 10, 0);
  }

  private void initCalendar(int buckets, int widthShift, long startTime) {
    head = new int[buckets];
    Arrays.fill(head, -1);
    tail = new int[buckets];
    Arrays.fill(tail, -1);
    mask = buckets - 1;
    shift = widthShift;
    cur = (int) ((startTime >>> shift) & mask);
    top = ((startTime >>> shift) + 1) << shift;
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** How many events have ever been scheduled. */
  public long scheduledCount() {
    return inserted;
  }

  /** Current bucket width in ps (for the benchmark's report). */
  public long bucketWidth() {
    return 1L << shift;
  }

  public int buckets() {
    return mask + 1;
  }

  public void schedule(long t, EventSource s, int tg) {
    if (free < 0) growPool();
    int e = free;
    free = nt[2 * e];
    ts[2 * e] = t;
    ts[2 * e + 1] = inserted++;
    source[e] = s;
    nt[2 * e + 1] = tg;
    if (found >= 0
        && (t < ts[2 * found] || t == ts[2 * found] && ts[2 * e + 1] < ts[2 * found + 1]))
      found = -1;
    insert(e);
    if (++size > (mask + 1) / SPARSITY) resize(2 * (mask + 1));
  }

  private void insert(int e) {
    long t = ts[2 * e];
    int b = (int) ((t >>> shift) & mask);
    inserts++;
    int last = tail[b];
    if (last < 0) {
      nt[2 * e] = -1;
      head[b] = e;
      tail[b] = e;
      if (t < top - (1L << shift)) rewind(t); // earlier than the slot being looked at
      return;
    }
    // Sorted by (time, insertion number). Equal link rates, delays and packet sizes put many events
    // at the same instant, and a new event has the largest insertion number: it usually belongs at
    // the end of its bucket, so the tail is looked at first. (A resize re-inserts older entries,
    // hence the full comparison.)
    long s = ts[2 * e + 1];
    long lt = ts[2 * last];
    if (t > lt || (t == lt && s > ts[2 * last + 1])) {
      nt[2 * e] = -1;
      nt[2 * last] = e;
      tail[b] = e;
      return;
    }
    int h = head[b];
    if (t < ts[2 * h] || (t == ts[2 * h] && s < ts[2 * h + 1])) {
      nt[2 * e] = h;
      head[b] = e;
      if (t < top - (1L << shift)) rewind(t);
      return;
    }
    int prev = h;
    int c = nt[2 * h];
    while (c >= 0 && (ts[2 * c] < t || (ts[2 * c] == t && ts[2 * c + 1] < s))) {
      prev = c;
      c = nt[2 * c];
      walked++;
    }
    nt[2 * e] = c;
    nt[2 * prev] = e;
  }

  /** An event earlier than the current slot (possible after a pop moved ahead): look there. */
  private void rewind(long t) {
    cur = (int) ((t >>> shift) & mask);
    top = ((t >>> shift) + 1) << shift;
  }

  /** Time of the earliest event; the queue must not be empty. */
  public long peekTime() {
    return ts[2 * (locate())];
  }

  /** Tag of the earliest event; the queue must not be empty. */
  public int peekTag() {
    return nt[2 * (locate()) + 1];
  }

  /** Removes the earliest event and returns its source (read its time and tag first). */
  public EventSource pop() {
    int e = locate();
    found = -1;
    int b = (int) ((ts[2 * e] >>> shift) & mask);
    head[b] = nt[2 * e];
    if (head[b] < 0) tail[b] = -1;
    EventSource s = source[e];
    source[e] = null;
    nt[2 * e] = free;
    free = e;
    size--;
    if (++pops == CHECK_EVERY) checkCost();
    else if (size < (mask + 1) / (4 * SPARSITY) && mask + 1 > MIN_BUCKETS) resize((mask + 1) / 2);
    return s;
  }

  private int locate() {
    if (found >= 0) return found;
    int i = cur;
    long tp = top;
    long width = 1L << shift;
    for (int k = 0; k <= mask; k++) {
      int h = head[i];
      if (h >= 0 && ts[2 * h] < tp) {
        cur = i;
        top = tp;
        scanned += k;
        return found = h;
      }
      i = (i + 1) & mask;
      tp += width;
    }
    // A whole year without an event: jump straight to the earliest one.
    scanned += mask + 1;
    int best = -1;
    for (int j = 0; j <= mask; j++) {
      int h = head[j];
      if (h >= 0 && (best < 0 || ts[2 * h] < ts[2 * best])) best = h;
    }
    if (best < 0) throw new IllegalStateException("the event queue is empty");
    rewind(ts[2 * best]);
    return found = best;
  }

  /**
   * Every few thousand pops: rebuilds the calendar when popping or inserting has become expensive,
   * or when the spacing of the next events calls for a bucket width four or more times off.
   */
  private void checkCost() {
    double scanPerPop = (double) scanned / pops;
    double walkPerInsert = inserts == 0 ? 0 : (double) walked / inserts;
    pops = 0;
    scanned = 0;
    walked = 0;
    inserts = 0;
    int next = shiftFromNextEvents();
    if (scanPerPop > 4 || walkPerInsert > 4 || (next >= 0 && Math.abs(next - shift) >= 2)) {
      resize(mask + 1);
    }
  }

  /** The width Brown's rule gives for the next events in calendar order, or -1 if too few. */
  private int shiftFromNextEvents() {
    long[] t = new long[SAMPLE];
    int k = 0;
    int i = cur;
    long tp = top;
    long width = 1L << shift;
    for (int b = 0; b <= mask && k < SAMPLE; b++) {
      for (int e = head[i]; e >= 0 && ts[2 * e] < tp && k < SAMPLE; e = nt[2 * e])
        t[k++] = ts[2 * e];
      i = (i + 1) & mask;
      tp += width;
    }
    return k < 8 ? -1 : shiftFor(t, k);
  }

  /**
   * Rebuilds the calendar with {@code buckets} buckets and a width fitted to the earliest events.
   */
  private void resize(int buckets) {
    int n = Math.max(MIN_BUCKETS, buckets);
    int[] entries = new int[size];
    int k = 0;
    for (int h : head) {
      for (int e = h; e >= 0; e = nt[2 * e]) entries[k++] = e;
    }
    int newShift = estimateShift(entries, k);
    long start = found >= 0 ? ts[2 * found] : earliest(entries, k);
    initCalendar(
        Integer.highestOneBit(n) == n ? n : Integer.highestOneBit(n) << 1, newShift, start);
    for (int i = 0; i < k; i++) insert(entries[i]);
    found = -1;
    pops = 0;
    scanned = 0;
    walked = 0;
    inserts = 0;
  }

  private long earliest(int[] entries, int k) {
    long m = Long.MAX_VALUE;
    for (int i = 0; i < k; i++) m = Math.min(m, ts[2 * entries[i]]);
    return k == 0 ? 0 : m;
  }

  private int estimateShift(int[] entries, int k) {
    if (k < 2) return shift;
    long[] t = new long[k];
    for (int i = 0; i < k; i++) t[i] = ts[2 * entries[i]];
    Arrays.sort(t);
    int s = shiftFor(t, Math.min(k, SAMPLE));
    return s < 0 ? shift : s;
  }

  /**
   * Brown's rule on the first {@code m} of sorted times: three times their mean spacing, ignoring
   * spacings over twice the first mean (gaps before far-away timers), as a power of two; -1 when
   * they are all at one time.
   */
  private static int shiftFor(long[] t, int m) {
    double mean = (double) (t[m - 1] - t[0]) / (m - 1);
    double sum = 0;
    int cnt = 0;
    for (int i = 1; i < m; i++) {
      long d = t[i] - t[i - 1];
      if (d <= 2 * mean) {
        sum += d;
        cnt++;
      }
    }
    double w = cnt == 0 ? mean : 3 * sum / cnt;
    if (!(w >= 1)) return -1;
    int s = 64 - Long.numberOfLeadingZeros((long) Math.ceil(w) - 1);
    return Math.max(0, Math.min(s, 40));
  }

  private void growPool() {
    int old = source.length;
    int n = old * 2;
    ts = Arrays.copyOf(ts, 2 * n);
    nt = Arrays.copyOf(nt, 2 * n);
    source = Arrays.copyOf(source, n);
    for (int i = n - 1; i >= old; i--) {
      nt[2 * i] = free;
      free = i;
    }
  }

  public void clear() {
    for (int h : head) {
      for (int e = h; e >= 0; ) {
        int nx = nt[2 * e];
        source[e] = null;
        nt[2 * e] = free;
        free = e;
        e = nx;
      }
    }
    Arrays.fill(head, -1);
    Arrays.fill(tail, -1);
    size = 0;
    found = -1;
  }
}
