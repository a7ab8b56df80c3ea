package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.Ratios;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
 *       published map gave it, instead of the reference share (P = 1). The published ratios are
 *       relative to that map's reference and the measured ones to this measurement's, so the
 *       carried ratio is rescaled by the geometric mean of measured over published P of the classes
 *       that have both (the anchors).
 * </ul>
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
    Map<String, Double> before = ratios(published);
    List<String> missing = new ArrayList<>();
    for (ClassMeasurement c : classes) {
      if (c.hasReducers() && !measured.p().containsKey(c.name()) && before.containsKey(c.name())) {
        missing.add(c.name());
      }
    }
    double logScale = 0;
    int anchors = 0;
    for (Map.Entry<String, Double> e : measured.p().entrySet()) {
      Double old = before.get(e.getKey());
      if (old != null && old > 0 && e.getValue() > 0) {
        logScale += Math.log(e.getValue() / old);
        anchors++;
      }
    }
    if (anchors == 0) {
      return none(
          "no class measured now was in the published map, so nothing measured can be compared"
              + " with it",
          notes,
          rules);
    }
    if (missing.isEmpty()) {
      return Optional.of(measured);
    }
    double scale = Math.exp(logScale / anchors);
    Map<String, Double> p = new LinkedHashMap<>(measured.p());
    List<String> carried = new ArrayList<>();
    for (String name : missing) {
      p.put(name, before.get(name) * scale);
      carried.add(String.format(Locale.ROOT, "%s: P %.3f", name, before.get(name) * scale));
    }
    rules.add(CARRIED_RULE);
    notes.add(
        "class(es) without a measured estimate keep their ratio in the published map, rescaled"
            + " through "
            + anchors
            + " measured class(es): "
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
   *   <li>{@code factor}: the largest factor by which the ratio of two classes differs between
   *       them, over every pair of classes that host reducers and have an estimate in both; 1 when
   *       they agree
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
    Map<String, Double> p0 = ratios(before);
    Map<String, Double> p1 = ratios(after);
    List<String> common = p0.keySet().stream().filter(p1::containsKey).collect(Collectors.toList());
    double worst = 1.0;
    for (String a : common) {
      for (String b : common) {
        double factor = (p1.get(a) / p1.get(b)) / (p0.get(a) / p0.get(b));
        worst = Math.max(worst, Math.max(factor, 1 / factor));
      }
    }
    List<String> leftOut =
        after.stream()
            .filter(c -> c.hasReducers() && !p1.containsKey(c.name()))
            .map(ClassMeasurement::name)
            .collect(Collectors.toList());
    return new Disagreement(worst, leftOut);
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
