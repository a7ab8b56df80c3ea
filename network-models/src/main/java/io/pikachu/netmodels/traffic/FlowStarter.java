package io.pikachu.netmodels.traffic;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpStack;
import java.util.List;

/** Starts the flows of a sequence at their times: one pending event, for the next flow only. */
public final class FlowStarter implements EventSource {
  private final Simulator sim;
  private final TcpStack tcp;
  private final List<Host> hosts;
  private final FlowSequence flows;
  private FlowSpec pending;
  private long started;

  public FlowStarter(Simulator sim, TcpStack tcp, List<Host> hosts, FlowSequence flows) {
    this.sim = sim;
    this.tcp = tcp;
    this.hosts = hosts;
    this.flows = flows;
    pending = flows.next();
    if (pending != null) sim.schedule(pending.startPs(), this, 0);
  }

  @Override
  public void onEvent(int tag) {
    FlowSpec f = pending;
    tcp.open(hosts.get(f.src()), hosts.get(f.dst()), f.bytes());
    started++;
    pending = flows.next();
    if (pending != null) sim.schedule(Math.max(pending.startPs(), sim.now()), this, 0);
  }

  /** Whether every flow of the sequence has been started. */
  public boolean exhausted() {
    return pending == null;
  }

  public long started() {
    return started;
  }
}
