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
 * Records finished flows. Only flows that started in the measurement window {@code [fromPs, toPs)}
 * are kept (the others warm the network up or are cut off by the end of the run).
 */
public final class FlowLog implements FlowObserver {
  private final Map<Integer, Integer> hostIndex = new HashMap<>();
  private final long fromPs;
  private final long toPs;
  private final List<FlowRecord> records = new ArrayList<>();
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
    records.add(
        new FlowRecord(
            f.conn(),
            hostIndex.get(f.host().id()),
            hostIndex.get(f.peer()),
            f.bytes(),
            f.startPs(),
            f.endPs(),
            r == null ? 0 : r.dataPackets(),
            r == null ? 0 : r.outOfOrder(),
            r == null ? 0 : r.outOfOrderBytes(),
            r == null ? 0 : r.aheadOfOrder(),
            f.retransmits(),
            f.timeouts()));
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
    if (f.startPs() >= fromPs && f.startPs() < toPs) startedInWindow++;
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
