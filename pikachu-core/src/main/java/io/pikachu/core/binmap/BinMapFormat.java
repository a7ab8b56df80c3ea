package io.pikachu.core.binmap;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The one wire/file format of a {@link BinMap}. Five lines of text, the last a CRC-32 of the ones
 * before it, so a torn or hand-edited file is rejected instead of being read as a wrong map. The
 * owners are runs {@code reducer*bins} in bin order ({@link BinAllocation#ownerRuns()}):
 *
 * <pre>
 * pikachu-binmap 2
 * version 3
 * final false
 * owners 0*15,1*10,0*5,2*5,3*5
 * crc32 8c1f0a3e
 * </pre>
 *
 * <p>Version 1 files, with a line {@code counts 15,15,5,5} of contiguous ranges in reducer order
 * instead of the owners, still read.
 */
public final class BinMapFormat {
  static final String MAGIC = "pikachu-binmap 2";
  private static final String MAGIC_V1 = "pikachu-binmap 1";
  private static final String[] FIELDS = {"version", "final", "owners", "crc32"};
  private static final String[] FIELDS_V1 = {"version", "final", "counts", "crc32"};

  private BinMapFormat() {}

  public static String encode(BinMap map) {
    String body =
        MAGIC
            + "\nversion "
            + map.version()
            + "\nfinal "
            + map.isFinal()
            + "\nowners "
            + map.allocation().ownerRuns()
            + "\n";
    return body + "crc32 " + crc(body) + "\n";
  }

  public static byte[] encodeBytes(BinMap map) {
    return encode(map).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Parses and checks a map. {@code source} (a path, usually) is named in every error. {@code
   * expectedReducers}/{@code expectedBinsPerReducer} are the job's shape; pass 0 to skip.
   */
  public static BinMap decode(
      String text, String source, int expectedReducers, int expectedBinsPerReducer)
      throws BinMapFormatException {
    if (text == null || text.isEmpty()) {
      throw new BinMapFormatException(source, "file is empty");
    }
    String[] lines = text.split("\n", -1);
    boolean v1 = lines[0].equals(MAGIC_V1);
    if (!lines[0].equals(MAGIC) && !v1) {
      throw new BinMapFormatException(
          source, "first line must be '" + MAGIC + "', got '" + abbreviate(lines[0]) + "'");
    }
    String[] fieldNames = v1 ? FIELDS_V1 : FIELDS;
    if (lines.length != FIELDS.length + 2 || !lines[lines.length - 1].isEmpty()) {
      throw new BinMapFormatException(
          source,
          "expected "
              + (FIELDS.length + 1)
              + " newline-terminated lines, got "
              + (lines.length - 1)
              + " (truncated file?)");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i < fieldNames.length; i++) {
      String line = lines[i + 1];
      String prefix = fieldNames[i] + " ";
      if (!line.startsWith(prefix)) {
        throw new BinMapFormatException(
            source,
            "line "
                + (i + 2)
                + " must start with '"
                + prefix
                + "', got '"
                + abbreviate(line)
                + "'");
      }
      fields.put(fieldNames[i], line.substring(prefix.length()));
    }
    String body = text.substring(0, text.lastIndexOf("crc32 "));
    if (!crc(body).equals(fields.get("crc32"))) {
      throw new BinMapFormatException(source, "checksum mismatch (file corrupt or edited by hand)");
    }
    long version = parseLong(source, "version", fields.get("version"));
    String finalText = fields.get("final");
    if (!finalText.equals("true") && !finalText.equals("false")) {
      throw new BinMapFormatException(
          source, "final must be true or false, got '" + abbreviate(finalText) + "'");
    }
    boolean isFinal = Boolean.parseBoolean(finalText);
    BinMap map;
    try {
      map =
          v1
              ? BinMap.fromCounts(version, isFinal, parseCounts(source, fields.get("counts")))
              : new BinMap(version, isFinal, BinAllocation.fromRuns(fields.get("owners")));
    } catch (IllegalArgumentException e) {
      throw new BinMapFormatException(source, e.getMessage());
    }
    if (expectedReducers > 0 && map.reducers() != expectedReducers) {
      throw new BinMapFormatException(
          source, "map is for " + map.reducers() + " reducers but the job has " + expectedReducers);
    }
    if (expectedBinsPerReducer > 0
        && map.totalBins() != (long) expectedBinsPerReducer * map.reducers()) {
      throw new BinMapFormatException(
          source,
          "map has "
              + map.totalBins()
              + " bins but the job"
              + " writes "
              + map.reducers()
              + " x "
              + expectedBinsPerReducer
              + " = "
              + ((long) expectedBinsPerReducer * map.reducers()));
    }
    return map;
  }

  public static BinMap decode(
      byte[] bytes, String source, int expectedReducers, int expectedBinsPerReducer)
      throws BinMapFormatException {
    return decode(
        new String(bytes, StandardCharsets.UTF_8),
        source,
        expectedReducers,
        expectedBinsPerReducer);
  }

  private static int[] parseCounts(String source, String text) throws BinMapFormatException {
    String[] parts = text.split(",", -1);
    int[] counts = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      long value = parseLong(source, "counts[" + i + "]", parts[i]);
      if (value < 1 || value > Integer.MAX_VALUE) {
        throw new BinMapFormatException(source, "counts[" + i + "] must be >= 1, got " + value);
      }
      counts[i] = (int) value;
    }
    return counts;
  }

  private static long parseLong(String source, String field, String text)
      throws BinMapFormatException {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new BinMapFormatException(
          source, field + " is not an integer: '" + abbreviate(text) + "'");
    }
  }

  private static String crc(String body) {
    CRC32 crc = new CRC32();
    crc.update(body.getBytes(StandardCharsets.UTF_8));
    return String.format("%08x", crc.getValue());
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
