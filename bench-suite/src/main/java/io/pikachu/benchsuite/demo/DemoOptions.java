package io.pikachu.benchsuite.demo;

import io.pikachu.bench.Args;
import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.CommandLines;
import io.pikachu.benchmodel.SlotConfig;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** Options of the main command; defaults give the README's demonstration in a few minutes. */
public record DemoOptions(
    int fastNodes,
    int slowNodes,
    double slowCpus,
    int speedRatio,
    SlotConfig slots,
    int maps,
    int megabytesPerMap,
    int vocabulary,
    double zipfExponent,
    long seed) {

  private static final Options OPTIONS =
      new Options()
          .addOption(
              Option.builder().longOpt("fast").hasArg().desc("fast nodes (default 1)").build())
          .addOption(
              Option.builder().longOpt("slow").hasArg().desc("slow nodes (default 2)").build())
          .addOption(
              Option.builder()
                  .longOpt("slow-cpus")
                  .hasArg()
                  .desc("cores of this machine a slow node may use (default 0.25)")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("speed-ratio")
                  .hasArg()
                  .desc("a fast node's cores and map slots over a slow node's (default 4)")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("slots")
                  .hasArg()
                  .desc(
                      "config-1 (2 reduce slots per node) or config-2 (proportional to speed); default config-1")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("maps")
                  .hasArg()
                  .desc("input files, one map each (default 16)")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("mb-per-map")
                  .hasArg()
                  .desc("MB of text per map (default 8)")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("vocabulary")
                  .hasArg()
                  .desc("distinct words (default 50000000)")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("zipf")
                  .hasArg()
                  .desc(
                      "Zipf exponent of word frequencies; lower means more distinct words (default 0.6)")
                  .build())
          .addOption(
              Option.builder().longOpt("seed").hasArg().desc("data seed (default 42)").build())
          .addOption(Option.builder("h").longOpt("help").desc("this help").build());

  public static DemoOptions parse(String[] args) {
    CommandLine line = CommandLines.parseOptions(OPTIONS, args, usage());
    return new DemoOptions(
        intOption(line, "fast", 1, 0),
        intOption(line, "slow", 2, 0),
        doubleOption(line, "slow-cpus", 0.25),
        intOption(line, "speed-ratio", 4, 1),
        SlotConfig.parse(line.getOptionValue("slots", "config-1")),
        intOption(line, "maps", 16, 1),
        intOption(line, "mb-per-map", 8, 1),
        intOption(line, "vocabulary", 50_000_000, 1),
        doubleOption(line, "zipf", 0.6),
        Long.parseLong(line.getOptionValue("seed", "42")));
  }

  public ClusterSpec clusterSpec() {
    return ClusterSpec.heterogeneous(fastNodes, slowNodes, slowCpus, speedRatio, slots);
  }

  public static String usage() {
    var writer = new java.io.StringWriter();
    new HelpFormatter()
        .printHelp(
            new java.io.PrintWriter(writer),
            100,
            "demo [options]",
            "Runs Wordcount on an embedded heterogeneous cluster and shows the reduce-side imbalance.",
            OPTIONS,
            2,
            4,
            "");
    return writer.toString();
  }

  private static int intOption(CommandLine line, String name, int fallback, int min) {
    String text = line.getOptionValue(name);
    if (text == null) {
      return fallback;
    }
    return Args.atLeast("--" + name, text.trim(), min);
  }

  private static double doubleOption(CommandLine line, String name, double fallback) {
    String text = line.getOptionValue(name);
    if (text == null) {
      return fallback;
    }
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " must be a number, got '" + text + "'", e);
    }
  }
}
