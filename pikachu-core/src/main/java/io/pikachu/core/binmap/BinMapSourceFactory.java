package io.pikachu.core.binmap;

import java.util.function.Function;

/**
 * Where a reducer's bin maps come from when a test or sweep hook forces them ({@code
 * pikachu.test.*} keys): found with {@link java.util.ServiceLoader} on the task's class path, so
 * the hook's code is not in the admin jar, only in the test kit that tests and sweeps add to their
 * jobs.
 */
public interface BinMapSourceFactory {

  /** Whether the job's configuration asks for this factory's hook. */
  boolean serves(Function<String, String> conf);

  /**
   * @param keepsOrder the job is total order: every map must give each reducer one contiguous range
   */
  BinMapSource create(
      Function<String, String> conf, int reducers, int binsPerReducer, boolean keepsOrder);
}
