package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.decision.trace.TraceHeader;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 42: the AM's trace recorder, read back as a trace. */
class TraceRecorderTest {
  @TempDir Path dir;

  private static StatusReport report(long t, int reducer, String binBytes) {
    return StatusReport.of(
            t,
            "attempt_1_0001_r_00000" + reducer + "_0",
            TaskType.REDUCE,
            reducer,
            "node" + reducer + ":1",
            TaskPhase.SHUFFLE,
            AttemptState.RUNNING,
            0.1,
            1,
            2,
            4,
            100,
            -1)
        .withBinBytes(binBytes);
  }

  @Test
  void reportsAndDecisionsAreWrittenInTheOrderTheControllerSawThem() throws IOException {
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("traces/job_1-am1.jsonl").toUri());
    TraceHeader header =
        TraceHeader.of(2, "test", Map.of("pikachu.estimator", "fixed"), Slicing.HASH);
    TraceRecorder recorder = TraceRecorder.open(new Configuration(), file, header);
    StatusReport first = report(1_000, 0, "");
    StatusReport second = report(2_000, 1, "|binbytes a.1f.1|");
    recorder.add(first);
    recorder.decided(1_500);
    recorder.drain();
    recorder.add(second);
    recorder.close(); // drains what is still queued

    TraceFile read = TraceFile.read(dir.resolve("traces/job_1-am1.jsonl"));
    assertEquals(List.of(first, second), read.reports(), "every report, the bin sizes too");
    assertEquals(List.of(TraceFile.Mark.of(1_500, 1)), read.marks());
    assertEquals(header.description(), read.header().description());
  }

  @Test
  void anExistingTraceIsNeverOverwritten() throws IOException {
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("job_1-am1.jsonl").toUri());
    TraceHeader header = TraceHeader.of(2, "test", Map.of(), Slicing.HASH);
    TraceRecorder.open(new Configuration(), file, header).close();
    assertThrows(IOException.class, () -> TraceRecorder.open(new Configuration(), file, header));
  }
}
