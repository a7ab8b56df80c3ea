package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.mapred.MapTaskCompletionEventsUpdate;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapred.TaskCompletionEvent;
import org.apache.hadoop.mapred.TaskUmbilicalProtocol;
import org.junit.jupiter.api.Test;

/** Issue 42: the map-event poller without a cluster. */
class MapEventPollerTest {
  private static final TaskAttemptID REDUCE =
      TaskAttemptID.forName("attempt_1700000000000_0001_r_000000_0");

  private static TaskCompletionEvent event(int id) {
    TaskAttemptID map = TaskAttemptID.forName("attempt_1700000000000_0001_m_00000" + id + "_0");
    return new TaskCompletionEvent(
        id, map, id, true, TaskCompletionEvent.Status.SUCCEEDED, "http://host" + id + ":13562");
  }

  private static MapTaskCompletionEventsUpdate update(TaskCompletionEvent... events) {
    return new MapTaskCompletionEventsUpdate(events, false);
  }

  /** An umbilical that answers the poller's call from {@code events}, as the AM does. */
  private static TaskUmbilicalProtocol umbilical(
      List<TaskCompletionEvent> events, AtomicInteger calls) {
    return (TaskUmbilicalProtocol)
        Proxy.newProxyInstance(
            TaskUmbilicalProtocol.class.getClassLoader(),
            new Class<?>[] {TaskUmbilicalProtocol.class},
            (proxy, method, args) -> {
              if (!method.getName().equals("getMapCompletionEvents")) {
                throw new UnsupportedOperationException(method.getName());
              }
              calls.incrementAndGet();
              if (events == null) {
                throw new IOException("AM unreachable");
              }
              int from = (Integer) args[1];
              int max = (Integer) args[2];
              TaskCompletionEvent[] batch =
                  events
                      .subList(Math.min(from, events.size()), Math.min(from + max, events.size()))
                      .toArray(new TaskCompletionEvent[0]);
              return new MapTaskCompletionEventsUpdate(batch, false);
            });
  }

  private static final class Recording implements MapEventPoller.Sink {
    final List<TaskCompletionEvent> events = new ArrayList<>();
    final List<Throwable> errors = new ArrayList<>();

    @Override
    public void onEvent(TaskCompletionEvent event) {
      events.add(event);
    }

    @Override
    public void reportException(Throwable t) {
      errors.add(t);
    }
  }

  @Test
  void eventsArriveInOrderAndFullBatchesAreFollowedAtOnce() throws IOException {
    List<TaskCompletionEvent> events = new ArrayList<>(Arrays.asList(event(0), event(1), event(2)));
    AtomicInteger calls = new AtomicInteger();
    Recording sink = new Recording();
    MapEventPoller poller = new MapEventPoller(umbilical(events, calls), REDUCE, 2, sink);

    poller.pollOnce(); // a full batch of two, then the rest at once
    assertEquals(2, calls.get());
    poller.pollOnce(); // nothing new: asked from event 3
    events.add(event(3));
    poller.pollOnce();

    assertEquals(4, sink.events.size());
    for (int i = 0; i < 4; i++) {
      assertEquals(i, sink.events.get(i).getEventId(), "in order, each once");
    }
  }

  @Test
  void aFailingUmbilicalIsRetriedAndAnInterruptStopsThePollerQuietly() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    Recording sink = new Recording();
    Thread t = new Thread(new MapEventPoller(umbilical(null, calls), REDUCE, 10, sink));
    t.start();
    // Waits for the first failed call however late the thread starts (a fixed sleep raced with it);
    // the poller's next try is 5 s away, so exactly one call is seen here.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
    while (calls.get() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertTrue(t.isAlive(), "it waits to try again rather than fail the reducer at once");
    assertEquals(1, calls.get());
    t.interrupt();
    t.join(5_000);
    assertTrue(!t.isAlive(), "an interrupt stops it");
    assertEquals(List.of(), sink.errors, "an interrupt is no failure");
  }
}
