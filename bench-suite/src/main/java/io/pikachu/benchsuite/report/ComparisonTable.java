package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.ResultsCsv;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.SuiteRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The paired comparison of every method with stock (or another baseline method) on every cluster
 * and application of a suite directory, as a Markdown table: the command {@code compare <suite-dir>
 * [baseline]}.
 */
public final class ComparisonTable {
  private ComparisonTable() {}

  public static String of(Path suiteDir) throws IOException {
    return of(suiteDir, PairedComparison.STOCK);
  }

  public static String of(Path suiteDir, String baseline) throws IOException {
    List<RunResult> rows = ResultsCsv.read(suiteDir.resolve(SuiteRunner.RESULTS));
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "Each cell: the per-round difference against %1$s of the same round, in %% of %1$s's"
                + " (negative: less), as median, then mean ± half its 95%% interval; n rounds.\n\n",
            baseline));
    List<String> header = new ArrayList<>(List.of("cluster", "application", "method"));
    for (PairedComparison.Measure m : PairedComparison.Measure.values()) {
      header.add(m.label());
    }
    MarkdownTable table = new MarkdownTable(header.toArray(new String[0]));
    Set<String> keys = new LinkedHashSet<>();
    for (RunResult r : rows) {
      if (!r.method().equals(baseline)) {
        keys.add(r.config() + "\t" + r.app() + "\t" + r.method());
      }
    }
    for (String key : keys) {
      String[] k = key.split("\t");
      List<String> row = new ArrayList<>(List.of(k[0], k[1], k[2]));
      for (PairedComparison.Measure m : PairedComparison.Measure.values()) {
        PairedComparison.Differences d =
            PairedComparison.of(suiteDir, rows, k[1], k[0], baseline, k[2], m);
        row.add(
            d.rounds() == 0
                ? "-"
                : String.format(
                    Locale.ROOT,
                    "%+.1f%%; %+.1f ± %.1f; n %d",
                    d.median(),
                    d.mean(),
                    d.halfWidth(),
                    d.rounds()));
      }
      table.row(row.toArray());
    }
    return out.append(table).toString();
  }
}
