package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpSender;
import java.util.Arrays;

/**
 * One repetition of one load: every connection's completion time (from opening to its last byte
 * acknowledged, in seconds, in opening order), and what the servers and balancers did.
 *
 * @param fct completion times; a connection that failed counts with the time it gave up
 * @param failed connections whose SYNs all went unanswered
 * @param won connections established at each server
 * @param refused SYNs each server dropped (backlog full)
 * @param cpuBusy CPU seconds each server spent
 * @param abandoned half-open connections the servers gave up (TAALK's losers)
 * @param lateSyns SYN copies that reached a server after their connection had ended
 */
public record LoadRun(
    int load,
    int rep,
    double[] fct,
    int failed,
    long[] won,
    long[] refused,
    long[] cpuDrops,
    double[] cpuBusy,
    long synCopies,
    long unmarked,
    long retransmits,
    long abandoned,
    long lateSyns) {

  /** The job completion time: the largest FCT of the load. */
  public double jct() {
    return Arrays.stream(fct).max().orElse(0);
  }

  public double meanFct() {
    return Arrays.stream(fct).average().orElse(0);
  }

  static final class Builder {
    private final int load;
    private final int rep;
    private final double[] fct;
    private final boolean[] seen;
    private int failed;
    private final long[] won;
    private final long[] refused;
    private final long[] cpuDrops;
    private final double[] cpuBusy;
    private long synCopies;
    private long unmarked;
    private long retransmits;
    private long abandoned;
    private long lateSyns;

    Builder(int load, int rep, int servers) {
      this.load = load;
      this.rep = rep;
      fct = new double[load];
      seen = new boolean[load];
      won = new long[servers];
      refused = new long[servers];
      cpuDrops = new long[servers];
      cpuBusy = new double[servers];
    }

    void flow(TcpSender f, boolean gaveUp) {
      fct[f.conn()] = (f.endPs() - f.startPs()) / (double) Simulator.PS_PER_S;
      seen[f.conn()] = true;
      retransmits += f.retransmits();
      if (gaveUp) failed++;
    }

    void server(int i, Backend b, ServerCpu cpu) {
      won[i] = b.won();
      refused[i] = cpu.refusedSyns();
      cpuDrops[i] = cpu.dropped();
      cpuBusy[i] = cpu.busySeconds();
      abandoned += b.lost();
      lateSyns += b.lateSyns();
    }

    void balancer(Balancer b) {
      synCopies += b.synCopies();
      unmarked += b.unmarked();
    }

    LoadRun build() {
      for (int i = 0; i < load; i++) {
        if (!seen[i]) throw new IllegalStateException("connection " + i + " never ended");
      }
      return new LoadRun(
          load,
          rep,
          fct,
          failed,
          won,
          refused,
          cpuDrops,
          cpuBusy,
          synCopies,
          unmarked,
          retransmits,
          abandoned,
          lateSyns);
    }
  }
}
