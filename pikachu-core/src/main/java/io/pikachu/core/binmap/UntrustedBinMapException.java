package io.pikachu.core.binmap;

import java.io.IOException;

/**
 * What a reducer read from the bin-map store cannot be trusted: a file that is corrupt or does not
 * fit the job, or one another user could have written. Unlike a failed read, waiting does not make
 * it go away, so a reducer that meets one fails at once, naming the file.
 */
public class UntrustedBinMapException extends IOException {
  private static final long serialVersionUID = 1L;

  public UntrustedBinMapException(String message) {
    super(message);
  }
}
