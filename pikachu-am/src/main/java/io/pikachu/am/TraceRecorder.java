package io.pikachu.am;

import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.decision.trace.TraceHeader;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Records every status report the controller is fed, in the format of {@link TraceFile}, so that a
 * run on a real or embedded cluster becomes a test trace. Reports are queued by the AM's event
 * thread and written by the controller's timer thread: the AM's dispatcher never waits for a file
 * system.
 */
final class TraceRecorder implements Closeable {

  private final Path file;

  /** Reports, and the times of decisions ({@link Long}), in the order the controller saw them. */
  private final ConcurrentLinkedQueue<Object> pending = new ConcurrentLinkedQueue<>();

  private final TraceFile.Recorder out;

  private TraceRecorder(Path file, TraceFile.Recorder out) {
    this.file = file;
    this.out = out;
  }

  static TraceRecorder open(Configuration conf, Path file, TraceHeader header) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    fs.mkdirs(file.getParent());
    OutputStreamWriter writer =
        new OutputStreamWriter(fs.create(file, false), StandardCharsets.UTF_8);
    return new TraceRecorder(file, new TraceFile.Recorder(writer, header));
  }

  Path file() {
    return file;
  }

  void add(StatusReport report) {
    pending.add(report);
  }

  /** The controller decided at {@code timeMs}, after the reports added so far. */
  void decided(long timeMs) {
    pending.add(timeMs);
  }

  /** Writes what has been queued, in arrival order. */
  synchronized void drain() throws IOException {
    Object next;
    while ((next = pending.poll()) != null) {
      if (next instanceof StatusReport) {
        out.record((StatusReport) next);
      } else {
        out.decided((Long) next);
      }
    }
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      drain();
    } finally {
      out.close();
    }
  }
}
