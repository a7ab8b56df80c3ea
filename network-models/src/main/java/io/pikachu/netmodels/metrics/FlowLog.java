package io.pikachu.netmodels.metrics;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.tcp.FlowObserver;
import io.pikachu.netmodels.tcp.TcpReceiver;
import io.pikachu.netmodels.tcp.TcpSender;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Records finished flows, and knows the flows still running. Only flows that started in the
 * measurement window {@code [fromPs, toPs)} are kept (the others warm the network up or are cut off
 * by the end of the run).
 */
public final class FlowLog implements FlowObserver {
  private final Map<Integer, Integer> hostIndex = new HashMap<>();
  private final long fromPs;
  private final long toPs;
  private final List<FlowRecord> records = new ArrayList<>();
  // Flows of the window not yet finished, by connection, in the order they started.
  private final Map<Integer, TcpSender> open = new java.util.LinkedHashMap<>();
  private long failed;
  private long finished;
  private long startedInWindow;
  private Runnable afterEach = () -> {};

  public FlowLog(List<Host> hosts, long fromPs, long toPs) {
    for (int i = 0; i < hosts.size(); i++) hostIndex.put(hosts.get(i).id(), i);
    this.fromPs = fromPs;
    this.toPs = toPs;
  }

  @Override
  public void onComplete(TcpSender f, TcpReceiver r) {
    finished++;
    record(f, r);
    afterEach.run();
  }

  private void record(TcpSender f, TcpReceiver r) {
    if (f.startPs() < fromPs || f.startPs() >= toPs) return;
    open.remove(f.conn());
    records.add(record(f, r, f.endPs(), true));
  }

  private FlowRecord record(TcpSender f, TcpReceiver r, long endPs, boolean finished) {
    return new FlowRecord(
        f.conn(),
        hostIndex.get(f.host().id()),
        hostIndex.get(f.peer()),
        f.bytes(),
        f.startPs(),
        endPs,
        r == null ? 0 : r.dataPackets(),
        r == null ? 0 : r.outOfOrder(),
        r == null ? 0 : r.outOfOrderBytes(),
        r == null ? 0 : r.aheadOfOrder(),
        f.retransmits(),
        f.timeouts(),
        finished,
        f.ackedBytes());
  }

  /**
   * The window's flows that had not finished at {@code nowPs} (still running, or given up), as
   * records with {@code finished == false}, in the order they started; {@code receiver} gives a
   * connection's receiver (or null).
   */
  public List<FlowRecord> unfinished(
      long nowPs, java.util.function.IntFunction<TcpReceiver> receiver) {
    List<FlowRecord> u = new ArrayList<>();
    for (TcpSender f : open.values()) {
      u.add(record(f, receiver.apply(f.conn()), f.failed() ? f.endPs() : nowPs, false));
    }
    return u;
  }

  @Override
  public void onFailed(TcpSender f) {
    failed++;
    finished++;
    afterEach.run();
  }

  /** Runs after every flow that finishes or fails (a run's stop condition, say). */
  public void afterEach(Runnable r) {
    afterEach = r;
  }

  @Override
  public void onStart(TcpSender f) {
    if (f.startPs() >= fromPs && f.startPs() < toPs) {
      startedInWindow++;
      open.put(f.conn(), f);
    }
  }

  public long startedInWindow() {
    return startedInWindow;
  }

  /** Flows finished or failed so far, in or out of the window. */
  public long finished() {
    return finished;
  }

  /** Finished flows of the window, in completion order. */
  public List<FlowRecord> records() {
    return records;
  }

  public long failed() {
    return failed;
  }
}
