package io.pikachu.core.shuffle;

import java.util.List;

/** One shuffle request: bin {@code bin} of the listed map attempts, all on one host. */
public record FetchUnit(String host, String baseUrl, int bin, List<Source> sources) {

  /** A map task's index and the attempt whose output is fetched. */
  public record Source(int map, String attempt) {}

  public FetchUnit {
    sources = List.copyOf(sources);
  }
}
