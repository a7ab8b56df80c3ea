package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.Ratios;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What may correct a published bin map: measured ratios, and only those. A correction needs more
 * evidence than the map it replaces, so two rules keep what the published map says where nothing
 * was measured:
 *
 * <ul>
 *   <li>{@value #NO_EVIDENCE_RULE}: when the estimator had no basis ({@link Ratios#NO_BASIS}), or
 *       no class hosting reducers got an estimate that can be compared with the published map, the
 *       published map stays as it is (made final): never the even map after a rebalanced one.
 *   <li>{@value #CARRIED_RULE}: a class hosting reducers that got no estimate keeps the ratio the
 *       published map gave its reducers, instead of the reference share (P = 1). The published
 *       ratios are relative to that map's reference and the measured ones to this measurement's, so
 *       the carried ratio is rescaled by the geometric mean of measured over published P of the
 *       reducers that have both (the anchors).
 * </ul>
 *
 * <p>Maps are compared reducer by reducer, never by class name: see {@link #reducerRatios}.
 */
final class CorrectionEvidence {

  static final String NO_EVIDENCE_RULE = "no-evidence-keeps-map";
  static final String CARRIED_RULE = "unmeasured-keeps-ratio";

  private CorrectionEvidence() {}

  /**
   * @param measured the estimator's ratios
   * @param classes the classes of this decision (those hosting reducers matter)
   * @param published the classes of the map in force, with the ratios it was built on
   * @param notes and {@code rules} receive what applied
   * @return the ratios a correction may use: {@code measured}, plus a carried ratio for every
   *     hosting class that has none but had one in {@code published}; empty when there is no
   *     evidence to correct by, so the published map stays
   */
  static Optional<Ratios> of(
      Ratios measured,
      List<ClassMeasurement> classes,
      List<ClassMeasurement> published,
      List<String> notes,
      List<String> rules) {
    if (!measured.hasBasis()) {
      return none(
          "the estimator had no basis for P, which is no evidence against the published map",
          notes,
          rules);
    }
    Map<Integer, Double> before = reducerRatios(published, null);
    Map<Integer, Double> now = reducerRatios(classes, measured.p());
    double logScale = 0;
    int anchors = 0;
    for (Map.Entry<Integer, Double> e : now.entrySet()) {
      Double old = before.get(e.getKey());
      if (old != null) {
        logScale += Math.log(e.getValue() / old);
        anchors++;
      }
    }
    if (anchors == 0) {
      return none(
          "no reducer measured now had a ratio in the published map, so nothing measured can be"
              + " compared with it",
          notes,
          rules);
    }
    double scale = Math.exp(logScale / anchors);
    Map<String, Double> p = new LinkedHashMap<>(measured.p());
    List<String> carried = new ArrayList<>();
    for (ClassMeasurement c : classes) {
      if (!c.hasReducers() || measured.p().containsKey(c.name())) {
        continue;
      }
      // The class's reducers may have been in different classes of the published map (a node the
      // profile misjudged moves): the geometric mean of the ratios they were given.
      double logPublished = 0;
      int known = 0;
      for (int r : c.reducers()) {
        Double old = before.get(r);
        if (old != null) {
          logPublished += Math.log(old);
          known++;
        }
      }
      if (known > 0) {
        double kept = Math.exp(logPublished / known) * scale;
        p.put(c.name(), kept);
        carried.add(String.format(Locale.ROOT, "%s: P %.3f", c.name(), kept));
      }
    }
    if (carried.isEmpty()) {
      return Optional.of(measured);
    }
    rules.add(CARRIED_RULE);
    notes.add(
        "class(es) without a measured estimate keep the ratio the published map gave their"
            + " reducers, rescaled through "
            + anchors
            + " measured reducer(s): "
            + carried);
    return Optional.of(Ratios.of(measured.reference(), p, measured.rules()));
  }

  /** The ratios the published map was built on. */
  static Ratios publishedRatios(Decision published) {
    return Ratios.of(published.referenceClass(), ratios(published.classes()));
  }

  private static Optional<Ratios> none(String why, List<String> notes, List<String> rules) {
    rules.add(NO_EVIDENCE_RULE);
    notes.add(why + "; the published map stays");
    return Optional.empty();
  }

  /**
   * How far measured class ratios disagree with earlier ones.
   *
   * <p>Fields:
   *
   * <ul>
   *   <li>{@code factor}: the largest factor by which the ratio of two reducers' P differs between
   *       them, over every pair of reducers that have an estimate in both; 1 when they agree
   *   <li>{@code leftOut}: the classes hosting reducers that the measurement gave no estimate, left
   *       out of {@code factor} rather than taken as P = 1: a class whose reducers have not
   *       reported yet (slow nodes' reducers when the maps end early) is no evidence against the
   *       prior, and counting it as P = 1 would undo a right provisional map
   * </ul>
   */
  static final class Disagreement {
    private final double factor;
    private final List<String> leftOut;

    Disagreement(double factor, List<String> leftOut) {
      this.factor = factor;
      this.leftOut = leftOut;
    }

    double factor() {
      return factor;
    }

    List<String> leftOut() {
      return leftOut;
    }
  }

  static Disagreement disagreement(List<ClassMeasurement> before, List<ClassMeasurement> after) {
    Map<Integer, Double> p0 = reducerRatios(before, null);
    Map<Integer, Double> p1 = reducerRatios(after, null);
    double lowest = Double.POSITIVE_INFINITY;
    double highest = 0;
    for (Map.Entry<Integer, Double> e : p1.entrySet()) {
      Double old = p0.get(e.getKey());
      if (old != null) {
        double q = e.getValue() / old;
        lowest = Math.min(lowest, q);
        highest = Math.max(highest, q);
      }
    }
    double worst = highest > 0 ? highest / lowest : 1.0;
    List<String> leftOut =
        after.stream()
            .filter(c -> c.hasReducers() && c.p() == null)
            .map(ClassMeasurement::name)
            .collect(Collectors.toList());
    return new Disagreement(worst, leftOut);
  }

  /**
   * Each reducer's ratio: that of its class, from {@code p} when given, else the class's own. The
   * comparison is by reducer, not by class name, because names are ranks ("fast", "slow"): when a
   * node's speed was misjudged (a stale node profile) a class of the same name can hold other
   * nodes, and agreeing names would hide a wrong map.
   */
  private static Map<Integer, Double> reducerRatios(
      List<ClassMeasurement> classes, Map<String, Double> p) {
    Map<Integer, Double> byReducer = new TreeMap<>();
    for (ClassMeasurement c : classes) {
      Double ratio = p == null ? c.p() : p.get(c.name());
      if (ratio != null && ratio > 0 && !Double.isInfinite(ratio)) {
        for (int r : c.reducers()) {
          byReducer.put(r, ratio);
        }
      }
    }
    return byReducer;
  }

  private static Map<String, Double> ratios(List<ClassMeasurement> classes) {
    Map<String, Double> p = new LinkedHashMap<>();
    for (ClassMeasurement c : classes) {
      if (c.hasReducers() && c.p() != null) {
        p.put(c.name(), c.p());
      }
    }
    return p;
  }
}
