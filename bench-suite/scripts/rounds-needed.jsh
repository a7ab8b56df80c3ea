// How many paired rounds a claim needs, with the suite's own rule (PairedComparison.roundsFor):
// the fewest n whose 95% interval of the mean paired difference, t(n-1) * sd / sqrt(n), is at most
// the target half-width. The standard deviation of a measure's paired differences comes from a
// `compare` cell "median; mean ± h; n k": sd = h * sqrt(k) / t(k-1).
//
// From the repository root, after any build of bench-suite (e.g. the `compare` command):
//   jshell --class-path bench-suite/target/classes:$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar \
//     -R-Dcells="4.8:3,9.6:3" bench-suite/scripts/rounds-needed.jsh
// where each cell is "h:k" (half-width and rounds of a compare cell).
import io.pikachu.bench.report.PairedComparison;
import org.apache.commons.math3.distribution.TDistribution;

for (String cell : System.getProperty("cells", "").split(",")) {
  if (cell.isBlank()) continue;
  String[] hk = cell.trim().split(":");
  double h = Double.parseDouble(hk[0]);
  int k = Integer.parseInt(hk[1]);
  double sd = h * Math.sqrt(k) / new TDistribution(k - 1).inverseCumulativeProbability(0.975);
  System.out.printf(
      "± %.1f over %d rounds: sd %.1f%%; rounds for ±1%%: %d, ±2%%: %d, ±3%%: %d%n",
      h, k, sd, PairedComparison.roundsFor(sd, 1), PairedComparison.roundsFor(sd, 2),
      PairedComparison.roundsFor(sd, 3));
}
/exit
