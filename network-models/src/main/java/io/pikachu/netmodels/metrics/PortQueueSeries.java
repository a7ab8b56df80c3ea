package io.pikachu.netmodels.metrics;

import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * Every {@code periodPs} in {@code [0, toPs)}, one CSV row per port: {@code
 * time_us,port,queue_packets,queue_bytes} (packets waiting, not the one being sent; the port is
 * named {@code owner->peer}). Rows are written as they are sampled, so a long run does not hold
 * them in memory.
 */
public final class PortQueueSeries implements EventSource {
  public static final String HEADER = "time_us,port,queue_packets,queue_bytes\n";

  private final Simulator sim;
  private final List<Port> ports;
  private final String[] names;
  private final long periodPs;
  private final long toPs;
  private final Writer out;
  private long rows;

  public PortQueueSeries(Simulator sim, List<Port> ports, long periodPs, long toPs, Writer out) {
    if (periodPs <= 0) throw new IllegalArgumentException("sampling period must be positive");
    this.sim = sim;
    this.ports = ports;
    this.periodPs = periodPs;
    this.toPs = toPs;
    this.out = out;
    this.names = new String[ports.size()];
    for (int i = 0; i < names.length; i++) {
      Port p = ports.get(i);
      names[i] = p.owner().name() + "->" + p.peer().name();
    }
    write(HEADER);
    sim.schedule(0, this, 0);
  }

  @Override
  public void onEvent(int tag) {
    String t = String.format(Locale.ROOT, "%.3f", sim.now() / (double) Simulator.PS_PER_US);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      Port p = ports.get(i);
      b.append(t).append(',').append(names[i]).append(',');
      b.append(p.queueLength()).append(',').append(p.queueBytes()).append('\n');
    }
    write(b.toString());
    rows += names.length;
    long next = sim.now() + periodPs;
    if (next < toPs) sim.schedule(next, this, 0);
  }

  public long rows() {
    return rows;
  }

  private void write(String s) {
    try {
      out.write(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
