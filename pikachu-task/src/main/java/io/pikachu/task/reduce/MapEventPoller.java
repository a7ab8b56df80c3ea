package io.pikachu.task.reduce;

import java.io.IOException;
import org.apache.hadoop.mapred.JobID;
import org.apache.hadoop.mapred.MapTaskCompletionEventsUpdate;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapred.TaskCompletionEvent;
import org.apache.hadoop.mapred.TaskUmbilicalProtocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Polls the AM for map completion events, like stock {@code EventFetcher}. */
final class MapEventPoller implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(MapEventPoller.class);
  private static final long SLEEP_MS = 1000;
  private static final int MAX_RETRIES = 10;
  private static final long RETRY_MS = 5000;

  /** Receives each event in order. */
  interface Sink {
    void onEvent(TaskCompletionEvent event);

    void reportException(Throwable t);
  }

  private final TaskUmbilicalProtocol umbilical;
  private final TaskAttemptID reduceId;
  private final int maxEvents;
  private final Sink sink;
  private int fromEvent;

  MapEventPoller(
      TaskUmbilicalProtocol umbilical, TaskAttemptID reduceId, int maxEvents, Sink sink) {
    this.umbilical = umbilical;
    this.reduceId = reduceId;
    this.maxEvents = maxEvents;
    this.sink = sink;
  }

  @Override
  public void run() {
    int failures = 0;
    try {
      while (!Thread.currentThread().isInterrupted()) {
        try {
          pollOnce();
          failures = 0;
          Thread.sleep(SLEEP_MS);
        } catch (IOException e) {
          if (++failures >= MAX_RETRIES) {
            throw new IOException("too many failures getting map completion events", e);
          }
          LOG.info("Failed to get map completion events; retrying", e);
          Thread.sleep(RETRY_MS);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      sink.reportException(t);
    }
  }

  void pollOnce() throws IOException {
    TaskCompletionEvent[] events;
    do {
      MapTaskCompletionEventsUpdate update =
          umbilical.getMapCompletionEvents(
              (JobID) reduceId.getJobID(), fromEvent, maxEvents, reduceId);
      events = update.getMapTaskCompletionEvents();
      fromEvent += events.length;
      for (TaskCompletionEvent event : events) {
        sink.onEvent(event);
      }
    } while (events.length == maxEvents);
  }
}
