package io.pikachu.netmodels.metrics;

import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one output port did over a run (NetBench's port utilisation log, with drops and the deepest
 * queue): written as {@code ports.csv}.
 *
 * @param name {@code owner->peer}
 * @param switchPort whether the owner is a switch (else a host's NIC)
 * @param packets packets delivered to the peer
 * @param bytes their wire bytes
 * @param drops packets dropped at this port's queue
 * @param ecnMarks packets marked Congestion Experienced here
 * @param peakQueuePackets most packets waiting at once (the one being sent not counted)
 * @param peakQueueBytes most bytes waiting at once
 */
public record PortStats(
    String name,
    boolean switchPort,
    long rateBps,
    long packets,
    long bytes,
    long drops,
    long ecnMarks,
    int peakQueuePackets,
    long peakQueueBytes) {

  public static PortStats of(Port p) {
    return new PortStats(
        p.toString(),
        p.owner() instanceof Switch,
        p.rateBps(),
        p.departures(),
        p.bytesSent(),
        p.drops(),
        p.ecnMarks(),
        p.peakQueuePackets(),
        p.peakQueueBytes());
  }

  public static List<PortStats> of(List<Port> ports) {
    List<PortStats> s = new ArrayList<>(ports.size());
    for (Port p : ports) s.add(of(p));
    return s;
  }

  /** Share of the run's time the link was busy delivering what it delivered. */
  public double utilisation(long runPs) {
    return runPs <= 0 ? 0 : bytes * 8.0 / rateBps / (runPs / 1e12);
  }

  static final String HEADER =
      "port,switch_port,gbps,packets,bytes,utilisation,drops,ecn_marks,peak_queue_packets,"
          + "peak_queue_bytes\n";

  /** Writes {@code ports.csv}: one row per port, in the network's order. */
  public static void write(List<PortStats> ports, long runPs, Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file)) {
      w.write(HEADER);
      for (PortStats p : ports) {
        w.write(
            String.format(
                Locale.ROOT,
                "%s,%d,%s,%d,%d,%.6f,%d,%d,%d,%d%n",
                p.name(),
                p.switchPort() ? 1 : 0,
                new java.math.BigDecimal(Double.toString(p.rateBps() / 1e9))
                    .stripTrailingZeros()
                    .toPlainString(),
                p.packets(),
                p.bytes(),
                p.utilisation(runPs),
                p.drops(),
                p.ecnMarks(),
                p.peakQueuePackets(),
                p.peakQueueBytes()));
      }
    }
  }
}
