package io.pikachu.core.partitioning;

import java.util.List;

/**
 * The settings of a job that decide whether Pikachu may rebalance it, read from its configuration
 * by the Hadoop adapter. Class names are compared as text: the AM may not be able to load a job's
 * classes, and every party must reach the same answer.
 *
 * @param reducers the job's reduce tasks
 * @param controllerEnabled {@code pikachu.controller.enabled}
 * @param forcedRatio the test/sweep hook {@code pikachu.test.forced-ratio} is set
 * @param pikachuSpeculator the AM's speculator is Pikachu's, which hosts the controller
 * @param mapSpeculative {@code mapreduce.map.speculative}
 * @param reduceSpeculative {@code mapreduce.reduce.speculative}
 * @param mapFailuresMaxPercent {@code mapreduce.map.failures.maxpercent}
 * @param partitioner the partitioner class of the API the job's mapper uses
 * @param mapOutputKey the map output key class
 * @param sortComparator the job sets its own sort comparator
 * @param groupingComparator the job sets its own grouping comparator
 * @param outputFormats the output format classes the reducers write with (the job's, the one behind
 *     a lazy output format, named outputs)
 * @param movablePartitioners {@code pikachu.partitioner.movable}
 * @param placementSensitiveFormats {@code pikachu.output.placement-sensitive}
 */
public record JobFacts(
    int reducers,
    boolean controllerEnabled,
    boolean forcedRatio,
    boolean pikachuSpeculator,
    boolean mapSpeculative,
    boolean reduceSpeculative,
    int mapFailuresMaxPercent,
    String partitioner,
    String mapOutputKey,
    boolean sortComparator,
    boolean groupingComparator,
    List<String> outputFormats,
    List<String> movablePartitioners,
    List<String> placementSensitiveFormats) {

  public JobFacts {
    outputFormats = List.copyOf(outputFormats);
    movablePartitioners = List.copyOf(movablePartitioners);
    placementSensitiveFormats = List.copyOf(placementSensitiveFormats);
  }
}
