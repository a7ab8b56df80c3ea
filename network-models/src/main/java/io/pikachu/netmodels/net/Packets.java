package io.pikachu.netmodels.net;

import java.util.Arrays;

/**
 * Every packet of a run, as parallel arrays indexed by an int handle, with a free list: a packet is
 * a few array slots, not an object, so forwarding allocates nothing and the garbage collector has
 * nothing to trace. A handle is valid from {@link #allocate()} until {@link #free(int)}; the node
 * that consumes a packet (the receiving endpoint, or the port that drops it) frees it.
 */
public final class Packets {
  public static final int SYN = 1;
  public static final int ACK = 2;
  public static final int DATA = 4;
  public static final int FIN = 8;

  /** A retransmitted segment (for out-of-order accounting, not a TCP header bit). */
  public static final int RETX = 16;

  public static final int MAX_SACK_BLOCKS = 3;

  private int capacity;
  private int[] conn;
  private int[] flags;
  private int[] src;
  private int[] dst;
  private int[] srcPort;
  private int[] dstPort;
  private int[] seq;
  private int[] ack;
  private int[] bytes;
  private int[] lastHop;
  private long[] tsVal;
  private long[] tsEcr;
  private int[] sackCount;
  private int[] sackStart; // MAX_SACK_BLOCKS per packet
  private int[] sackEnd;
  private int[] freeList;
  private int freeTop;
  private int live;
  private int highWater;
  private long allocated;

  public Packets() {
    this(1 << 12);
  }

  public Packets(int initialCapacity) {
    capacity = 0;
    resize(Math.max(16, initialCapacity));
  }

  public int allocate() {
    if (freeTop == 0) resize(capacity * 2);
    int p = freeList[--freeTop];
    live++;
    if (live > highWater) highWater = live;
    allocated++;
    flags[p] = 0;
    sackCount[p] = 0;
    lastHop[p] = -1;
    tsVal[p] = 0;
    tsEcr[p] = 0;
    seq[p] = 0;
    ack[p] = 0;
    return p;
  }

  /** A new packet with every field of {@code p} (a balancer duplicating a SYN, say). */
  public int copy(int p) {
    int c = allocate();
    conn[c] = conn[p];
    flags[c] = flags[p];
    src[c] = src[p];
    dst[c] = dst[p];
    srcPort[c] = srcPort[p];
    dstPort[c] = dstPort[p];
    seq[c] = seq[p];
    ack[c] = ack[p];
    bytes[c] = bytes[p];
    lastHop[c] = lastHop[p];
    tsVal[c] = tsVal[p];
    tsEcr[c] = tsEcr[p];
    sackCount[c] = sackCount[p];
    System.arraycopy(
        sackStart, p * MAX_SACK_BLOCKS, sackStart, c * MAX_SACK_BLOCKS, MAX_SACK_BLOCKS);
    System.arraycopy(sackEnd, p * MAX_SACK_BLOCKS, sackEnd, c * MAX_SACK_BLOCKS, MAX_SACK_BLOCKS);
    return c;
  }

  public void free(int p) {
    freeList[freeTop++] = p;
    live--;
  }

  /** Packets currently allocated. */
  public int live() {
    return live;
  }

  /** Most packets allocated at once (the pool's working size). */
  public int highWater() {
    return highWater;
  }

  public long allocated() {
    return allocated;
  }

  private void resize(int n) {
    conn = grow(conn, n);
    flags = grow(flags, n);
    src = grow(src, n);
    dst = grow(dst, n);
    srcPort = grow(srcPort, n);
    dstPort = grow(dstPort, n);
    seq = grow(seq, n);
    ack = grow(ack, n);
    bytes = grow(bytes, n);
    lastHop = grow(lastHop, n);
    tsVal = tsVal == null ? new long[n] : Arrays.copyOf(tsVal, n);
    tsEcr = tsEcr == null ? new long[n] : Arrays.copyOf(tsEcr, n);
    sackCount = grow(sackCount, n);
    sackStart = grow(sackStart, n * MAX_SACK_BLOCKS);
    sackEnd = grow(sackEnd, n * MAX_SACK_BLOCKS);
    int[] fl = new int[n];
    System.arraycopy(freeList == null ? new int[0] : freeList, 0, fl, 0, freeTop);
    // New handles go on the free list highest first, so that low handles are used first.
    for (int h = n - 1; h >= capacity; h--) fl[freeTop++] = h;
    freeList = fl;
    capacity = n;
  }

  private static int[] grow(int[] a, int n) {
    return a == null ? new int[n] : Arrays.copyOf(a, n);
  }

  // Field access. Plain getters and setters: the JIT inlines them into array loads and stores.

  public int conn(int p) {
    return conn[p];
  }

  public int flags(int p) {
    return flags[p];
  }

  public boolean has(int p, int flag) {
    return (flags[p] & flag) != 0;
  }

  public int src(int p) {
    return src[p];
  }

  public int dst(int p) {
    return dst[p];
  }

  public int srcPort(int p) {
    return srcPort[p];
  }

  public int dstPort(int p) {
    return dstPort[p];
  }

  public int seq(int p) {
    return seq[p];
  }

  public int ack(int p) {
    return ack[p];
  }

  public int bytes(int p) {
    return bytes[p];
  }

  public int lastHop(int p) {
    return lastHop[p];
  }

  public long tsVal(int p) {
    return tsVal[p];
  }

  public long tsEcr(int p) {
    return tsEcr[p];
  }

  public int sackCount(int p) {
    return sackCount[p];
  }

  public int sackStart(int p, int i) {
    return sackStart[p * MAX_SACK_BLOCKS + i];
  }

  public int sackEnd(int p, int i) {
    return sackEnd[p * MAX_SACK_BLOCKS + i];
  }

  /** Sets the header fields every packet has. */
  public void header(int p, int connId, int flagBits, int from, int to, int sport, int dport) {
    conn[p] = connId;
    flags[p] = flagBits;
    src[p] = from;
    dst[p] = to;
    srcPort[p] = sport;
    dstPort[p] = dport;
  }

  public void setFlags(int p, int f) {
    flags[p] = f;
  }

  public void setSrc(int p, int s) {
    src[p] = s;
  }

  /** Rewrites the destination (a load balancer forwarding to a backend). */
  public void setDst(int p, int d) {
    dst[p] = d;
  }

  public void setSeq(int p, int s) {
    seq[p] = s;
  }

  public void setAck(int p, int a) {
    ack[p] = a;
  }

  public void setBytes(int p, int b) {
    bytes[p] = b;
  }

  public void setLastHop(int p, int node) {
    lastHop[p] = node;
  }

  public void setTimestamps(int p, long val, long ecr) {
    tsVal[p] = val;
    tsEcr[p] = ecr;
  }

  public void addSack(int p, int start, int end) {
    int n = sackCount[p];
    if (n == MAX_SACK_BLOCKS) throw new IllegalStateException("too many SACK blocks");
    sackStart[p * MAX_SACK_BLOCKS + n] = start;
    sackEnd[p * MAX_SACK_BLOCKS + n] = end;
    sackCount[p] = n + 1;
  }
}
