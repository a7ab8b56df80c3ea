package io.pikachu.core.binmap;

import java.io.IOException;

/** Where a reducer learns its bin map from. Called from one thread only. */
public interface BinMapSource {
  /**
   * The map to follow now. {@code mapsFinished} of {@code totalMaps} maps have finished; {@code
   * fetchedAll}: this reducer holds every bin it owns from every map.
   */
  BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) throws IOException;

  /**
   * The reducer has waited too long for a final map: make one final (the same for every reducer)
   * and return it. Must never let two reducers end with different final maps. Returns a map that is
   * not final when the store cannot be written now: the caller asks again later.
   */
  BinMap forceFinal(BinMap current) throws IOException;

  /** One line for logs. */
  String describe();
}
