package io.pikachu.core.decision.estimate;

import java.util.List;

/**
 * Turns the measurements of the node classes into partition ratios (one design point of section
 * 2.4.2).
 */
public interface PartitionRatioEstimator {

  /**
   * @param classes measurements, fastest node class first
   * @param notes where to explain surprises (a class left without an estimate, a fallback)
   */
  Ratios estimate(List<ClassMeasurement> classes, List<String> notes);
}
