package io.pikachu.benchsuite.report;

import io.pikachu.benchmodel.Method;
import io.pikachu.benchsuite.suite.RunResult;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether every successful run of an application produced the output stock Hadoop produced (equal
 * {@link io.pikachu.benchsuite.suite.OutputDigest}s): Pikachu moves bins between reducers
 * mid-shuffle, and a lost or duplicated record must never go unnoticed behind a good job time.
 *
 * @param reference the stock runs' digest, or null when no stock run succeeded (nothing to compare
 *     with)
 * @param runs successful runs checked, stock's included
 * @param mismatches runs whose digest differs from the reference; stock runs that disagree among
 *     themselves too
 */
record OutputCheck(String reference, int runs, List<RunResult> mismatches) {

  OutputCheck {
    mismatches = List.copyOf(mismatches);
  }

  static OutputCheck of(List<RunResult> okRuns) {
    // The most common stock digest: if one stock repetition differs, it is that one that gets
    // flagged.
    Map<String, Long> stockDigests =
        okRuns.stream()
            .filter(r -> r.method().equals(Method.STOCK.label()) && !r.outputDigest().isBlank())
            .collect(Collectors.groupingBy(RunResult::outputDigest, Collectors.counting()));
    String reference =
        stockDigests.entrySet().stream()
            .max(
                Map.Entry.<String, Long>comparingByValue()
                    .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
            .map(Map.Entry::getKey)
            .orElse(null);
    List<RunResult> mismatches =
        reference == null
            ? List.of()
            : okRuns.stream().filter(r -> !r.outputDigest().equals(reference)).toList();
    return new OutputCheck(reference, okRuns.size(), mismatches);
  }

  boolean comparable() {
    return reference != null;
  }

  boolean passed() {
    return comparable() && mismatches.isEmpty();
  }

  static String shownDigest(RunResult r) {
    return r.outputDigest().isBlank() ? "(none)" : r.outputDigest();
  }
}
