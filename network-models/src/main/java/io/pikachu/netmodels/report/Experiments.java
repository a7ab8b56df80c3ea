package io.pikachu.netmodels.report;

import io.pikachu.netmodels.assign.Assigner;
import io.pikachu.netmodels.assign.Assigner.Strategy;
import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.assign.VipShape;
import io.pikachu.netmodels.smux.FailureImpact;
import io.pikachu.netmodels.smux.FailureScenario;
import io.pikachu.netmodels.smux.SmuxLatencyModel;
import io.pikachu.netmodels.smux.SmuxProvisioner;
import io.pikachu.netmodels.smux.SmuxProvisioner.Provision;
import io.pikachu.netmodels.topology.EcmpRouter;
import io.pikachu.netmodels.workload.Workload;
import io.pikachu.netmodels.workload.WorkloadGenerator;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.Well19937c;

/** The simulations of section 3.8 (Figs. 3.16-3.20) on one {@link Scenario}. */
public final class Experiments {
  /** SMux capacities of section 3.8.2: production CPU limit, and a NIC-bound SMux. */
  public static final double SMUX_PRODUCTION_GBPS = 3.6;

  public static final double SMUX_NIC_GBPS = 10;

  /** Random 3-switch failures sampled per provisioning (the paper's 10 experiments). */
  public static final int FAILURE_SAMPLES = 10;

  public static final double STICKY_DELTA = 0.05;

  private final Scenario scenario;
  private final Workload workload;
  private final List<VipShape> shapes;
  private final Assigner assigner;
  private final SmuxProvisioner provisioner;
  private final java.util.Map<Double, Assignment> duetByLoad = new java.util.HashMap<>();
  private Strategy firstFit = Strategy.FIRST_FIT;
  private SmuxLatencyModel latency = SmuxLatencyModel.paper();

  public Experiments(Scenario scenario) {
    this.scenario = scenario;
    this.workload =
        new WorkloadGenerator(scenario.tree(), scenario.spec()).generate(scenario.seed());
    this.shapes = VipShape.of(workload.vips(), scenario.tree(), scenario.tables());
    this.assigner = new Assigner(scenario.tree(), scenario.tables(), shapes);
    this.provisioner = new SmuxProvisioner(scenario.tree(), shapes);
  }

  /**
   * A figure: its table of means, its charts, and, where a point averages several runs, a table
   * with one row per run ({@code <id>-runs.csv}; null when there is none).
   */
  public record Figure(String id, Table table, List<Chart> charts, Table runs) {
    public Figure(String id, Table table, List<Chart> charts) {
      this(id, table, charts, null);
    }
  }

  /**
   * Which reading of "first feasible" Fig. 3.18's Random uses (one fixed random order by default).
   */
  public Experiments withFirstFit(Strategy reading) {
    if (reading == Strategy.DUET) throw new IllegalArgumentException("Duet is not first-fit");
    firstFit = reading;
    return this;
  }

  /** The SMux latency model of Fig. 3.17 ({@link SmuxLatencyModel#paper()} by default). */
  public Experiments withSmuxLatency(SmuxLatencyModel model) {
    latency = model;
    return this;
  }

  public Workload workload() {
    return workload;
  }

  public Assigner assigner() {
    return assigner;
  }

  public List<VipShape> shapes() {
    return shapes;
  }

  /** VIP traffic at a total load, with the shares of the trace's first interval. */
  public double[] traffic(double totalGbps) {
    return workload.trace().gbps(0, totalGbps);
  }

  /** A fresh Duet assignment (not cached), for timing. */
  public Assignment assignDuet(double totalGbps) {
    return assigner.assign(traffic(totalGbps), Strategy.DUET, scenario.seed());
  }

  /** Duet's assignment at a total load; figures share it, so it is computed once per load. */
  public Assignment duet(double totalGbps) {
    return duetByLoad.computeIfAbsent(
        totalGbps, g -> assigner.assign(traffic(g), Strategy.DUET, scenario.seed()));
  }

  public Figure fig16() {
    Table t =
        new Table(
            "Fig 3.16: SMuxes needed, Duet vs Ananta (" + scenario.name() + " scale)",
            "total_gbps",
            "hmux_vips",
            "hmux_share",
            "leftover_gbps",
            "worst_container_gbps",
            "worst_random3_gbps",
            "adversarial3_gbps",
            "duet_3.6",
            "ananta_3.6",
            "ratio_3.6",
            "duet_10",
            "ananta_10",
            "ratio_10",
            "unrounded_ratio",
            "assign_seconds");
    Chart c = new Chart("SMuxes: Duet vs Ananta", "VIP traffic (Gbps)", "number of SMuxes").logY();
    for (double load : scenario.loadsGbps()) {
      Assignment a = duet(load);
      Provision p36 =
          provisioner.provision(a, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, 0, scenario.seed());
      Provision p10 = provisioner.provision(a, SMUX_NIC_GBPS, FAILURE_SAMPLES, 0, scenario.seed());
      t.row(
          load,
          a.hmuxVipCount(),
          a.hmuxShare(),
          p36.leftoverGbps(),
          p36.worstContainerGbps(),
          p36.worstSampledSwitchesGbps(),
          p36.worstThreeSwitchesGbps(),
          p36.smuxes(),
          p36.anantaSmuxes(),
          p36.anantaSmuxes() / (double) p36.smuxes(),
          p10.smuxes(),
          p10.anantaSmuxes(),
          p10.anantaSmuxes() / (double) p10.smuxes(),
          p10.trafficRatio(a.totalGbps()),
          a.runSeconds());
      c.point("Duet 3.6G", load, p36.smuxes())
          .point("Ananta 3.6G", load, p36.anantaSmuxes())
          .point("Duet 10G", load, p10.smuxes())
          .point("Ananta 10G", load, p10.anantaSmuxes());
    }
    t.note(
        "Duet SMuxes = ceil((leftover + max(worst container failure, worst of "
            + FAILURE_SAMPLES
            + " random 3-switch failures)) / C); adversarial3 (top-3 loaded switches) is reported, not used.");
    return new Figure("fig16", t, List.of(c));
  }

  public Figure fig17() {
    double load = scenario.topLoadGbps();
    SmuxLatencyModel model = latency;
    Assignment a = duet(load);
    Provision p =
        provisioner.provision(a, model.capacityGbps(), FAILURE_SAMPLES, 0, scenario.seed());
    SmuxLatencyModel.Result duet = model.perSmux(a.leftoverGbps() / p.smuxes());
    Table t =
        new Table(
            "Fig 3.17: median SMux latency vs number of SMuxes at "
                + Math.round(load)
                + " Gbps ("
                + scenario.name()
                + " scale)",
            "system",
            "smuxes",
            "gbps_per_smux",
            "utilisation",
            "median_us",
            "mean_us",
            "drop_rate");
    Chart c =
        new Chart("Latency vs SMuxes", "number of SMuxes", "median latency (us)").logX().logY();
    t.row(
        "Duet",
        p.smuxes(),
        a.leftoverGbps() / p.smuxes(),
        duet.utilisation(),
        duet.medianMicros(),
        duet.meanMicros(),
        duet.dropRate());
    c.point("Duet", p.smuxes(), duet.medianMicros());
    int match = -1;
    int anantaMin = Math.max(1, p.smuxes() / 2);
    int anantaMax = Math.max(p.anantaSmuxes() * 6, 4 * p.smuxes());
    for (int n : sweep(anantaMin, anantaMax)) {
      SmuxLatencyModel.Result r = model.perSmux(load / n);
      t.row("Ananta", n, load / n, r.utilisation(), r.medianMicros(), r.meanMicros(), r.dropRate());
      c.point("Ananta", n, r.medianMicros());
    }
    for (int n = p.anantaSmuxes();
        n <= 200 * p.anantaSmuxes() && match < 0;
        n = (int) Math.ceil(n * 1.01) + 1) {
      if (model.perSmux(load / n).medianMicros() <= duet.medianMicros()) match = n;
    }
    SmuxLatencyModel.Result same = model.perSmux(load / p.smuxes());
    t.note(
        String.format(
            java.util.Locale.ROOT,
            "Ananta with Duet's %d SMuxes: median %.0f us, drop rate %.3f",
            p.smuxes(),
            same.medianMicros(),
            same.dropRate()));
    t.note(
        "Ananta SMuxes needed to match Duet's median SMux latency: "
            + (match < 0 ? "not reached" : match));
    t.note(
        model.spreadPath()
            ? String.format(
                java.util.Locale.ROOT,
                "Model: per-SMux M/M/1/K, mu = 300K pkt/s, K = 2048, 1500-byte packets, plus a"
                    + " log-normal path delay (median %.1f us, sigma %.3f) that makes the no-load"
                    + " median 196 us and 90th percentile 1 ms (Fig. 3.1(a) as section 3.2.2 states"
                    + " it); HMux latency not modelled (line rate).",
                model.pathMedianMicros(),
                model.pathSigma())
            : "Model: per-SMux M/M/1/K, mu = 300K pkt/s, K = 2048, 1500-byte packets, plus a fixed"
                + " path delay that makes the no-load median 196 us; HMux latency not modelled (line"
                + " rate).");
    return new Figure("fig17", t, List.of(c));
  }

  private static List<Integer> sweep(int from, int to) {
    List<Integer> out = new ArrayList<>();
    double step = Math.pow((double) to / from, 1.0 / 14);
    double x = from;
    for (int i = 0; i <= 14; i++, x *= step) {
      int n = (int) Math.round(x);
      if (out.isEmpty() || out.get(out.size() - 1) != n) out.add(n);
    }
    return out;
  }

  public Figure fig18() {
    Table t =
        new Table(
            "Fig 3.18: SMuxes needed, Duet vs Random (first feasible"
                + (firstFit == Strategy.FIRST_FIT ? "" : ", " + firstFit)
                + ") ("
                + scenario.name()
                + " scale, C = 3.6 Gbps)",
            "total_gbps",
            "duet_hmux_share",
            "random_hmux_share",
            "duet_smuxes",
            "random_smuxes",
            "random_extra_pct");
    Chart c = new Chart("SMuxes: Duet vs Random", "VIP traffic (Gbps)", "number of SMuxes").logY();
    for (double load : scenario.loadsGbps()) {
      Assignment d = duet(load);
      Assignment r = assigner.assign(traffic(load), firstFit, scenario.seed());
      int nd =
          provisioner
              .provision(d, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, 0, scenario.seed())
              .smuxes();
      int nr =
          provisioner
              .provision(r, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, 0, scenario.seed())
              .smuxes();
      t.row(load, d.hmuxShare(), r.hmuxShare(), nd, nr, 100.0 * (nr - nd) / nd);
      c.point("Duet", load, nd).point("Random", load, nr);
    }
    return new Figure("fig18", t, List.of(c));
  }

  public Figure fig19() {
    double load = scenario.topLoadGbps();
    Assignment a = duet(load);
    int smuxes =
        provisioner
            .provision(a, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, 0, scenario.seed())
            .smuxes();
    FailureImpact impact = new FailureImpact(scenario.tree(), shapes);
    EcmpRouter.Loads before = impact.loads(a, smuxes, FailureScenario.none());
    double maxBefore = before.maxUtilisation(scenario.tree());
    Table t =
        new Table(
            "Fig 3.19: max link utilisation under failures at "
                + Math.round(load)
                + " Gbps ("
                + scenario.name()
                + " scale, "
                + smuxes
                + " SMuxes)",
            "experiment",
            "no_failure",
            "container_failure",
            "container_max_link_increase",
            "three_switch_failure",
            "three_switch_max_link_increase");
    Chart c =
        new Chart("Max link utilisation under failures", "experiment", "max link utilisation");
    Well19937c rnd = new Well19937c(scenario.seed() * 31 + 19);
    for (int e = 1; e <= 10; e++) {
      FailureScenario cont =
          FailureScenario.container(scenario.tree(), rnd.nextInt(scenario.tree().containers()));
      FailureScenario three = FailureScenario.randomSwitches(scenario.tree(), 3, rnd);
      EcmpRouter.Loads lc = impact.loads(a, smuxes, cont);
      EcmpRouter.Loads l3 = impact.loads(a, smuxes, three);
      double uc = lc.maxUtilisation(scenario.tree());
      double u3 = l3.maxUtilisation(scenario.tree());
      t.row(
          e,
          maxBefore,
          uc,
          impact.maxLinkIncrease(before, lc),
          u3,
          impact.maxLinkIncrease(before, l3));
      c.point("no failure", e, maxBefore)
          .point("container failure", e, uc)
          .point("3 switches", e, u3);
    }
    t.note(
        "Utilisation against full link bandwidth; the assignment itself fills links to 80% at most.");
    return new Figure("fig19", t, List.of(c));
  }

  public Figure fig20() {
    int k = workload.trace().intervals();
    Table t =
        new Table(
            "Fig 3.20: migration over the trace ("
                + scenario.name()
                + " scale, delta = "
                + STICKY_DELTA
                + ")",
            "interval",
            "total_gbps",
            "onetime_hmux",
            "sticky_hmux",
            "nonsticky_hmux",
            "sticky_shuffled",
            "nonsticky_shuffled",
            "nonsticky_stable_ties_shuffled",
            "smux_sticky",
            "smux_nonsticky",
            "smux_nomigration",
            "smux_ananta");
    Chart share =
        new Chart("HMux share of VIP traffic", "interval (10 min)", "share of traffic on HMuxes");
    Chart shuffled =
        new Chart("Traffic shuffled per migration", "interval (10 min)", "share of VIP traffic");
    Chart smux = new Chart("SMuxes needed", "interval (10 min)", "number of SMuxes").logY();
    Assignment first = assigner.assign(workload.trace().gbps(0), Strategy.DUET, scenario.seed());
    Assignment sticky = first;
    Assignment nonSticky = first;
    Assignment stable = first;
    for (int i = 0; i < k; i++) {
      double[] g = workload.trace().gbps(i);
      double total = workload.trace().totalGbps(i);
      Assignment oneTime = i == 0 ? first : assigner.keep(first, g);
      double sShuf = 0;
      double nShuf = 0;
      double stableShuf = 0;
      if (i > 0) {
        Assignment s = assigner.assign(g, Strategy.DUET, sticky, STICKY_DELTA, scenario.seed());
        // From scratch, with the tie-break randomness of a fresh computation...
        Assignment n = assigner.assign(g, Strategy.DUET, scenario.seed() + i);
        // ...and with the same tie-break keys every round, the most stable a from-scratch run can
        // be.
        Assignment ns = assigner.assign(g, Strategy.DUET, scenario.seed());
        sShuf = s.shuffledGbps(sticky);
        nShuf = n.shuffledGbps(nonSticky);
        stableShuf = ns.shuffledGbps(stable);
        sticky = s;
        nonSticky = n;
        stable = ns;
      }
      int smuxSticky =
          provisioner
              .provision(sticky, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, sShuf, scenario.seed())
              .smuxes();
      Provision pn =
          provisioner.provision(
              nonSticky, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, nShuf, scenario.seed());
      int noMigration =
          provisioner
              .provision(sticky, SMUX_PRODUCTION_GBPS, FAILURE_SAMPLES, 0, scenario.seed())
              .smuxes();
      t.row(
          i,
          total,
          oneTime.hmuxShare(),
          sticky.hmuxShare(),
          nonSticky.hmuxShare(),
          sShuf / total,
          nShuf / total,
          stableShuf / total,
          smuxSticky,
          pn.smuxes(),
          noMigration,
          pn.anantaSmuxes());
      share
          .point("One-time", i, oneTime.hmuxShare())
          .point("Sticky", i, sticky.hmuxShare())
          .point("Non-sticky", i, nonSticky.hmuxShare());
      if (i > 0) shuffled.point("Sticky", i, sShuf / total).point("Non-sticky", i, nShuf / total);
      smux.point("Sticky", i, smuxSticky)
          .point("Non-sticky", i, pn.smuxes())
          .point("No-migration", i, noMigration)
          .point("Ananta", i, pn.anantaSmuxes());
    }
    t.note(
        "shuffled = traffic (current interval) of VIPs whose HMux changed, incl. moves to/from SMuxes.");
    return new Figure("fig20", t, List.of(share, shuffled, smux));
  }
}
