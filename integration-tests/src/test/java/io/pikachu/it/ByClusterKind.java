package io.pikachu.it;

import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Runs test classes grouped by the shared cluster they need, so that each kind of {@link
 * SharedCluster} starts once; classes without a cluster run first.
 */
public final class ByClusterKind implements ClassOrderer {
  @Override
  public void orderClasses(ClassOrdererContext context) {
    context
        .getClassDescriptors()
        .sort(
            Comparator.comparingInt(ByClusterKind::rank)
                .thenComparing(d -> d.getTestClass().getName()));
  }

  private static int rank(ClassDescriptor d) {
    return d.findAnnotation(SharedCluster.On.class).map(on -> 1 + on.value().ordinal()).orElse(0);
  }
}
