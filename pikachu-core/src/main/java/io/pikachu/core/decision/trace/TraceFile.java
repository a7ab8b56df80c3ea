package io.pikachu.core.decision.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pikachu.core.decision.observe.StatusReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded trace: JSON lines, a {@link TraceHeader} first and then one {@link StatusReport} per
 * line, in the order the AM received them. The adapter writes them from real runs; tests replay
 * them through the controller.
 */
public record TraceFile(TraceHeader header, List<StatusReport> reports) {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  public TraceFile {
    reports = List.copyOf(reports);
  }

  public static TraceFile read(Path path) throws IOException {
    try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      return read(r, path.toString());
    }
  }

  /**
   * @param source names the trace in error messages
   */
  public static TraceFile read(Reader reader, String source) throws IOException {
    BufferedReader in = new BufferedReader(reader);
    String line = in.readLine();
    if (line == null) {
      throw new IOException(
          source + ": empty trace, expected a " + TraceHeader.FORMAT + " header line");
    }
    TraceHeader header = parse(line, TraceHeader.class, source, 1);
    if (!TraceHeader.FORMAT.equals(header.format()) || header.version() != TraceHeader.VERSION) {
      throw new IOException(
          source
              + ": line 1 is not a "
              + TraceHeader.FORMAT
              + " version "
              + TraceHeader.VERSION
              + " header: "
              + line);
    }
    List<StatusReport> reports = new ArrayList<>();
    int n = 1;
    while ((line = in.readLine()) != null) {
      n++;
      if (!line.isBlank()) {
        reports.add(parse(line, StatusReport.class, source, n));
      }
    }
    return new TraceFile(header, reports);
  }

  private static <T> T parse(String line, Class<T> type, String source, int lineNo)
      throws IOException {
    try {
      return MAPPER.readValue(line, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IOException(
          source
              + ": line "
              + lineNo
              + " is not a valid "
              + type.getSimpleName()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Appends a trace line by line, so a recording survives an AM that dies mid-job up to the last
   * line.
   */
  public static final class Recorder implements AutoCloseable {
    private final Writer out;

    public Recorder(Writer out, TraceHeader header) throws IOException {
      this.out = out;
      line(header);
    }

    public void record(StatusReport report) throws IOException {
      line(report);
    }

    private void line(Object value) throws IOException {
      out.write(MAPPER.writeValueAsString(value));
      out.write('\n');
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
