package io.pikachu.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ArgsTest {

  @Test
  void acceptsWholeNumbersFromTheMinimumUp() {
    assertEquals(1, Args.atLeast("maps", "1", 1));
    assertEquals(40, Args.atLeast("maps", "40", 1));
  }

  @Test
  void errorsNameTheArgumentAndTheValue() {
    var notNumber =
        assertThrows(IllegalArgumentException.class, () -> Args.atLeast("reps", "three", 1));
    assertEquals("reps must be a whole number, got 'three'", notNumber.getMessage());
    var tooSmall = assertThrows(IllegalArgumentException.class, () -> Args.atLeast("reps", "0", 1));
    assertEquals("reps must be at least 1, got 0", tooSmall.getMessage());
  }
}
