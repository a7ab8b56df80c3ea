package io.pikachu.bench.suite;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The suite's raw results, {@code results.csv}: one {@link RunResult} per line, appended as each
 * job ends so that an interrupted run keeps what it measured and can resume.
 */
public final class ResultsCsv {
  static final String[] HEADER = {
    "app",
    "config",
    "method",
    "fixed_p",
    "rep",
    "job_id",
    "status",
    "seconds",
    "maps_done_s",
    "fast_reducers_done_s",
    "slow_reducers_done_s",
    "fastest_p",
    "rebalanced",
    "reason",
    "reducer_bins",
    "shuffle_bytes",
    "reshuffled_bytes",
    "dropped_bytes",
    "output_digest",
    "run_dir"
  };

  private static final CSVFormat READ =
      CSVFormat.DEFAULT.builder().setHeader(HEADER).setSkipHeaderRecord(true).get();

  private ResultsCsv() {}

  public static List<RunResult> read(Path csv) throws IOException {
    if (!Files.exists(csv)) {
      return List.of();
    }
    List<RunResult> results = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      for (CSVRecord row : READ.parse(in)) {
        if (row.size() != HEADER.length) {
          throw new IOException(
              csv
                  + " line "
                  + row.getRecordNumber()
                  + ": expected "
                  + HEADER.length
                  + " fields, found "
                  + row.size()
                  + " (a file from another version, or damaged)");
        }
        try {
          results.add(parse(row));
        } catch (IllegalArgumentException e) {
          throw new IOException(
              csv + " line " + (row.getRecordNumber() + 1) + ": " + e.getMessage(), e);
        }
      }
    }
    return results;
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
            r.runDir());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to " + csv, e);
    }
  }

  private static RunResult parse(CSVRecord row) {
    return new RunResult(
        row.get("app"),
        row.get("config"),
        row.get("method"),
        decimal(row, "fixed_p"),
        whole(row, "rep"),
        row.get("job_id"),
        row.get("status"),
        decimal(row, "seconds"),
        decimal(row, "maps_done_s"),
        decimal(row, "fast_reducers_done_s"),
        decimal(row, "slow_reducers_done_s"),
        decimal(row, "fastest_p"),
        Boolean.parseBoolean(row.get("rebalanced")),
        row.get("reason"),
        row.get("reducer_bins"),
        longValue(row, "shuffle_bytes"),
        longValue(row, "reshuffled_bytes"),
        longValue(row, "dropped_bytes"),
        row.get("output_digest"),
        row.get("run_dir"));
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
