package io.pikachu.scheduler.decision.classify;

import java.util.List;

/**
 * A group of nodes treated as equally fast.
 *
 * @param name     class name ("fast", "slow", ... or the admin's label)
 * @param nodes    its nodes, sorted
 * @param mapRate  mean map progress rate of its measured nodes (progress per second), or null if none was measured
 */
public record NodeClass(String name, List<String> nodes, Double mapRate) {

    public NodeClass {
        nodes = List.copyOf(nodes);
    }
}
