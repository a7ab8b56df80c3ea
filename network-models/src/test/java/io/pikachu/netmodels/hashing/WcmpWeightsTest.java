package io.pikachu.netmodels.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WcmpWeightsTest {
  @Test
  void wcmpReplicasFollowWeightsWithinTolerance() {
    assertEquals(
        List.of(1, 2, 1),
        Arrays.stream(WcmpWeights.replicas(new double[] {1, 2, 1}, 64)).boxed().toList());
    double[] w = {1.0, 1.3, 2.7};
    int[] r = WcmpWeights.replicas(w, 64);
    assertTrue(
        WcmpWeights.error(w, r) <= WcmpWeights.TOLERANCE, "error " + WcmpWeights.error(w, r));
    assertThrows(
        IllegalArgumentException.class, () -> WcmpWeights.replicas(new double[] {1, 1, 1}, 2));
    assertThrows(
        IllegalArgumentException.class, () -> WcmpWeights.replicas(new double[] {1, 0}, 8));
  }
}
