package io.pikachu.netmodels.tool;

import io.pikachu.netmodels.fabric.Fabric;
import io.pikachu.netmodels.fabric.FatTreeFabric;
import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.fabric.Topology;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Node;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.Simulator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A topology read from a text file: one {@code key value} per line, {@code #} starts a comment. The
 * first key is {@code topology} with one of three kinds:
 *
 * <ul>
 *   <li>{@code leaf-spine}: {@code leaves}, {@code spines}, {@code hosts-per-leaf}, {@code
 *       host-gbps}, {@code uplink-gbps}, {@code host-delay-us}, {@code link-delay-us}, {@code
 *       queue-bytes};
 *   <li>{@code fat-tree}: {@code k}, {@code gbps}, {@code delay-us}, {@code queue-bytes}, {@code
 *       queue-packets};
 *   <li>{@code graph}: lines {@code host NAME}, {@code switch NAME} and {@code link A B GBPS
 *       DELAY_US QUEUE_BYTES}; every host has exactly one link and every host reaches every other.
 * </ul>
 *
 * Any mistake is an {@link IllegalArgumentException} naming the file, the line and what is wrong.
 */
public final class TopologyFile {
  private static final Set<String> LEAF_SPINE =
      Set.of(
          "leaves",
          "spines",
          "hosts-per-leaf",
          "host-gbps",
          "uplink-gbps",
          "host-delay-us",
          "link-delay-us",
          "queue-bytes");
  private static final Set<String> FAT_TREE =
      Set.of("k", "gbps", "delay-us", "queue-bytes", "queue-packets");

  private TopologyFile() {}

  public static Topology read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read topology file " + file + ": " + e);
    }
    return parse(file.toString(), lines);
  }

  static Topology parse(String name, List<String> lines) {
    List<Line> content = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String t = lines.get(i);
      int hash = t.indexOf('#');
      if (hash >= 0) t = t.substring(0, hash);
      t = t.strip();
      if (!t.isEmpty()) content.add(new Line(name, i + 1, t.split("\\s+")));
    }
    if (content.isEmpty() || !content.get(0).word(0).equals("topology")) {
      throw new IllegalArgumentException(
          name + ": the first line must be 'topology leaf-spine|fat-tree|graph'");
    }
    Line head = content.get(0);
    head.arity(2);
    List<Line> body = content.subList(1, content.size());
    return switch (head.word(1)) {
      case "leaf-spine" -> leafSpine(keys(name, body, LEAF_SPINE));
      case "fat-tree" -> fatTree(keys(name, body, FAT_TREE));
      case "graph" -> Graph.parse(name, body);
      default ->
          throw head.error(
              "unknown topology '" + head.word(1) + "': use leaf-spine, fat-tree or graph");
    };
  }

  private static LeafSpine leafSpine(Map<String, Line> k) {
    return new LeafSpine(
        k.get("leaves").count(),
        k.get("spines").count(),
        k.get("hosts-per-leaf").count(),
        k.get("host-gbps").bps(),
        k.get("uplink-gbps").bps(),
        k.get("host-delay-us").ps(),
        k.get("link-delay-us").ps(),
        k.get("queue-bytes").count(),
        Integer.MAX_VALUE);
  }

  private static FatTreeFabric fatTree(Map<String, Line> k) {
    Line kk = k.get("k");
    int arity = kk.count();
    if (arity % 2 != 0) throw kk.error("k must be even, got " + arity);
    return FatTreeFabric.kAry(
        arity,
        k.get("gbps").bps(),
        k.get("delay-us").ps(),
        k.get("queue-bytes").count(),
        k.get("queue-packets").count());
  }

  /** Each expected key exactly once, nothing else. */
  private static Map<String, Line> keys(String name, List<Line> body, Set<String> expected) {
    Map<String, Line> found = new HashMap<>();
    for (Line l : body) {
      String key = l.word(0);
      if (!expected.contains(key)) {
        throw l.error("unknown key '" + key + "': expected " + String.join(", ", sorted(expected)));
      }
      l.arity(2);
      if (found.put(key, l) != null) throw l.error("'" + key + "' given twice");
    }
    for (String key : sorted(expected)) {
      if (!found.containsKey(key))
        throw new IllegalArgumentException(name + ": missing '" + key + "'");
    }
    return found;
  }

  private static List<String> sorted(Set<String> s) {
    return s.stream().sorted().toList();
  }

  /** One non-blank line, split into words, that can name itself in an error. */
  record Line(String file, int number, String[] words) {
    String word(int i) {
      return words[i];
    }

    void arity(int n) {
      if (words.length != n) {
        throw error("'" + words[0] + "' takes " + (n - 1) + " value(s), got " + (words.length - 1));
      }
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException(file + " line " + number + ": " + what);
    }

    private double number(int i) {
      try {
        double v = Double.parseDouble(words[i]);
        if (!(v > 0) || Double.isInfinite(v)) throw new NumberFormatException();
        return v;
      } catch (NumberFormatException e) {
        throw error(words[0] + ": '" + words[i] + "' is not a positive number");
      }
    }

    int count() {
      return count(1);
    }

    int count(int i) {
      double v = number(i);
      if (v != Math.rint(v) || v > Integer.MAX_VALUE) {
        throw error(words[0] + ": '" + words[i] + "' is not a whole number");
      }
      return (int) v;
    }

    long bps() {
      return bps(1);
    }

    long bps(int i) {
      return Math.round(number(i) * 1e9);
    }

    long ps() {
      return ps(1);
    }

    long ps(int i) {
      return Math.round(number(i) * Simulator.PS_PER_US);
    }
  }

  /** An explicit graph of hosts and switches. */
  record Graph(Map<String, Boolean> nodes, List<Line> links, String file) implements Topology {
    static Graph parse(String file, List<Line> body) {
      Map<String, Boolean> nodes = new LinkedHashMap<>(); // name -> is a host
      List<Line> links = new ArrayList<>();
      Map<String, Integer> hostLinks = new HashMap<>();
      for (Line l : body) {
        switch (l.word(0)) {
          case "host", "switch" -> {
            l.arity(2);
            if (nodes.put(l.word(1), l.word(0).equals("host")) != null) {
              throw l.error("node '" + l.word(1) + "' declared twice");
            }
          }
          case "link" -> {
            l.arity(6);
            for (int i = 1; i <= 2; i++) {
              Boolean host = nodes.get(l.word(i));
              if (host == null) throw l.error("link to undeclared node '" + l.word(i) + "'");
              if (host) hostLinks.merge(l.word(i), 1, Integer::sum);
            }
            if (l.word(1).equals(l.word(2))) throw l.error("link from a node to itself");
            l.bps(3);
            l.ps(4);
            l.count(5);
            links.add(l);
          }
          default -> throw l.error("unknown line '" + l.word(0) + "': use host, switch or link");
        }
      }
      List<String> hosts =
          nodes.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
      if (hosts.size() < 2) throw new IllegalArgumentException(file + ": a graph needs two hosts");
      for (String h : hosts) {
        int n = hostLinks.getOrDefault(h, 0);
        if (n != 1) {
          throw new IllegalArgumentException(
              file + ": host '" + h + "' has " + n + " links; a host has exactly one");
        }
      }
      Graph g = new Graph(nodes, links, file);
      g.checkConnected(hosts);
      return g;
    }

    private void checkConnected(List<String> hosts) {
      Map<String, List<String>> adj = new HashMap<>();
      for (Line l : links) {
        adj.computeIfAbsent(l.word(1), x -> new ArrayList<>()).add(l.word(2));
        adj.computeIfAbsent(l.word(2), x -> new ArrayList<>()).add(l.word(1));
      }
      Set<String> seen = new java.util.HashSet<>();
      ArrayDeque<String> queue = new ArrayDeque<>(List.of(hosts.get(0)));
      seen.add(hosts.get(0));
      while (!queue.isEmpty()) {
        String v = queue.poll();
        if (!v.equals(hosts.get(0)) && nodes.get(v)) continue; // hosts do not forward
        for (String u : adj.getOrDefault(v, List.of())) if (seen.add(u)) queue.add(u);
      }
      for (String h : hosts) {
        if (!seen.contains(h)) {
          throw new IllegalArgumentException(
              file + ": host '" + h + "' cannot be reached from host '" + hosts.get(0) + "'");
        }
      }
    }

    @Override
    public Fabric build(Network net) {
      Map<String, Node> built = new HashMap<>();
      List<Host> hosts = new ArrayList<>();
      List<Switch> switches = new ArrayList<>();
      for (Map.Entry<String, Boolean> e : nodes.entrySet()) {
        if (e.getValue()) {
          Host h = new Host(net, e.getKey());
          hosts.add(h);
          built.put(e.getKey(), h);
        } else {
          Switch s = new Switch(net, e.getKey());
          switches.add(s);
          built.put(e.getKey(), s);
        }
      }
      for (Line l : links) {
        net.connect(
            built.get(l.word(1)),
            built.get(l.word(2)),
            l.bps(3),
            l.ps(4),
            l.count(5),
            Integer.MAX_VALUE);
      }
      String d =
          String.format(
              Locale.ROOT,
              "graph from %s: %d hosts, %d switches, %d links",
              file,
              hosts.size(),
              switches.size(),
              links.size());
      return new Fabric(net, hosts, switches, List.of(), List.of(), d);
    }
  }
}
