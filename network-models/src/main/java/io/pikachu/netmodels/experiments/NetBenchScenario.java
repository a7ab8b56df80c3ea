package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.fabric.FatTreeFabric;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.metrics.FlowRecord;
import io.pikachu.netmodels.report.Table;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.run.Simulation;
import io.pikachu.netmodels.sim.RandomStreams;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.traffic.FlowList;
import io.pikachu.netmodels.traffic.FlowSizes;
import io.pikachu.netmodels.traffic.FlowSpec;
import io.pikachu.netmodels.traffic.PoissonAllToAll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scenario run on both this simulator and NetBench (github.com/ndal-eth/netbench) for the speed
 * comparison: NetBench's k=4 fat-tree (its {@code fat_tree_k4.topology} extended with 2 servers per
 * ToR), 1 Gbps links of 25 us, 1.5 MB drop-tail ports, ECMP, NetBench's NewReno with its defaults
 * ({@link TcpConfig#netbench()}), web-search flow sizes, Poisson all-to-all arrivals. The flows are
 * drawn here and handed to NetBench as its {@code traffic_arrivals_list}, so both simulators run
 * exactly the same flows. Server {@code 20 + i} of NetBench is host S(i) here (both number servers
 * ToR by ToR).
 */
public record NetBenchScenario(double load, double arrivalSeconds, double runSeconds, long seed) {
  static final int NETBENCH_FIRST_SERVER = 20;
  static final int HOSTS = 16;

  public NetBenchScenario {
    if (!(load > 0 && load <= 1))
      throw new IllegalArgumentException("--load must be in (0, 1], got " + load);
    if (!(arrivalSeconds > 0) || !(runSeconds >= arrivalSeconds)) {
      throw new IllegalArgumentException("need 0 < arrival time <= run time");
    }
  }

  public static FatTreeFabric fabric() {
    return FatTreeFabric.kAry(
        4, 1_000_000_000L, 25 * Simulator.PS_PER_US, 1_500_000, Integer.MAX_VALUE);
  }

  public List<FlowSpec> flows() {
    TcpConfig tcp = TcpConfig.netbench();
    double wire = (tcp.mss() + tcp.headerBytes()) / (double) tcp.mss();
    return FlowList.drain(
            new PoissonAllToAll(
                HOSTS,
                1_000_000_000L,
                load,
                FlowSizes.webSearchDrill(),
                wire,
                0,
                Math.round(arrivalSeconds * Simulator.PS_PER_S),
                new RandomStreams(seed)))
        .flows();
  }

  public RunResult runOurs() {
    List<FlowSpec> flows = flows();
    return new Simulation(fabric())
        .scheme(Scheme.of(Scheme.Kind.ECMP))
        .tcp(TcpConfig.netbench())
        .workload((rnd, n) -> new FlowList(flows))
        .afterBuild(
            net -> {
              NetBenchEcmp hash = new NetBenchEcmp(net);
              for (var g : net.groups()) if (g.size() > 1) g.setSelector(hash);
            })
        .seed(seed)
        .end(Math.round(runSeconds * Simulator.PS_PER_S))
        .run();
  }

  /** Writes NetBench's run configuration; its output goes to {@code <dir>/netbench-run}. */
  public Path writeNetBenchProperties(Path dir, Path topology) throws IOException {
    Files.createDirectories(dir);
    StringBuilder list = new StringBuilder();
    for (FlowSpec f : flows()) {
      if (list.length() > 0) list.append(';');
      list.append('(')
          .append(f.startPs() / Simulator.PS_PER_NS)
          .append(',')
          .append(NETBENCH_FIRST_SERVER + f.src())
          .append(',')
          .append(NETBENCH_FIRST_SERVER + f.dst())
          .append(',')
          .append(f.bytes())
          .append(')');
    }
    String props =
        String.join(
            "\n",
            "# Written by network-models' netbench-scenario: " + this,
            "scenario_topology_file=" + topology.toAbsolutePath(),
            "scenario_topology_extend_with_servers=regular",
            "scenario_topology_extend_servers_per_tl_node=2",
            "seed=" + (seed == 0 ? 1 : seed),
            String.format(Locale.ROOT, "run_time_s=%s", runSeconds),
            "run_folder_name=netbench-run",
            "run_folder_base_dir=" + dir.toAbsolutePath(),
            "transport_layer=tcp",
            "network_device=ecmp_switch",
            "network_device_routing=ecmp",
            "network_device_intermediary=identity",
            "output_port=ecn_tail_drop",
            "output_port_max_queue_size_bytes=1500000",
            "output_port_ecn_threshold_k_bytes=1500000",
            "link=perfect_simple",
            "link_delay_ns=25000",
            "link_bandwidth_bit_per_ns=1",
            "enable_log_flow_throughput=false",
            "traffic=traffic_arrivals_string",
            "traffic_arrivals_list=" + list,
            "");
    Path file = dir.resolve("netbench.properties");
    Files.writeString(file, props);
    return file;
  }

  /** Our finished flows as NetBench's flow_completion.csv.log lines (ids, ns), for comparison. */
  public static void writeOurFlows(RunResult r, Path file) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (FlowRecord f : r.flows()) {
      sb.append(f.id())
          .append(',')
          .append(f.bytes())
          .append(',')
          .append(f.startPs() / Simulator.PS_PER_NS)
          .append(',')
          .append(f.fctPs() / Simulator.PS_PER_NS)
          .append('\n');
    }
    Files.writeString(file, sb.toString());
  }

  /**
   * Mean and 99th-percentile FCT of the flows both simulators finished, from our {@code
   * flowId,bytes,start_ns,fct_ns} file and NetBench's flow_completion.csv.log.
   */
  public static Table compare(Path ours, Path netbench) throws IOException {
    Map<Integer, Long> a = new HashMap<>();
    for (String line : Files.readAllLines(ours)) {
      if (line.isBlank()) continue;
      String[] c = line.split(",");
      a.put(Integer.parseInt(c[0]), Long.parseLong(c[3]));
    }
    Map<Integer, Long> b = new HashMap<>();
    int nbFlows = 0;
    for (String line : Files.readAllLines(netbench)) {
      if (line.isBlank()) continue;
      String[] c = line.split(",");
      if (c.length < 9)
        throw new IllegalArgumentException(
            netbench + ": not a NetBench flow_completion.csv.log line: " + line);
      nbFlows++;
      if (c[8].trim().equals("TRUE")) b.put(Integer.parseInt(c[0]), Long.parseLong(c[7]));
    }
    List<FlowRecord> ra = new ArrayList<>();
    List<FlowRecord> rb = new ArrayList<>();
    for (Map.Entry<Integer, Long> e : a.entrySet()) {
      Long nb = b.get(e.getKey());
      if (nb == null) continue;
      ra.add(fctOnly(e.getKey(), e.getValue()));
      rb.add(fctOnly(e.getKey(), nb));
    }
    FctSummary sa = FctSummary.of(ra);
    FctSummary sb = FctSummary.of(rb);
    Table t =
        new Table(
            "FCT of the flows both simulators finished",
            "simulator",
            "flows_finished",
            "common",
            "mean_fct_ms",
            "median_fct_ms",
            "p99_fct_ms");
    t.row("network-models", a.size(), sa.count(), sa.meanMs(), sa.medianMs(), sa.p99Ms());
    t.row("NetBench", b.size(), sb.count(), sb.meanMs(), sb.medianMs(), sb.p99Ms());
    t.note(
        String.format(
            Locale.ROOT,
            "NetBench logged %d flows; ours/NetBench: mean %.3f, median %.3f, p99 %.3f",
            nbFlows,
            sa.meanMs() / sb.meanMs(),
            sa.medianMs() / sb.medianMs(),
            sa.p99Ms() / sb.p99Ms()));
    return t;
  }

  /** A record that holds only a flow's completion time (ns), for comparing FCTs. */
  private static FlowRecord fctOnly(int id, long fctNs) {
    return new FlowRecord(id, 0, 0, 0, 0, fctNs * Simulator.PS_PER_NS, 0, 0, 0, 0, 0, 0, true, 0);
  }
}
