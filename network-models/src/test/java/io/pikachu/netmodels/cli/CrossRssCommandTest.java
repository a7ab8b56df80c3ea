package io.pikachu.netmodels.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command line hands the crossrss-* subcommands to the CrossRSS package. */
class CrossRssCommandTest {
  @Test
  void crossRssSubcommandsReachTheirOwnOptionParser() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"crossrss-fig2b", "--rss", "x"}));
    assertTrue(e.getMessage().contains("--rss"), e.getMessage());
  }
}
