package io.pikachu.core.profile;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.time.Ages;
import io.pikachu.core.value.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.immutables.value.Value;

/**
 * What earlier jobs measured of the cluster's nodes, so that a job need not start blind: each
 * node's map speed relative to the others ({@link NodeRecord}), per class of work (the job's map
 * class: a CPU-bound map and a disk-bound one can rank the nodes differently) and for {@value
 * #ANY_WORK}, every job's measurements together. A job's own measurements always win over it, and a
 * wrong profile costs at most one correction of the bin map, never a wrong output
 * (docs/controller.md, section 4c).
 *
 * <p>Speeds are kept in each work class's own units. A job's absolute speeds (maps of its
 * application per second) are brought into them through the nodes both know, by the median ratio,
 * and each node's speed is a moving average over its last {@value #AVERAGED_JOBS} jobs, so one
 * noisy job moves it by a fifth at most.
 */
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableNodeProfile.class)
@JsonDeserialize(as = ImmutableNodeProfile.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public abstract class NodeProfile {

  public static final int FORMAT_VERSION = 1;

  /**
   * The work class every job's measurements also go to, used when a job's own has too few nodes.
   */
  public static final String ANY_WORK = "*";

  /** Jobs a node's speed is averaged over: later ones replace the oldest. */
  static final int AVERAGED_JOBS = 5;

  /** A work class knowing fewer nodes than this says nothing about how they compare. */
  static final int MIN_NODES = 2;

  public abstract int formatVersion();

  /** Work class to node id to what the profile knows of that node for that work. */
  public abstract Map<String, Map<String, NodeRecord>> work();

  public static NodeProfile empty() {
    return ImmutableNodeProfile.of(
        FORMAT_VERSION, Collections.<String, Map<String, NodeRecord>>emptyMap());
  }

  /**
   * The relative speeds of the nodes measured within {@code maxAgeMs} of {@code nowMs}, for {@code
   * workClass}, or, where it knows fewer than {@value #MIN_NODES} nodes, for any work.
   */
  public Map<String, Double> freshSpeeds(String workClass, long nowMs, long maxAgeMs) {
    Map<String, Double> own = fresh(workClass, nowMs, maxAgeMs);
    return own.size() >= MIN_NODES ? own : fresh(ANY_WORK, nowMs, maxAgeMs);
  }

  private Map<String, Double> fresh(String workClass, long nowMs, long maxAgeMs) {
    Map<String, Double> fresh = new TreeMap<>();
    work()
        .getOrDefault(workClass, Collections.<String, NodeRecord>emptyMap())
        .forEach(
            (node, r) -> {
              if (isFresh(r, nowMs, maxAgeMs)) {
                fresh.put(node, r.relativeSpeed());
              }
            });
    return fresh;
  }

  private static boolean isFresh(NodeRecord r, long nowMs, long maxAgeMs) {
    return nowMs - r.updatedMs() <= maxAgeMs;
  }

  @JsonIgnore
  public boolean isEmpty() {
    return work().values().stream().allMatch(Map::isEmpty);
  }

  /**
   * This profile with one more job's measurements, in its work class and in {@value #ANY_WORK}.
   * Nodes older than {@code maxAgeMs} at the job's time are dropped from every work class, and work
   * classes left empty with them.
   */
  public NodeProfile merge(JobMeasurement job, long maxAgeMs) {
    long nowMs = job.timeMs();
    Map<String, Map<String, NodeRecord>> next = new TreeMap<>();
    work()
        .forEach(
            (w, nodes) -> {
              Map<String, NodeRecord> kept = new TreeMap<>();
              nodes.forEach(
                  (node, r) -> {
                    if (isFresh(r, nowMs, maxAgeMs)) {
                      kept.put(node, r);
                    }
                  });
              if (!kept.isEmpty()) {
                next.put(w, kept);
              }
            });
    for (String w : new TreeSet<>(Arrays.asList(job.workClass(), ANY_WORK))) {
      Map<String, NodeRecord> nodes = next.computeIfAbsent(w, k -> new TreeMap<>());
      Map<String, Double> known = fresh(w, nowMs, maxAgeMs);
      merge(nodes, job.speeds(), job.maps(), Speeds.scale(job.speeds(), known), nowMs);
      if (nodes.isEmpty()) {
        next.remove(w);
      }
    }
    return ImmutableNodeProfile.of(FORMAT_VERSION, next);
  }

  /** {@code jobs} added one after the other, oldest first. */
  public NodeProfile mergeAll(List<JobMeasurement> jobs, long maxAgeMs) {
    List<JobMeasurement> inOrder = new ArrayList<>(jobs);
    inOrder.sort(Comparator.comparingLong(JobMeasurement::timeMs));
    NodeProfile p = this;
    for (JobMeasurement j : inOrder) {
      p = p.merge(j, maxAgeMs);
    }
    return p;
  }

  private static void merge(
      Map<String, NodeRecord> nodes,
      Map<String, Double> jobSpeeds,
      Map<String, Integer> jobTasks,
      double scale,
      long nowMs) {
    jobSpeeds.forEach(
        (node, speed) -> {
          if (!(speed > 0) || Double.isInfinite(speed)) {
            return;
          }
          double measured = speed * scale;
          int tasks = Math.max(0, jobTasks.getOrDefault(node, 0));
          NodeRecord old = nodes.get(node);
          if (old == null) {
            nodes.put(node, NodeRecord.of(measured, 1, tasks, nowMs));
          } else {
            int weight = Math.min(old.jobs(), AVERAGED_JOBS - 1);
            // counts saturate: a profile read for years, or a file with a huge count, must not
            // overflow into a record that the profile refuses
            nodes.put(
                node,
                NodeRecord.of(
                    (old.relativeSpeed() * weight + measured) / (weight + 1),
                    saturatedSum(old.jobs(), 1),
                    saturatedSum(old.tasks(), tasks),
                    Math.max(old.updatedMs(), nowMs)));
          }
        });
  }

  private static int saturatedSum(int a, int b) {
    return (int) Math.min(Integer.MAX_VALUE, (long) a + b);
  }

  /**
   * This profile with no record dated after {@code nowMs} (the reader's clock), so that records an
   * AM whose clock ran ahead wrote age as if written now. Empty work classes stay out.
   */
  public NodeProfile clampedTo(long nowMs) {
    boolean ahead =
        work().values().stream()
            .flatMap(nodes -> nodes.values().stream())
            .anyMatch(r -> r.updatedMs() > nowMs);
    if (!ahead) {
      return this;
    }
    Map<String, Map<String, NodeRecord>> clamped = new TreeMap<>();
    work()
        .forEach(
            (w, nodes) -> {
              Map<String, NodeRecord> c = new TreeMap<>();
              nodes.forEach(
                  (node, r) ->
                      c.put(
                          node,
                          r.updatedMs() <= nowMs
                              ? r
                              : NodeRecord.of(r.relativeSpeed(), r.jobs(), r.tasks(), nowMs)));
              clamped.put(w, c);
            });
    return ImmutableNodeProfile.of(formatVersion(), clamped);
  }

  /** For an admin: per work class, one line per node, fastest first. */
  public List<String> describe(long nowMs) {
    List<String> lines = new ArrayList<>();
    work()
        .forEach(
            (w, nodes) -> {
              lines.add(w.equals(ANY_WORK) ? "any work:" : "work " + w + ":");
              List<Map.Entry<String, NodeRecord>> entries = new ArrayList<>(nodes.entrySet());
              entries.sort(
                  (a, b) ->
                      Double.compare(b.getValue().relativeSpeed(), a.getValue().relativeSpeed()));
              for (Map.Entry<String, NodeRecord> e : entries) {
                NodeRecord r = e.getValue();
                lines.add(
                    String.format(
                        Locale.ROOT,
                        "  %-40s speed %8.3f  from %3d job(s), %5d map(s), last %s ago",
                        e.getKey(),
                        r.relativeSpeed(),
                        r.jobs(),
                        r.tasks(),
                        Ages.format(nowMs - r.updatedMs())));
              }
            });
    return lines;
  }
}
