package io.pikachu.benchsuite.suite;

/**
 * A node of the cluster a run used, a row of its nodes.csv.
 *
 * @param name the node's name, by which tasks.csv names it
 * @param nodeId YARN's node id, by which trace.jsonl names it
 * @param nodeClass "fast", "slow", or "all" on a homogeneous cluster
 */
public record RunNode(
    String name, String nodeId, double cpus, int mapSlots, int reduceSlots, String nodeClass) {}
