package io.pikachu.core.decision;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * One node class in the decision record: what was measured and the partition ratio it got. Nulls
 * mean "not measured" (e.g. a class without reducers has no shuffle rate).
 *
 * @param name class name
 * @param nodes its nodes
 * @param speed mean map throughput of its nodes (map work per second), by which classes are ranked
 * @param mapRate mean per-task map progress rate of its nodes (per second), Tarazu's measure
 * @param reducers reducer indexes on its nodes
 * @param reducerCapacity a reducer's node speed (map throughput before the reducers competed) per
 *     reducer on that node, mean over its reducers; the basis of P when no class was seen
 *     overloaded
 * @param shuffleRate S: median maps copied per second in the window
 * @param cpuCatchUp median over reducers of the peak CPU utilisation until catching up (U at T_s)
 * @param cpuSteady median reducer CPU utilisation after catching up (U at T_w)
 * @param efficiency E = U(T_w) / U(T_s), for a class that caught up
 * @param caughtUp whether the class had caught up with the completed maps at the window end
 * @param p the partition ratio relative to the reference class
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClassDecision(
    String name,
    List<String> nodes,
    Double speed,
    Double mapRate,
    List<Integer> reducers,
    Double reducerCapacity,
    Double shuffleRate,
    Double cpuCatchUp,
    Double cpuSteady,
    Double efficiency,
    boolean caughtUp,
    Double p) {

  public ClassDecision {
    nodes = List.copyOf(nodes);
    reducers = List.copyOf(reducers);
  }
}
