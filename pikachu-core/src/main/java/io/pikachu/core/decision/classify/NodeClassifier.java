package io.pikachu.core.decision.classify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.commons.math3.ml.clustering.CentroidCluster;
import org.apache.commons.math3.ml.clustering.DoublePoint;
import org.apache.commons.math3.ml.clustering.KMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.clustering.MultiKMeansPlusPlusClusterer;
import org.apache.commons.math3.ml.distance.EuclideanDistance;
import org.apache.commons.math3.random.JDKRandomGenerator;

/**
 * Groups nodes into classes: from the admin's map when there is one, otherwise from measured map
 * speeds.
 *
 * <p>Automatic grouping clusters the logarithm of each node's map progress rate (so that "twice as
 * fast" is the same distance everywhere) with k-means++ for k = maxClasses down to 2, and keeps the
 * largest k whose neighbouring cluster centres all differ by at least {@code minSpeedRatio}; if
 * none does, all nodes form one class. Seeds are fixed, so the same measurements always give the
 * same classes.
 */
public final class NodeClassifier {

  static final String UNLISTED = "unlisted";
  static final String UNMEASURED = "unmeasured";
  private static final long SEED = 20_240_601L;
  private static final int TRIALS = 5;
  private static final int MAX_ITERATIONS = 100;

  private final Optional<NodeClassMap> adminMap;
  private final int maxClasses;
  private final double minSpeedRatio;

  public NodeClassifier(Optional<NodeClassMap> adminMap, int maxClasses, double minSpeedRatio) {
    this.adminMap = adminMap;
    this.maxClasses = maxClasses;
    this.minSpeedRatio = minSpeedRatio;
  }

  /**
   * @param nodes every node seen in the job
   * @param speeds measured speed of the nodes that ran maps, by which they are grouped
   * @param mapRates measured per-task map progress rate of those nodes, reported per class
   */
  public NodeClasses classify(
      Collection<String> nodes, Map<String, Double> speeds, Map<String, Double> mapRates) {
    SortedSet<String> all = new TreeSet<>(nodes);
    all.addAll(speeds.keySet());
    return adminMap.isPresent()
        ? byAdminMap(all, speeds, mapRates, adminMap.get())
        : bySpeed(all, speeds, mapRates);
  }

  private static NodeClasses byAdminMap(
      SortedSet<String> nodes,
      Map<String, Double> speeds,
      Map<String, Double> rates,
      NodeClassMap map) {
    Map<String, List<String>> members = new TreeMap<>();
    List<String> unlisted = new ArrayList<>();
    for (String n : nodes) {
      Optional<String> label = map.classOf(n);
      if (label.isPresent()) {
        members.computeIfAbsent(label.get(), l -> new ArrayList<>()).add(n);
      } else {
        unlisted.add(n);
      }
    }
    List<String> notes = new ArrayList<>();
    notes.add("node classes from the admin map");
    if (!unlisted.isEmpty()) {
      // A class name the admin cannot have used for it: labels never contain spaces, so no clash is
      // possible.
      String name = members.containsKey(UNLISTED) ? UNLISTED + " nodes" : UNLISTED;
      members.put(name, unlisted);
      notes.add("nodes missing from the admin map form class '" + name + "': " + unlisted);
    }
    List<NodeClass> classes = new ArrayList<>();
    members.forEach(
        (name, ns) ->
            classes.add(NodeClass.of(name, ns, meanRate(ns, speeds), meanRate(ns, rates))));
    return new NodeClasses(classes, notes);
  }

  private NodeClasses bySpeed(
      SortedSet<String> nodes, Map<String, Double> speeds, Map<String, Double> rates) {
    List<String> measured = nodes.stream().filter(speeds::containsKey).collect(Collectors.toList());
    List<String> unmeasured =
        nodes.stream().filter(n -> !speeds.containsKey(n)).collect(Collectors.toList());
    List<String> notes = new ArrayList<>();
    List<List<String>> groups =
        measured.isEmpty() ? Collections.emptyList() : cluster(measured, speeds);
    notes.add(
        "node classes measured from map throughput: "
            + groups.size()
            + " class(es) among "
            + measured.size()
            + " measured node(s)");
    List<String> names = rankNames(groups.size());
    List<NodeClass> classes = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      classes.add(
          NodeClass.of(
              names.get(i),
              groups.get(i),
              meanRate(groups.get(i), speeds),
              meanRate(groups.get(i), rates)));
    }
    if (!unmeasured.isEmpty()) {
      classes.add(NodeClass.of(UNMEASURED, unmeasured, null, null));
      notes.add("nodes that ran no measurable map form class '" + UNMEASURED + "': " + unmeasured);
    }
    return new NodeClasses(classes, notes);
  }

  /** Groups of nodes, fastest group first. */
  private List<List<String>> cluster(List<String> measured, Map<String, Double> rates) {
    List<NodePoint> points =
        measured.stream()
            .map(n -> new NodePoint(n, Math.log(rates.get(n))))
            .collect(Collectors.toList());
    long distinct = points.stream().mapToDouble(p -> p.getPoint()[0]).distinct().count();
    int kMax = (int) Math.min(maxClasses, distinct);
    double minLogGap = Math.log(minSpeedRatio);
    for (int k = kMax; k >= 2; k--) {
      List<CentroidCluster<NodePoint>> clusters = kMeans(points, k);
      clusters.sort(
          (a, b) -> Double.compare(b.getCenter().getPoint()[0], a.getCenter().getPoint()[0]));
      if (clusters.stream().anyMatch(c -> c.getPoints().isEmpty())) {
        continue;
      }
      boolean separated = true;
      for (int i = 1; i < clusters.size() && separated; i++) {
        double gap =
            clusters.get(i - 1).getCenter().getPoint()[0]
                - clusters.get(i).getCenter().getPoint()[0];
        separated = gap >= minLogGap;
      }
      if (separated) {
        List<List<String>> groups = new ArrayList<>();
        for (CentroidCluster<NodePoint> c : clusters) {
          groups.add(
              c.getPoints().stream().map(NodePoint::node).sorted().collect(Collectors.toList()));
        }
        return groups;
      }
    }
    return Collections.singletonList(measured);
  }

  private static List<CentroidCluster<NodePoint>> kMeans(List<NodePoint> points, int k) {
    JDKRandomGenerator random = new JDKRandomGenerator();
    random.setSeed(SEED);
    KMeansPlusPlusClusterer<NodePoint> single =
        new KMeansPlusPlusClusterer<>(k, MAX_ITERATIONS, new EuclideanDistance(), random);
    return new ArrayList<>(new MultiKMeansPlusPlusClusterer<>(single, TRIALS).cluster(points));
  }

  private static List<String> rankNames(int k) {
    switch (k) {
      case 0:
        return Collections.emptyList();
      case 1:
        return Collections.singletonList("all");
      case 2:
        return Collections.unmodifiableList(Arrays.asList("fast", "slow"));
      case 3:
        return Collections.unmodifiableList(Arrays.asList("fast", "medium", "slow"));
      default:
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= k; i++) {
          names.add("c" + i);
        }
        return names;
    }
  }

  private static Double meanRate(List<String> nodes, Map<String, Double> rates) {
    double sum = 0;
    int n = 0;
    for (String node : nodes) {
      Double r = rates.get(node);
      if (r != null) {
        sum += r;
        n++;
      }
    }
    return n == 0 ? null : sum / n;
  }

  private static final class NodePoint extends DoublePoint {
    private static final long serialVersionUID = 1L;
    private final String node;

    NodePoint(String node, double logRate) {
      super(new double[] {logRate});
      this.node = node;
    }

    String node() {
      return node;
    }
  }
}
