package io.pikachu.netmodels.traffic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A fixed list of flows (seed 004's scenarios, or a workload replayed on another simulator). */
public final class FlowList implements FlowSequence {
  private final List<FlowSpec> flows;
  private int next;

  public FlowList(List<FlowSpec> flows) {
    List<FlowSpec> sorted = new ArrayList<>(flows);
    sorted.sort(Comparator.comparingLong(FlowSpec::startPs)); // stable: ties keep list order
    this.flows = sorted;
  }

  /** Every flow of a sequence, drawn up front. */
  public static FlowList drain(FlowSequence s) {
    List<FlowSpec> all = new ArrayList<>();
    for (FlowSpec f = s.next(); f != null; f = s.next()) all.add(f);
    return new FlowList(all);
  }

  public List<FlowSpec> flows() {
    return flows;
  }

  @Override
  public FlowSpec next() {
    return next < flows.size() ? flows.get(next++) : null;
  }
}
