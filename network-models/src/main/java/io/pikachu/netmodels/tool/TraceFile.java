package io.pikachu.netmodels.tool;

import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.traffic.FlowList;
import io.pikachu.netmodels.traffic.FlowSpec;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Flow arrivals from a CSV file with the header {@code start_us,src,dst,bytes}: start time in
 * microseconds, source and destination as host indices (the topology's hosts in order, from 0),
 * size in payload bytes. Rows need not be sorted. Any bad row is refused with its line number.
 */
public final class TraceFile {
  static final List<String> COLUMNS = List.of("start_us", "src", "dst", "bytes");

  private TraceFile() {}

  public static FlowList read(Path file, int hosts) {
    try (Reader in = Files.newBufferedReader(file)) {
      return parse(file.toString(), in, hosts);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read trace file " + file + ": " + e);
    }
  }

  static FlowList parse(String name, Reader in, int hosts) throws IOException {
    CSVFormat format =
        CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setTrim(true).get();
    List<FlowSpec> flows = new ArrayList<>();
    try (CSVParser p = CSVParser.parse(in, format)) {
      if (!Set.copyOf(p.getHeaderNames()).containsAll(COLUMNS)) {
        throw new IllegalArgumentException(
            name
                + ": the header must name "
                + String.join(",", COLUMNS)
                + ", got "
                + p.getHeaderNames());
      }
      for (CSVRecord r : p) {
        String where = name + " line " + p.getCurrentLineNumber();
        if (!r.isConsistent())
          throw new IllegalArgumentException(where + ": wrong number of fields");
        double startUs = number(r.get("start_us"), "start_us", where);
        if (startUs < 0) throw new IllegalArgumentException(where + ": start_us is negative");
        int src = host(r.get("src"), "src", hosts, where);
        int dst = host(r.get("dst"), "dst", hosts, where);
        if (src == dst) throw new IllegalArgumentException(where + ": src and dst are both " + src);
        double bytes = number(r.get("bytes"), "bytes", where);
        if (!(bytes >= 1) || bytes != Math.rint(bytes)) {
          throw new IllegalArgumentException(where + ": bytes must be a whole number >= 1");
        }
        flows.add(new FlowSpec(Math.round(startUs * Simulator.PS_PER_US), src, dst, (long) bytes));
      }
    } catch (java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(name + ": " + e.getCause().getMessage());
    }
    if (flows.isEmpty()) throw new IllegalArgumentException(name + ": no flows");
    return new FlowList(flows);
  }

  private static double number(String v, String column, String where) {
    try {
      double d = Double.parseDouble(v);
      if (Double.isNaN(d) || Double.isInfinite(d)) throw new NumberFormatException();
      return d;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": " + column + " '" + v + "' is not a number");
    }
  }

  private static int host(String v, String column, int hosts, String where) {
    int h;
    try {
      h = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          where + ": " + column + " '" + v + "' is not a host index");
    }
    if (h < 0 || h >= hosts) {
      throw new IllegalArgumentException(
          where
              + ": "
              + column
              + " "
              + h
              + " is not a host of the topology (0.."
              + (hosts - 1)
              + ")");
    }
    return h;
  }
}
