package io.pikachu.core.binmap;

import io.pikachu.core.config.PikachuKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The text form of a bin allocation's owners, as the bin-map files and decision records carry it:
 * runs {@code reducer*length} separated by commas, in bin order ({@code 0*18,1*6,2*6}), so a map
 * that moved few bins stays a short line whatever the number of bins.
 */
final class OwnerRuns {
  private OwnerRuns() {}

  /** The owners, {@code owners[bin] = reducer}, as runs. */
  static String format(int[] owners) {
    StringBuilder s = new StringBuilder();
    int start = 0;
    for (int b = 1; b <= owners.length; b++) {
      if (b == owners.length || owners[b] != owners[start]) {
        s.append(s.length() == 0 ? "" : ",").append(owners[start]).append('*').append(b - start);
        start = b;
      }
    }
    return s.toString();
  }

  /**
   * The owners the runs give, covering a whole number of bins per reducer named.
   *
   * @throws IllegalArgumentException naming the run that is wrong
   */
  static int[] parse(String runs) {
    String[] parts = runs.split(",", -1);
    List<int[]> parsed = new ArrayList<>();
    long bins = 0;
    int reducers = 0;
    for (int i = 0; i < parts.length; i++) {
      int star = parts[i].indexOf('*');
      long reducer = star < 0 ? -1 : parseRun(parts[i].substring(0, star));
      long length = star < 0 ? -1 : parseRun(parts[i].substring(star + 1));
      if (reducer < 0 || reducer >= Integer.MAX_VALUE || length < 1) {
        throw new IllegalArgumentException(
            "owners run "
                + i
                + " must be reducer*length with a reducer >= 0 and a length >= 1, got '"
                + (parts[i].length() <= 40 ? parts[i] : parts[i].substring(0, 37) + "...")
                + "'");
      }
      bins += length;
      if (bins > PikachuKeys.MAX_TOTAL_BINS) {
        throw new IllegalArgumentException(
            "owners cover more than " + PikachuKeys.MAX_TOTAL_BINS + " bins");
      }
      reducers = Math.max(reducers, (int) reducer + 1);
      parsed.add(new int[] {(int) reducer, (int) length});
    }
    if (bins % reducers != 0) {
      throw new IllegalArgumentException(
          "owners cover "
              + bins
              + " bins, not a whole number of bins per reducer for "
              + reducers
              + " reducers");
    }
    int[] owners = new int[(int) bins];
    int b = 0;
    for (int[] run : parsed) {
      Arrays.fill(owners, b, b + run[1], run[0]);
      b += run[1];
    }
    return owners;
  }

  private static long parseRun(String number) {
    try {
      return Long.parseLong(number);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
