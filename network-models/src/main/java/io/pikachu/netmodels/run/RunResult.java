package io.pikachu.netmodels.run;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.metrics.FlowRecord;
import io.pikachu.netmodels.metrics.PortStats;
import io.pikachu.netmodels.metrics.QueueSampler;
import java.util.List;

/**
 * What one run produced.
 *
 * @param flows finished flows of the measurement window
 * @param unfinished flows of the window that had not finished when the run ended (flagged)
 * @param windowStarted flows that started in the measurement window
 * @param started flows started in the whole run
 * @param queues queue statistics, or null when not sampled
 * @param packetHops packets delivered over links (one per packet per hop)
 * @param poolHighWater most packets alive at once
 * @param queueShape the event queue's buckets at the end of the run
 * @param wallSeconds wall time of the run
 * @param endPs simulated time at which the run ended
 * @param ports every port's traffic, drops and deepest queue
 */
public record RunResult(
    Scheme scheme,
    List<FlowRecord> flows,
    List<FlowRecord> unfinished,
    long windowStarted,
    long started,
    long opened,
    QueueSampler queues,
    long drops,
    long packetHops,
    long events,
    int poolHighWater,
    String queueShape,
    double wallSeconds,
    long endPs,
    List<PortStats> ports) {
  /** Flows that started in the measurement window but had not finished when the run ended. */
  public long unfinishedInWindow() {
    return windowStarted - flows.size();
  }

  public FctSummary fct() {
    return FctSummary.of(flows);
  }

  /** Out-of-order data packets over all data packets received, for the given flows. */
  public static double outOfOrderShare(List<FlowRecord> flows) {
    long ooo = 0;
    long all = 0;
    for (FlowRecord f : flows) {
      ooo += f.outOfOrder();
      all += f.dataPackets();
    }
    return all == 0 ? 0 : (double) ooo / all;
  }
}
