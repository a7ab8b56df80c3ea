package io.pikachu.core.decision.estimate;

import java.util.List;

/**
 * A named condition under which an estimator sets its usual formula aside. Each rule explains
 * itself in the decision's notes when it applies, and its name is recorded in the decision.
 */
interface EstimatorRule {

  /** Short stable name, as recorded in the decision and documented in docs/controller.md. */
  String name();

  /** Whether the rule applies to these classes; when it does, it has added a note saying why. */
  boolean applies(List<ClassMeasurement> classes, List<String> notes);
}
