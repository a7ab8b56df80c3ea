package io.pikachu.benchsuite.suite;

import io.pikachu.am.Pikachu;
import io.pikachu.benchmodel.Method;
import io.pikachu.core.config.PikachuKeys;
import org.apache.hadoop.conf.Configuration;

/** What a {@link Method} sets on a suite job's configuration. */
public final class MethodSettings {
  private MethodSettings() {}

  /** Sets the method's keys on a job's configuration; stock sets none. */
  public static void configure(Method method, Configuration conf) {
    if (method.isStock()) {
      return;
    }
    Pikachu.enable(conf);
    conf.set(PikachuKeys.ESTIMATOR.name(), method.estimatorName());
    if (method.isSweepPoint()) {
      conf.set(PikachuKeys.FIXED_P.name(), Double.toString(method.fixedP()));
    }
    if (!method.nodeSpeedCopies()) {
      conf.setBoolean(PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.name(), false);
    }
  }
}
