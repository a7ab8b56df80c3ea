package io.pikachu.core.binmap;

/** No controller: the even map, final from the start. */
public final class FixedBinMapSource implements BinMapSource {
  private final BinMap map;

  public FixedBinMapSource(BinMap map) {
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
