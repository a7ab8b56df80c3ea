package io.pikachu.netmodels.metrics;

import io.pikachu.netmodels.sim.Simulator;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code flows.csv}: one row per flow of a run, finished or not, by flow id. A flow still running
 * when the run ended has {@code finished} 0 and its time so far as {@code fct_us} (a lower bound),
 * so that an analysis that drops it does so knowingly: leaving out the slowest flows is the bias
 * that decides a saturated fabric's figures.
 */
public final class FlowsCsv {
  public static final String HEADER =
      "id,src,dst,start_us,bytes,fct_us,data_packets,out_of_order_packets,out_of_order_bytes,"
          + "retransmits,timeouts,finished,acked_bytes\n";

  private FlowsCsv() {}

  public static void write(List<FlowRecord> finished, List<FlowRecord> unfinished, Path file)
      throws IOException {
    List<FlowRecord> all = new ArrayList<>(finished);
    all.addAll(unfinished);
    all.sort(Comparator.comparingInt(FlowRecord::id));
    try (Writer w = Files.newBufferedWriter(file)) {
      w.write(HEADER);
      for (FlowRecord f : all) {
        w.write(
            String.format(
                Locale.ROOT,
                "%d,%d,%d,%.3f,%d,%.3f,%d,%d,%d,%d,%d,%d,%d%n",
                f.id(),
                f.src(),
                f.dst(),
                f.startPs() / (double) Simulator.PS_PER_US,
                f.bytes(),
                f.fctPs() / (double) Simulator.PS_PER_US,
                f.dataPackets(),
                f.outOfOrder(),
                f.outOfOrderBytes(),
                f.retransmits(),
                f.timeouts(),
                f.finished() ? 1 : 0,
                f.ackedBytes()));
      }
    }
  }
}
