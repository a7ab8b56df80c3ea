package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ImmutableClassMeasurement;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A correction needs more evidence than the map it replaces (docs/controller.md, section 4b): a
 * class or node without a measurement keeps the published ratio, and an estimator without a basis
 * keeps the published map.
 */
class CorrectionOnEvidenceTest {

  private static ClassMeasurement published(String name, double speed, double p, int... reducers) {
    return klass(name, speed, speed / reducers.length, p, reducers);
  }

  private static ClassMeasurement klass(
      String name, Double speed, Double capacity, Double p, int... reducers) {
    List<Integer> rs = new ArrayList<>();
    for (int r : reducers) {
      rs.add(r);
    }
    return ImmutableClassMeasurement.builder()
        .name(name)
        .nodes(List.of(name + "-node"))
        .speed(speed)
        .reducers(rs)
        .reducerCapacity(capacity)
        .caughtUp(false)
        .p(p)
        .build();
  }

  @Test
  void aClassWithoutAnEstimateKeepsItsPublishedRatioRescaled() {
    // The closing note's three-class case: the medium class's reducers had not reported when the
    // correction was measured; fast and slow were measured and disagree with the published map.
    List<ClassMeasurement> before =
        List.of(
            published("fast", 4, 4.0, 0),
            published("medium", 2, 2.0, 1),
            published("slow", 1, 1.0, 2));
    List<ClassMeasurement> now =
        List.of(
            klass("fast", 4.0, 2.0, null, 0),
            klass("medium", 2.0, 1.0, null, 1),
            klass("slow", 1.0, 0.5, null, 2));
    Ratios measured = Ratios.of("slow", Map.of("fast", 6.0, "slow", 1.0));
    List<String> rules = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Ratios used = CorrectionEvidence.of(measured, now, before, notes, rules).orElseThrow();
    // Anchors fast (6 / 4) and slow (1 / 1): scale sqrt(1.5).
    assertEquals(2.0 * Math.sqrt(1.5), used.p().get("medium"), 1e-12, notes.toString());
    assertEquals(6.0, used.p().get("fast"), 0);
    assertEquals(List.of(CorrectionEvidence.CARRIED_RULE), rules);
    assertTrue(notes.get(0).contains("medium"), notes.toString());
  }

  @Test
  void anEstimatorWithoutABasisKeepsThePublishedMap() {
    List<ClassMeasurement> before =
        List.of(published("fast", 4, 6.4, 0), published("slow", 1, 1.0, 1));
    Ratios noBasis =
        Ratios.of(
            "slow", Map.of("fast", 1.0, "slow", 1.0), List.of("reducer-capacity", Ratios.NO_BASIS));
    List<String> rules = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    assertFalse(CorrectionEvidence.of(noBasis, before, before, notes, rules).isPresent());
    assertEquals(List.of(CorrectionEvidence.NO_EVIDENCE_RULE), rules);
  }

  @Test
  void nothingMeasuredThatThePublishedMapHadKeepsIt() {
    List<ClassMeasurement> before =
        List.of(published("fast", 4, 6.4, 0), published("slow", 1, 1.0, 1));
    List<ClassMeasurement> now =
        List.of(
            klass("fast", 4.0, 4.0, null, 0),
            klass("slow", 1.0, 1.0, null, 1),
            klass("new", 2.0, 2.0, null, 2));
    Ratios onlyNew = Ratios.of("new", Map.of("new", 1.0));
    List<String> rules = new ArrayList<>();
    assertFalse(CorrectionEvidence.of(onlyNew, now, before, new ArrayList<>(), rules).isPresent());
    assertEquals(List.of(CorrectionEvidence.NO_EVIDENCE_RULE), rules);
  }

  /**
   * Issue 34's cluster in the synthetic model: one fast node of 8x a slow node's speed with 4 map
   * slots, two slow nodes with one, two reducers each. The speculator's copy of a slow node's only
   * map wins, so that node has run no map when the maps end.
   */
  private static SyntheticJob wideGap(long seed) {
    SyntheticJob job = new SyntheticJob().maps(12, 8).seed(seed).noise(0.2).speculateMaps();
    job.node("fast", 8.0, 4, 16.0, 1.2);
    job.node("slow1", 1.0, 1, 2.0, 0.3);
    job.node("slow2", 1.0, 1, 2.0, 0.3);
    for (String n : List.of("fast", "slow1", "slow2", "fast", "slow1", "slow2")) {
      job.reducer(n);
    }
    return job;
  }

  @Test
  void aNodeWhoseOnlyMapWasKilledKeepsItsClassAndTheRebalancedMapStays() {
    SyntheticJob job = wideGap(3);
    List<StatusReport> reports = job.run();
    assertTrue(
        nodesWithoutASucceededMap(reports).contains("slow1")
            || nodesWithoutASucceededMap(reports).contains("slow2"),
        "the timeline must have a slow node whose maps were all killed");
    DecisionRecord r = TwoStageControllerTest.closedLoop(job, Map.of());
    String why = r.versions().stream().map(Decision::summaryLine).toList().toString();
    assertEquals(2, r.versions().size(), why);
    assertTrue(r.versions().get(0).rebalanced(), why);
    assertTrue(r.last().rebalanced(), "never the even map after a rebalanced one: " + why);
    assertEquals("fast", r.last().classes().get(0).name(), why);
    assertTrue(r.last().classes().get(0).p() > 4, why);
    assertTrue(
        r.last().classes().stream().noneMatch(c -> c.name().equals("unmeasured")),
        "a node that ran no map keeps its class: " + why);
  }

  static Set<String> nodesWithoutASucceededMap(List<StatusReport> reports) {
    Set<String> ran = new HashSet<>();
    Set<String> succeeded = new HashSet<>();
    for (StatusReport r : reports) {
      if (r.type() == TaskType.MAP) {
        ran.add(r.node());
        if (r.state() == AttemptState.SUCCEEDED) {
          succeeded.add(r.node());
        }
      }
    }
    ran.removeAll(succeeded);
    return ran;
  }

  /**
   * Random timelines: two or three node classes 1.5x to 8x apart, map slots by speed, two reducers
   * per node, speculative map copies (so nodes end up with no map of their own), late reducers (so
   * classes end up without a shuffle estimate) and noise. A correction never moves the map further
   * from the best P known at that moment than the map it replaces. The best P known is the one a
   * class's measurement gives (its node capacity when the correction's estimator used node
   * capacity, its measured P when it used equation 2.1), and for a reducer whose class has no such
   * measurement, the ratio the replaced map gave it; distances are in bins, summed over reducers,
   * to the real-valued map of equation 2.2. The timelines must reach the cases the rule is for:
   * nodes whose maps were all killed, and classes without an estimate in a correction.
   */
  @Test
  void aCorrectionNeverMovesAwayFromTheBestKnownP() {
    List<String> violations = new ArrayList<>();
    int twoVersions = 0;
    int nodesWithoutMaps = 0;
    int classesWithoutEstimate = 0;
    for (long seed = 1; seed <= 120; seed++) {
      SyntheticJob job = randomTimeline(seed);
      if (!nodesWithoutASucceededMap(job.run()).isEmpty()) {
        nodesWithoutMaps++;
      }
      DecisionRecord r = TwoStageControllerTest.closedLoop(job, Map.of());
      if (r.versions().size() < 2) {
        continue;
      }
      twoVersions++;
      Decision replaced = r.versions().get(0);
      Decision correction = r.last();
      double[] best = bestKnown(replaced, correction);
      if (Arrays.stream(best).anyMatch(b -> !(b > 0))) {
        violations.add("seed " + seed + ": no best P for some reducer " + Arrays.toString(best));
        continue;
      }
      if (hasClassWithoutEstimate(correction)) {
        classesWithoutEstimate++;
      }
      if (distance(correction, best) > distance(replaced, best) + 1e-9) {
        violations.add(
            "seed "
                + seed
                + ": "
                + r.versions().stream().map(Decision::summaryLine).toList()
                + " best known "
                + Arrays.toString(best));
      }
    }
    String coverage =
        String.format(
            "%d timelines with a correction stage, %d with a node whose maps were all killed, %d"
                + " corrections with a class without a measurement",
            twoVersions, nodesWithoutMaps, classesWithoutEstimate);
    assertEquals(
        List.of(),
        violations,
        "corrections that moved away from the best P known (" + coverage + ")");
    assertTrue(twoVersions >= 60 && nodesWithoutMaps >= 5 && classesWithoutEstimate >= 5, coverage);
  }

  private static SyntheticJob randomTimeline(long seed) {
    Random random = new Random(seed);
    SyntheticJob job = new SyntheticJob().maps(20 + random.nextInt(60), 8).seed(seed);
    job.noise(0.1 + 0.4 * random.nextDouble()).speculateMaps();
    int classes = 2 + random.nextInt(2);
    double ratio = 1.5 + 6.5 * random.nextDouble();
    List<String> nodes = new ArrayList<>();
    Map<String, Double> lateFrom = new HashMap<>();
    for (int c = 0; c < classes; c++) {
      double speed = Math.pow(ratio, (double) (classes - 1 - c) / (classes - 1));
      int count = 1 + random.nextInt(2);
      // A class whose reducers start late or report late has no shuffle rate when the maps end.
      double late = random.nextDouble() < 0.25 ? 0.5 + 0.45 * random.nextDouble() : -1;
      long silentMs = random.nextDouble() < 0.25 ? 10_000 + random.nextInt(20_000) : -1;
      for (int i = 0; i < count; i++) {
        String id = "c" + c + "n" + i;
        job.node(id, speed, Math.max(1, (int) Math.round(speed)), 2.0 * speed, 0.3 * speed);
        nodes.add(id);
        if (late > 0) {
          lateFrom.put(id, late);
        }
        if (silentMs > 0) {
          job.firstReducerReportAfter(id, silentMs);
        }
      }
    }
    for (int k = 0; k < 2; k++) {
      for (String n : nodes) {
        if (lateFrom.containsKey(n)) {
          job.lateReducer(n, lateFrom.get(n));
        } else {
          job.reducer(n);
        }
      }
    }
    return job;
  }

  private static boolean hasClassWithoutEstimate(Decision correction) {
    boolean byCapacity = correction.rules().contains("reducer-capacity");
    return correction.classes().stream()
        .filter(ClassMeasurement::hasReducers)
        .anyMatch(c -> byCapacity ? c.reducerCapacity() == null : c.shuffleRate() == null);
  }

  /** The best P known for each reducer when {@code correction} was decided. */
  private static double[] bestKnown(Decision replaced, Decision correction) {
    boolean byCapacity = correction.rules().contains("reducer-capacity");
    Map<String, Double> measured = new LinkedHashMap<>();
    for (ClassMeasurement c : correction.classes()) {
      if (!c.hasReducers()) {
        continue;
      }
      if (byCapacity && c.reducerCapacity() != null && c.reducerCapacity() > 0) {
        measured.put(c.name(), c.reducerCapacity());
      } else if (!byCapacity && c.shuffleRate() != null && c.p() != null) {
        measured.put(c.name(), c.p());
      }
    }
    // A reducer unplaced in the replaced map had the reference share there (P = 1).
    Map<Integer, Double> replacedP = new HashMap<>();
    for (int i = 0; i < replaced.numReducers(); i++) {
      replacedP.put(i, 1.0);
    }
    for (ClassMeasurement c : replaced.classes()) {
      if (c.p() != null) {
        c.reducers().forEach(i -> replacedP.put(i, c.p()));
      }
    }
    Map<Integer, String> classOf = new HashMap<>();
    for (ClassMeasurement c : correction.classes()) {
      c.reducers().forEach(i -> classOf.put(i, c.name()));
    }
    // One scale puts the replaced map's ratios beside the measured ones: the geometric mean over
    // reducers that have both.
    double log = 0;
    int anchors = 0;
    for (Map.Entry<Integer, String> e : classOf.entrySet()) {
      Double now = measured.get(e.getValue());
      Double then = replacedP.get(e.getKey());
      if (now != null && then != null && then > 0) {
        log += Math.log(now / then);
        anchors++;
      }
    }
    double scale = anchors == 0 ? 1 : Math.exp(log / anchors);
    double[] best = new double[correction.numReducers()];
    for (int i = 0; i < best.length; i++) {
      Double now = classOf.containsKey(i) ? measured.get(classOf.get(i)) : null;
      best[i] = now != null ? now : replacedP.get(i) * scale;
    }
    return best;
  }

  private static double distance(Decision d, double[] weights) {
    double sum = 0;
    for (double w : weights) {
      sum += w;
    }
    double total = (double) d.binsPerReducer() * d.numReducers();
    double distance = 0;
    for (int i = 0; i < weights.length; i++) {
      distance += Math.abs(d.reducerBins().get(i) - total * weights[i] / sum);
    }
    return distance;
  }
}
