package io.pikachu.sim.engine;

import io.pikachu.benchmodel.NodeSpec;
import java.util.ArrayList;
import java.util.List;

/** A node while the job runs: its attempts, free slots, and when its state was last advanced. */
final class NodeState {
  final NodeSpec spec;
  final int index;
  final List<Attempt> running = new ArrayList<Attempt>();
  int freeMapSlots;
  int freeReduceSlots;
  double last;
  long version;
  int mapsRun;
  double shuffledMb;

  NodeState(NodeSpec spec, int index) {
    this.spec = spec;
    this.index = index;
    this.freeMapSlots = spec.mapSlots();
    this.freeReduceSlots = spec.reduceSlots();
  }
}
