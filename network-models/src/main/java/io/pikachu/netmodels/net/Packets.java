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

  // ECN (RFC 3168), in a packet's mark: ECT and CE are the IP header's codepoints, ECE and CWR
  // TCP's flags.
  /** ECN-capable transport: a switch may mark this packet instead of dropping it. */
  public static final int ECT = 1;

  /** Congestion Experienced: set by a switch whose queue is above its marking threshold. */
  public static final int CE = 2;

  /** ECN-Echo: the receiver reports CE back to the sender on an ACK. */
  public static final int ECE = 4;

  /** Congestion Window Reduced: the sender has reacted. */
  public static final int CWR = 8;

  // One packet's header fields are one 64-byte stride of one array (not one array per field):
  // forwarding a packet touches one or two cache lines instead of one per field.
  private static final int STRIDE = 16;
  private static final int CONN = 0;
  private static final int FLAGS = 1;
  private static final int SRC = 2;
  private static final int DST = 3;
  private static final int SRC_PORT = 4;
  private static final int DST_PORT = 5;
  private static final int SEQ = 6;
  private static final int ACKNO = 7;
  private static final int BYTES = 8;
  private static final int LAST_HOP = 9;
  private static final int SACK_COUNT = 10;
  private static final int TS_VAL = 11; // low and high words
  private static final int TS_ECR = 13; // low and high words
  private static final int MARK = 15; // the ECN bits

  private int capacity;
  private int[] f; // STRIDE ints per packet
  private int[] sack; // 2 * MAX_SACK_BLOCKS per packet: start, end, start, end, ...
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
    java.util.Arrays.fill(f, p * STRIDE, p * STRIDE + STRIDE, 0);
    f[p * STRIDE + LAST_HOP] = -1;
    return p;
  }

  /** A new packet with every field of {@code p} (a balancer duplicating a SYN, say). */
  public int copy(int p) {
    int c = allocate();
    System.arraycopy(f, p * STRIDE, f, c * STRIDE, STRIDE);
    int w = 2 * MAX_SACK_BLOCKS;
    System.arraycopy(sack, p * w, sack, c * w, w);
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
    f = f == null ? new int[n * STRIDE] : Arrays.copyOf(f, n * STRIDE);
    int w = 2 * MAX_SACK_BLOCKS;
    sack = sack == null ? new int[n * w] : Arrays.copyOf(sack, n * w);
    int[] fl = new int[n];
    System.arraycopy(freeList == null ? new int[0] : freeList, 0, fl, 0, freeTop);
    // New handles go on the free list highest first, so that low handles are used first.
    for (int h = n - 1; h >= capacity; h--) fl[freeTop++] = h;
    freeList = fl;
    capacity = n;
  }

  private long getLong(int p, int field) {
    int i = p * STRIDE + field;
    return ((long) f[i + 1] << 32) | (f[i] & 0xffffffffL);
  }

  private void setLong(int p, int field, long v) {
    int i = p * STRIDE + field;
    f[i] = (int) v;
    f[i + 1] = (int) (v >>> 32);
  }

  // Field access. Plain getters and setters: the JIT inlines them into array loads and stores.

  public int conn(int p) {
    return f[p * STRIDE + CONN];
  }

  public int flags(int p) {
    return f[p * STRIDE + FLAGS];
  }

  public boolean has(int p, int flag) {
    return (f[p * STRIDE + FLAGS] & flag) != 0;
  }

  public int src(int p) {
    return f[p * STRIDE + SRC];
  }

  public int dst(int p) {
    return f[p * STRIDE + DST];
  }

  public int srcPort(int p) {
    return f[p * STRIDE + SRC_PORT];
  }

  public int dstPort(int p) {
    return f[p * STRIDE + DST_PORT];
  }

  public int seq(int p) {
    return f[p * STRIDE + SEQ];
  }

  public int ack(int p) {
    return f[p * STRIDE + ACKNO];
  }

  public int bytes(int p) {
    return f[p * STRIDE + BYTES];
  }

  public int lastHop(int p) {
    return f[p * STRIDE + LAST_HOP];
  }

  public long tsVal(int p) {
    return getLong(p, TS_VAL);
  }

  public long tsEcr(int p) {
    return getLong(p, TS_ECR);
  }

  /** The packet's ECN bits (RFC 3168 codepoints in the IP header, ECE and CWR in TCP's). */
  public int mark(int p) {
    return f[p * STRIDE + MARK];
  }

  public void setMark(int p, int bits) {
    f[p * STRIDE + MARK] = bits;
  }

  public int sackCount(int p) {
    return f[p * STRIDE + SACK_COUNT];
  }

  public int sackStart(int p, int i) {
    return sack[p * 2 * MAX_SACK_BLOCKS + 2 * i];
  }

  public int sackEnd(int p, int i) {
    return sack[p * 2 * MAX_SACK_BLOCKS + 2 * i + 1];
  }

  /** Sets the header fields every packet has. */
  public void header(int p, int connId, int flagBits, int from, int to, int sport, int dport) {
    int i = p * STRIDE;
    f[i + CONN] = connId;
    f[i + FLAGS] = flagBits;
    f[i + SRC] = from;
    f[i + DST] = to;
    f[i + SRC_PORT] = sport;
    f[i + DST_PORT] = dport;
  }

  public void setFlags(int p, int flagBits) {
    f[p * STRIDE + FLAGS] = flagBits;
  }

  public void setSrc(int p, int s) {
    f[p * STRIDE + SRC] = s;
  }

  /** Rewrites the destination (a load balancer forwarding to a backend). */
  public void setDst(int p, int d) {
    f[p * STRIDE + DST] = d;
  }

  public void setSeq(int p, int s) {
    f[p * STRIDE + SEQ] = s;
  }

  public void setAck(int p, int a) {
    f[p * STRIDE + ACKNO] = a;
  }

  public void setBytes(int p, int b) {
    f[p * STRIDE + BYTES] = b;
  }

  public void setLastHop(int p, int node) {
    f[p * STRIDE + LAST_HOP] = node;
  }

  public void setTimestamps(int p, long val, long ecr) {
    setLong(p, TS_VAL, val);
    setLong(p, TS_ECR, ecr);
  }

  public void addSack(int p, int start, int end) {
    int n = f[p * STRIDE + SACK_COUNT];
    if (n == MAX_SACK_BLOCKS) throw new IllegalStateException("too many SACK blocks");
    int i = p * 2 * MAX_SACK_BLOCKS + 2 * n;
    sack[i] = start;
    sack[i + 1] = end;
    f[p * STRIDE + SACK_COUNT] = n + 1;
  }
}
