package io.pikachu.netmodels.report;

import java.awt.Color;

/** Series colours that stay apart on white and in print (JFreeChart's fourth default is yellow). */
final class Palette {
  private static final Color[] COLOURS = {
    new Color(0xd62728),
    new Color(0x1f77b4),
    new Color(0x2ca02c),
    new Color(0x555555),
    new Color(0x9467bd),
    new Color(0xff7f0e)
  };

  private Palette() {}

  static Color colour(int series) {
    return COLOURS[series % COLOURS.length];
  }
}
