package io.pikachu.core.decision.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.value.ValueType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A recorded trace: JSON lines, a {@link TraceHeader} first and then one {@link StatusReport} per
 * line, in the order the controller was fed them. The adapter writes them from real runs; tests
 * replay them through the controller.
 *
 * <p>From version 2 a trace also marks when the AM's controller decided: a line {@code
 * {"decidedAtMs": t}} after the last report it had been fed. Report times alone cannot say that: a
 * report stamped before the decision may reach the controller after it, and one stamped after may
 * reach it before.
 */
@ValueType
@Value.Immutable
public abstract class TraceFile {

  public abstract TraceHeader header();

  public abstract List<StatusReport> reports();

  public abstract List<Mark> marks();

  public static TraceFile of(TraceHeader header, List<StatusReport> reports, List<Mark> marks) {
    return ImmutableTraceFile.of(header, reports, marks);
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String MARK_FIELD = "decidedAtMs";

  /**
   * The controller decided at {@code timeMs}, having been fed the first {@code reportsBefore}
   * reports of the trace.
   */
  @ValueType
  @Value.Immutable
  public abstract static class Mark {
    public abstract long timeMs();

    public abstract int reportsBefore();

    public static Mark of(long timeMs, int reportsBefore) {
      return ImmutableMark.of(timeMs, reportsBefore);
    }
  }

  public static TraceFile of(TraceHeader header, List<StatusReport> reports) {
    return of(header, reports, Collections.<Mark>emptyList());
  }

  /** The reports the controller had been fed when it made its first decision. */
  public Optional<List<StatusReport>> reportsBeforeFirstDecision() {
    return marks().stream().findFirst().map(m -> reports().subList(0, m.reportsBefore()));
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
    if (!TraceHeader.FORMAT.equals(header.format())
        || header.version() < 1
        || header.version() > TraceHeader.VERSION) {
      throw new IOException(
          source
              + ": line 1 is not a "
              + TraceHeader.FORMAT
              + " header of version 1 to "
              + TraceHeader.VERSION
              + ": "
              + line);
    }
    List<StatusReport> reports = new ArrayList<>();
    List<Mark> marks = new ArrayList<>();
    int n = 1;
    while ((line = in.readLine()) != null) {
      n++;
      if (line.trim().isEmpty()) {
        continue;
      }
      JsonNode node = parse(line, JsonNode.class, source, n);
      if (node.has(MARK_FIELD)) {
        if (!node.get(MARK_FIELD).canConvertToLong()) {
          throw new IOException(
              source + ": line " + n + " has a " + MARK_FIELD + " that is not a time: " + line);
        }
        marks.add(Mark.of(node.get(MARK_FIELD).asLong(), reports.size()));
      } else {
        reports.add(convert(node, StatusReport.class, source, n));
      }
    }
    return of(header, reports, marks);
  }

  private static <T> T parse(String line, Class<T> type, String source, int lineNo)
      throws IOException {
    try {
      return MAPPER.readValue(line, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw invalid(type, source, lineNo, e);
    }
  }

  private static <T> T convert(JsonNode node, Class<T> type, String source, int lineNo)
      throws IOException {
    try {
      return MAPPER.treeToValue(node, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw invalid(type, source, lineNo, e);
    }
  }

  private static IOException invalid(Class<?> type, String source, int lineNo, Exception e) {
    return new IOException(
        source
            + ": line "
            + lineNo
            + " is not a valid "
            + (type == TraceHeader.class ? "trace header" : type.getSimpleName())
            + ": "
            + e.getMessage(),
        e);
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

    /** The controller decided at {@code timeMs}, after the reports recorded so far. */
    public void decided(long timeMs) throws IOException {
      line(Collections.singletonMap(MARK_FIELD, timeMs));
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
