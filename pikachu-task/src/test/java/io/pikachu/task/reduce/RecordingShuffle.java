package io.pikachu.task.reduce;

import io.pikachu.core.shuffle.FetchCallbacks;
import io.pikachu.core.shuffle.FetchUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.Reporter;

/**
 * The shuffle side of a {@link BinFetcher} in a test: hands out the given requests, then stops the
 * fetcher, and records what came back (and the fetcher's error counters).
 */
final class RecordingShuffle implements FetchCallbacks<FetchedOutput>, Reporter {
  final Counters errors = new Counters();
  final List<String> fetched = new ArrayList<>();
  final List<FetchedOutput> outputs = new ArrayList<>();

  /** Refused sources by attempt, then "failed [...]" and "back off" in the order they came. */
  final List<String> refused = new ArrayList<>();

  /** Each failure: "[attempts] read|connect|other". */
  final List<String> failures = new ArrayList<>();

  final List<Long> backOffs = new ArrayList<>();
  Throwable exception;
  private final Deque<FetchUnit> units;

  RecordingShuffle(FetchUnit... units) {
    this.units = new ArrayDeque<>(Arrays.asList(units));
  }

  long ioErrors() {
    return errors.findCounter("Shuffle Errors", "IO_ERROR").getValue();
  }

  @Override
  public FetchUnit take() {
    return units.poll();
  }

  @Override
  public void fetched(FetchUnit unit, FetchUnit.Source source, FetchedOutput output) {
    fetched.add(source.attempt());
    outputs.add(output);
  }

  @Override
  public void failed(
      FetchUnit unit,
      Collection<FetchUnit.Source> sources,
      boolean readError,
      boolean connectError) {
    List<String> attempts = attempts(sources);
    refused.add("failed " + attempts);
    failures.add(attempts + (readError ? " read" : connectError ? " connect" : " other"));
  }

  @Override
  public void refused(FetchUnit unit, Collection<FetchUnit.Source> sources) {
    refused.addAll(attempts(sources));
  }

  @Override
  public void backOff(FetchUnit unit, long delayMs) {
    refused.add("back off");
    backOffs.add(delayMs);
  }

  @Override
  public void release(FetchUnit unit) {}

  @Override
  public void reportException(Throwable t) {
    exception = t;
  }

  private static List<String> attempts(Collection<FetchUnit.Source> sources) {
    List<String> attempts = new ArrayList<>();
    for (FetchUnit.Source s : sources) {
      attempts.add(s.attempt());
    }
    return attempts;
  }

  // Reporter: the fetcher's error counters

  @Override
  public Counters.Counter getCounter(Enum<?> name) {
    return errors.findCounter(name);
  }

  @Override
  public Counters.Counter getCounter(String group, String name) {
    return errors.findCounter(group, name);
  }

  @Override
  public void incrCounter(Enum<?> key, long amount) {
    errors.incrCounter(key, amount);
  }

  @Override
  public void incrCounter(String group, String counter, long amount) {
    errors.incrCounter(group, counter, amount);
  }

  @Override
  public InputSplit getInputSplit() {
    throw new UnsupportedOperationException();
  }

  @Override
  public float getProgress() {
    return 0;
  }

  @Override
  public void setStatus(String status) {}

  @Override
  public void progress() {}
}
