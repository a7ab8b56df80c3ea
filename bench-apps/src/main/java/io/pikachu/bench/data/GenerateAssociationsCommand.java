package io.pikachu.bench.data;

import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * {@code gen-selfjoin}: writes seeded k-field associations for Selfjoin to any Hadoop file system.
 */
public final class GenerateAssociationsCommand extends Configured implements Tool {
  static final String USAGE =
      "usage: gen-selfjoin <output> <files> <mb-per-file> [seed] [k] [max-group-size] [items]"
          + "   (defaults: seed 42, k "
          + AssociationGenerator.DEFAULT_FIELDS
          + ", max-group-size "
          + AssociationGenerator.DEFAULT_MAX_GROUP_SIZE
          + ", items "
          + AssociationGenerator.DEFAULT_ITEMS
          + ")";

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new GenerateAssociationsCommand(), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length < 3 || args.length > 7) {
      System.err.println(USAGE);
      return 2;
    }
    AssociationGenerator generator;
    int files;
    long bytesPerFile;
    try {
      files = positive("files", args[1]);
      bytesPerFile = positive("mb-per-file", args[2]) * 1_000_000L;
      long seed = args.length > 3 ? whole("seed", args[3]) : 42L;
      int fields = args.length > 4 ? positive("k", args[4]) : AssociationGenerator.DEFAULT_FIELDS;
      int maxGroup =
          args.length > 5
              ? positive("max-group-size", args[5])
              : AssociationGenerator.DEFAULT_MAX_GROUP_SIZE;
      int items = args.length > 6 ? positive("items", args[6]) : AssociationGenerator.DEFAULT_ITEMS;
      generator =
          new AssociationGenerator(
              seed, fields, items, maxGroup, AssociationGenerator.DEFAULT_GROUP_SKEW);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage() + "\n" + USAGE);
      return 2;
    }
    generator.write(getConf(), new Path(args[0]), files, bytesPerFile);
    return 0;
  }

  private static long whole(String name, String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, got '" + text + "'", e);
    }
  }

  private static int positive(String name, String text) {
    long value = whole(name, text);
    if (value < 1 || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          name + " must be between 1 and " + Integer.MAX_VALUE + ", got " + value);
    }
    return (int) value;
  }
}
