package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Node;
import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.RandomStreams;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A per-packet path-selection scheme by name, installed on every multi-port group of a network.
 * Names: {@code ecmp}, {@code ecmp-add} (the DRILL scripts' additive hash), {@code spray} (random
 * per packet), {@code rr}, {@code single}, {@code drill}, {@code piu:<interval>}, {@code ppu},
 * {@code cu:<interval>}; intervals as {@code 0.1us}, {@code 100ns}, {@code 10us}, {@code 1ms}.
 *
 * <p>{@code packetPeriodPs} (PPU and CU only; 0 for the others): a port's entry in the stale table
 * is refreshed by an arriving packet at most once in that time, 0 meaning by every packet. The
 * thesis estimates its own per-packet mechanism's staleness as one refresh of an entry every 2n
 * packets (2.4 us at 40 Gbps, section 5.3); this lets a run impose that period instead of the one
 * the model's packets give.
 */
public record Scheme(Kind kind, long intervalPs, long packetPeriodPs) {
  public enum Kind {
    ECMP,
    ECMP_ADDITIVE,
    SPRAY,
    ROUND_ROBIN,
    SINGLE,
    DRILL,
    PIU,
    PPU,
    CU
  }

  public Scheme {
    if (intervalPs < 0) throw new IllegalArgumentException("update interval must not be negative");
    boolean needs = kind == Kind.PIU || kind == Kind.CU;
    if (needs && intervalPs == 0) {
      throw new IllegalArgumentException(kind + " needs a positive update interval");
    }
    if (packetPeriodPs < 0) {
      throw new IllegalArgumentException("per-packet update period must not be negative");
    }
    if (packetPeriodPs > 0 && !perPacket(kind)) {
      throw new IllegalArgumentException(kind + " has no per-packet updates to space out");
    }
  }

  public static Scheme of(Kind k) {
    return new Scheme(k, 0, 0);
  }

  public static Scheme piu(long intervalPs) {
    return new Scheme(Kind.PIU, intervalPs, 0);
  }

  public static Scheme cu(long intervalPs) {
    return new Scheme(Kind.CU, intervalPs, 0);
  }

  private static boolean perPacket(Kind k) {
    return k == Kind.PPU || k == Kind.CU;
  }

  /**
   * PPU or CU with a port's entry refreshed by packets at most once every {@code ps} (0: by every
   * packet); any other scheme is returned as it is, having no per-packet updates.
   */
  public Scheme withPacketPeriod(long ps) {
    return perPacket(kind) ? new Scheme(kind, intervalPs, ps) : this;
  }

  /** Every per-packet path-selection policy, by the name the command line and the figures use. */
  public static final Registry<Scheme> REGISTRY =
      new Registry<Scheme>("scheme")
          .register("ecmp", "a salted hash of the 5-tuple: one path per flow", of(Kind.ECMP))
          .register(
              "ecmp-add",
              "the DRILL scripts' (src + dst + sport + dport) mod n",
              of(Kind.ECMP_ADDITIVE))
          .register("spray", "a random port per packet (seed 004)", of(Kind.SPRAY))
          .register("rps", "the same as spray (the DRILL scripts' label)", of(Kind.SPRAY))
          .register("rr", "the group's ports in turn, per packet", of(Kind.ROUND_ROBIN))
          .register("single", "always the first port (ns-3 global routing)", of(Kind.SINGLE))
          .register("drill", "DRILL(2,1) on fresh queue lengths", of(Kind.DRILL))
          .register(
              "piu",
              "interval",
              "DRILL on a table refreshed every interval (seed 002)",
              arg -> piu(parseDuration(arg, "interval of scheme 'piu:" + arg + "'")))
          .register(
              "ppu",
              "DRILL on a table refreshed by packets arriving from each port's far end",
              of(Kind.PPU))
          .register(
              "cu",
              "interval",
              "PIU and PPU together (seed 002)",
              arg -> cu(parseDuration(arg, "interval of scheme 'cu:" + arg + "'")));

  /** The scheme a name stands for; see {@link #REGISTRY}. */
  public static Scheme parse(String name) {
    return REGISTRY.create(name);
  }

  /** A duration such as {@code 0.1us}, {@code 100ns}, {@code 10us}, {@code 2ms}, {@code 1s}. */
  public static long parseDuration(String text, String what) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit;
    String num;
    if (t.endsWith("ns")) {
      unit = Simulator.PS_PER_NS;
      num = t.substring(0, t.length() - 2);
    } else if (t.endsWith("us")) {
      unit = Simulator.PS_PER_US;
      num = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ms")) {
      unit = Simulator.PS_PER_MS;
      num = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      unit = Simulator.PS_PER_S;
      num = t.substring(0, t.length() - 1);
    } else {
      throw new IllegalArgumentException(
          what + ": '" + text + "' has no unit (use ns, us, ms or s)");
    }
    double v;
    try {
      v = Double.parseDouble(num);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + ": '" + text + "' is not a number");
    }
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(what + " must be positive, got '" + text + "'");
    }
    return Math.round(v * unit);
  }

  /** A short name for tables: {@code drill}, {@code piu:10us}, ... */
  public String label() {
    String b =
        switch (kind) {
          case ECMP -> "ecmp";
          case ECMP_ADDITIVE -> "ecmp-add";
          case SPRAY -> "spray";
          case ROUND_ROBIN -> "rr";
          case SINGLE -> "single";
          case DRILL -> "drill";
          case PIU -> "piu";
          case PPU -> "ppu";
          case CU -> "cu";
        };
    return intervalPs > 0 ? b + ":" + formatInterval(intervalPs) : b;
  }

  /** An interval as the scheme names write it: {@code 10us}, {@code 2.4us}. */
  public static String formatInterval(long ps) {
    double us = ps / (double) Simulator.PS_PER_US;
    if (us == Math.rint(us)) return (long) us + "us";
    return String.format(Locale.ROOT, "%sus", stripZeros(us));
  }

  private static String stripZeros(double v) {
    String s = String.format(Locale.ROOT, "%.6f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /** The stale tables created by {@link #install} (empty for the other schemes). */
  public record Installed(List<StaleQueues> tables) {}

  /**
   * Gives every group of two or more ports a selector of this scheme, each with its own random
   * stream ({@code "lb"}, numbered by group) so that runs are reproducible.
   */
  public Installed install(Network net, RandomStreams random) {
    List<StaleQueues> tables = new ArrayList<>();
    Simulator sim = net.sim();
    int index = 0;
    for (PortGroup g : net.groups()) {
      if (g.size() < 2) continue;
      int n = index++;
      PathSelector sel =
          switch (kind) {
            case ECMP ->
                new Ecmp(net.packets(), (int) random.stream("ecmp-salt", n).nextLong(), false);
            case ECMP_ADDITIVE -> new Ecmp(net.packets(), 0, true);
            case SPRAY -> new RandomSpray(random.stream("lb", n));
            case ROUND_ROBIN -> new RoundRobin();
            case SINGLE -> new SinglePath();
            case DRILL -> new Drill(random.stream("lb", n), QueueView.FRESH);
            case PIU, PPU, CU -> {
              boolean perPacket = kind != Kind.PIU;
              StaleQueues t =
                  new StaleQueues(
                      sim,
                      net.packets(),
                      g,
                      net.nodes().size(),
                      intervalPs,
                      perPacket,
                      packetPeriodPs,
                      g.destination() >= 0);
              tables.add(t);
              Node owner = g.owner();
              if (t.perPacketAtSwitch() && owner instanceof Switch sw) sw.addObserver(t.observer());
              yield new Drill(random.stream("lb", n), t);
            }
          };
      g.setSelector(sel);
    }
    return new Installed(tables);
  }
}
