package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.core.decision.observe.TaskPhase;
import org.junit.jupiter.api.Test;

class ShuffleProgressTest {

  @Test
  void stockStateStringGivesTheCopiedCount() {
    assertEquals(
        12, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, false, "12 / 40 copied.", 0.01, 40));
  }

  @Test
  void binShuffleCopiedMapsComeFromTheCopyPhaseProgress() {
    // BinShuffle's state string counts maps *done*, not copied; it must not be read as a copied
    // count
    String bins = "30/40 maps done, 50% of owned bins [0,10) copied, bin map v0";
    // overall progress 1/6 = half of the copy phase (the first third of a reduce task)
    assertEquals(20, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, false, bins, 1.0 / 6.0, 40));
    assertEquals(40, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, false, bins, 1.0 / 3.0, 40));
  }

  @Test
  void exactThirdsDoNotRoundDown() {
    for (int k = 0; k <= 7; k++) {
      float progress = (float) (k / 7.0 / 3.0);
      assertEquals(
          k, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, false, "", progress, 7), "k=" + k);
    }
  }

  @Test
  void afterTheShuffleEveryMapIsCopied() {
    assertEquals(9, ShuffleProgress.mapsCopied(TaskPhase.SORT, false, "", 0.4, 9));
    assertEquals(9, ShuffleProgress.mapsCopied(TaskPhase.REDUCE, false, "reduce > reduce", 0.8, 9));
    assertEquals(9, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, true, "", 1.0, 9));
  }

  @Test
  void beforeTheShuffleNothingIsCopiedAndCountsAreCapped() {
    assertEquals(0, ShuffleProgress.mapsCopied(TaskPhase.STARTING, false, null, 0.0, 9));
    assertEquals(
        9, ShuffleProgress.mapsCopied(TaskPhase.SHUFFLE, false, "50 / 50 copied.", 0.3, 9));
  }
}
