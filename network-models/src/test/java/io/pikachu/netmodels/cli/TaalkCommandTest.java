package io.pikachu.netmodels.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command line hands the taalk-* subcommands to the TAALK package. */
class TaalkCommandTest {
  @Test
  void taalkSubcommandsReachTheirOwnOptionParser() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"taalk-fig9", "--reps", "-1"}));
    assertTrue(e.getMessage().contains("--reps"), e.getMessage());
  }
}
