package io.pikachu.core.shuffle;

import io.pikachu.core.value.ValueType;
import java.util.List;
import org.immutables.value.Value;

/** One shuffle request: bin {@code bin} of the listed map attempts, all on one host. */
@ValueType
@Value.Immutable
public abstract class FetchUnit {

  public abstract String host();

  public abstract String baseUrl();

  public abstract int bin();

  public abstract List<Source> sources();

  public static FetchUnit of(String host, String baseUrl, int bin, List<Source> sources) {
    return ImmutableFetchUnit.of(host, baseUrl, bin, sources);
  }

  /** A map task's index and the attempt whose output is fetched. */
  @ValueType
  @Value.Immutable
  public abstract static class Source {
    public abstract int map();

    public abstract String attempt();

    public static Source of(int map, String attempt) {
      return ImmutableSource.of(map, attempt);
    }
  }
}
