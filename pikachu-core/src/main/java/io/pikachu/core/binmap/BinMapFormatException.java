package io.pikachu.core.binmap;

/** A bin map file that cannot be trusted: corrupt, truncated or inconsistent with the job. */
public class BinMapFormatException extends UntrustedBinMapException {
  private static final long serialVersionUID = 1L;

  public BinMapFormatException(String source, String problem) {
    super("invalid Pikachu bin map in " + source + ": " + problem);
  }
}
