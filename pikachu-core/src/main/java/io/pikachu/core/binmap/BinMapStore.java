package io.pikachu.core.binmap;

import java.io.IOException;

/**
 * Where a job's bin maps are published by the AM side and read by the reducers: the one channel
 * from the controller to the reduce tasks (Hadoop's umbilical protocol has no AM-to-task messages).
 * Versions only grow; exactly one map is ever final, and everybody follows it.
 */
public interface BinMapStore {

  /**
   * Publishes {@code map}. A non-final map must have a higher version than any published one and is
   * refused once a final map exists. A final map is claimed as THE final map; the returned map is
   * the final map that won, which is an earlier one if a reducer sealed first.
   */
  BinMap publish(BinMap map) throws IOException;

  /**
   * Makes {@code map} (with its version, marked final) the final map unless one exists already.
   * Returns the final map every reducer will use.
   */
  BinMap seal(BinMap map) throws IOException;

  /** The final map if sealed, else the newest published map (non-final), else null. */
  BinMap read() throws IOException;

  /**
   * The final map if sealed, else null: one small read, cheaper than {@link #read()}, for a reducer
   * whose final merge waits for nothing else.
   */
  BinMap readFinal() throws IOException;

  /** Where the maps live, for logs and error messages. */
  String location();
}
