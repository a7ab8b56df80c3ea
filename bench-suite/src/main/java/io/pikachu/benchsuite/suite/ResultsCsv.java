package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.SuiteFiles.Results;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The suite's raw results, {@code results.csv}: one {@link RunResult} per line, appended as each
 * job ends so that an interrupted run keeps what it measured and can resume. Columns are found by
 * the file's own header, so a file written before the bin-map-version columns existed still reads
 * (those runs' versions are {@link BinMapVersions#UNKNOWN}); a missing older column is an error
 * naming the file and the column.
 */
public final class ResultsCsv {
  /** The columns every results.csv has had since the suite began. */
  static final List<String> REQUIRED = Results.REQUIRED;

  /** The columns added with the two-stage controller: what the decision record's versions say. */
  static final List<String> VERSION_COLUMNS = Results.VERSION_COLUMNS;

  static final String[] HEADER = Results.HEADER.toArray(new String[0]);

  private static final CSVFormat READ =
      CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

  private ResultsCsv() {}

  public static List<RunResult> read(Path csv) throws IOException {
    if (!Files.exists(csv)) {
      return List.of();
    }
    List<RunResult> results = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
        CSVParser parser = READ.parse(in)) {
      List<String> columns = parser.getHeaderNames();
      for (String column : REQUIRED) {
        if (!columns.contains(column)) {
          throw new IOException(
              csv + ": no column '" + column + "' in its header (not a suite's results.csv?)");
        }
      }
      boolean versions = columns.containsAll(VERSION_COLUMNS);
      for (CSVRecord row : parser) {
        if (row.size() != columns.size()) {
          throw new IOException(
              csv
                  + " line "
                  + (row.getRecordNumber() + 1)
                  + ": expected "
                  + columns.size()
                  + " fields, found "
                  + row.size()
                  + " (damaged, or rows of two versions of the file)");
        }
        try {
          results.add(parse(row, versions));
        } catch (IllegalArgumentException e) {
          throw new IOException(
              csv + " line " + (row.getRecordNumber() + 1) + ": " + e.getMessage(), e);
        }
      }
    }
    return results;
  }

  /** Whether the file is missing or already has this version's columns, so rows can be appended. */
  public static boolean isCurrent(Path csv) throws IOException {
    if (!Files.exists(csv) || Files.size(csv) == 0) {
      return true;
    }
    try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
        CSVParser parser = READ.parse(in)) {
      return parser.getHeaderNames().equals(Arrays.asList(HEADER));
    }
  }

  /**
   * Writes {@code results} as the whole file, with this version's header: how an older file is
   * brought up to date before a resumed suite appends to it.
   */
  public static void rewrite(Path csv, List<RunResult> results) throws IOException {
    Path tmp = csv.resolveSibling(csv.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    results.forEach(r -> append(tmp, r));
    if (results.isEmpty()) {
      Files.writeString(tmp, "");
    }
    Files.move(tmp, csv, StandardCopyOption.REPLACE_EXISTING);
  }

  public static void append(Path csv, RunResult r) {
    try {
      boolean fresh = !Files.exists(csv) || Files.size(csv) == 0;
      if (csv.toAbsolutePath().getParent() != null) {
        Files.createDirectories(csv.toAbsolutePath().getParent());
      }
      try (Writer out =
              Files.newBufferedWriter(
                  csv,
                  StandardCharsets.UTF_8,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.APPEND);
          CSVPrinter printer = new CSVPrinter(out, CSVFormat.DEFAULT)) {
        if (fresh) {
          printer.printRecord((Object[]) HEADER);
        }
        BinMapVersions v = r.versions();
        printer.printRecord(
            r.app(),
            r.config(),
            r.method(),
            number(r.fixedP()),
            r.rep(),
            r.jobId(),
            r.status(),
            number(r.seconds()),
            number(r.mapsDoneSeconds()),
            number(r.fastReducersDoneSeconds()),
            number(r.slowReducersDoneSeconds()),
            number(r.fastestP()),
            r.rebalanced(),
            r.reason(),
            r.reducerBins(),
            r.shuffleBytes(),
            r.reshuffledBytes(),
            r.droppedBytes(),
            r.outputDigest(),
            r.runDir(),
            v.recorded() ? Integer.toString(v.count()) : "",
            v.finalStage(),
            number(v.provisionalP()),
            v.recorded() ? Boolean.toString(v.provisionalRebalanced()) : "",
            number(v.provisionalSeconds()),
            number(v.finalSeconds()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + csv, e);
    }
  }

  private static RunResult parse(CSVRecord row, boolean versions) {
    return new RunResult(
        row.get(Results.APP),
        row.get(Results.CONFIG),
        row.get(Results.METHOD),
        decimal(row, Results.FIXED_P),
        whole(row, Results.REP),
        row.get(Results.JOB_ID),
        row.get(Results.STATUS),
        decimal(row, Results.SECONDS),
        decimal(row, Results.MAPS_DONE_S),
        decimal(row, Results.FAST_REDUCERS_DONE_S),
        decimal(row, Results.SLOW_REDUCERS_DONE_S),
        decimal(row, Results.FASTEST_P),
        Boolean.parseBoolean(row.get(Results.REBALANCED)),
        row.get(Results.REASON),
        row.get(Results.REDUCER_BINS),
        longValue(row, Results.SHUFFLE_BYTES),
        longValue(row, Results.RESHUFFLED_BYTES),
        longValue(row, Results.DROPPED_BYTES),
        row.get(Results.OUTPUT_DIGEST),
        row.get(Results.RUN_DIR),
        versions ? versions(row) : BinMapVersions.UNKNOWN);
  }

  private static BinMapVersions versions(CSVRecord row) {
    if (row.get(Results.BIN_MAP_VERSIONS).isBlank()) {
      return BinMapVersions.UNKNOWN;
    }
    return new BinMapVersions(
        whole(row, Results.BIN_MAP_VERSIONS),
        row.get(Results.FINAL_STAGE).trim(),
        decimal(row, Results.PROVISIONAL_P),
        Boolean.parseBoolean(row.get(Results.PROVISIONAL_REBALANCED)),
        decimal(row, Results.PROVISIONAL_S),
        decimal(row, Results.FINAL_S));
  }

  private static String number(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
  }

  private static double decimal(CSVRecord row, String column) {
    String text = row.get(column).trim();
    if (text.isEmpty()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(column + " is not a number: '" + text + "'", e);
    }
  }

  private static long longValue(CSVRecord row, String column) {
    try {
      return Long.parseLong(row.get(column).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          column + " is not a whole number: '" + row.get(column) + "'", e);
    }
  }

  private static int whole(CSVRecord row, String column) {
    return Math.toIntExact(longValue(row, column));
  }
}
