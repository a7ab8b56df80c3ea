package io.pikachu.core.binmap;

import java.io.IOException;

/** A bin map file that cannot be trusted: corrupt, truncated or inconsistent with the job. */
public class BinMapFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  public BinMapFormatException(String source, String problem) {
    super("invalid Pikachu bin map in " + source + ": " + problem);
  }
}
