package io.pikachu.partitioner.reduce;

import io.pikachu.partitioner.binmap.BinMap;

/** No controller: the even map, final from the start. */
final class FixedBinMapSource implements BinMapSource {
  private final BinMap map;

  FixedBinMapSource(BinMap map) {
    if (!map.isFinal()) {
      throw new IllegalArgumentException("a fixed bin map must be final: " + map);
    }
    this.map = map;
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
    return map;
  }

  @Override
  public BinMap forceFinal(BinMap current) {
    return map;
  }

  @Override
  public String describe() {
    return "fixed " + map;
  }
}
