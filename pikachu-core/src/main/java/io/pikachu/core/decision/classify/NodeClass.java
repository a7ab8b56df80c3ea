package io.pikachu.core.decision.classify;

import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.ValueType;
import java.util.List;
import org.immutables.value.Value;

/**
 * A group of nodes treated as equally fast.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code name}: class name ("fast", "slow", ... or the admin's label)
 *   <li>{@code nodes}: its nodes, sorted
 *   <li>{@code speed}: mean map throughput of its measured nodes (map work done per second), by
 *       which classes are formed and ranked; null if none was measured
 *   <li>{@code mapRate}: mean per-task map progress rate of its measured nodes (progress per
 *       second), Tarazu's measure; null if none was measured. With map slots proportional to cores
 *       it is the same on fast and slow nodes, so it must not rank classes.
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class NodeClass {

  public abstract String name();

  public abstract List<String> nodes();

  @Nullable
  public abstract Double speed();

  @Nullable
  public abstract Double mapRate();

  public static NodeClass of(String name, List<String> nodes, Double speed, Double mapRate) {
    return ImmutableNodeClass.of(name, nodes, speed, mapRate);
  }
}
