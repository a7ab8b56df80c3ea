package io.pikachu.bench;

import io.pikachu.bench.apps.HotKeyJoin;
import io.pikachu.bench.apps.InvertedIndex;
import io.pikachu.bench.apps.MultiWordCount;
import io.pikachu.bench.apps.SelfJoin;
import io.pikachu.bench.apps.Sort;
import io.pikachu.bench.apps.TotalOrderSort;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.apps.WordCountNoCombiner;
import io.pikachu.bench.data.DigestCommand;
import io.pikachu.bench.data.GenerateAssociationsCommand;
import io.pikachu.bench.data.GenerateCommand;
import org.apache.hadoop.util.ProgramDriver;

/**
 * Entry point of the benchmark applications jar, {@code hadoop jar bench-apps-<version>.jar
 * <program> [args]}: Hadoop's own {@link ProgramDriver}, as hadoop-mapreduce-examples uses, so that
 * the programs list and their usage read the way Hadoop users know.
 */
public final class BenchApps {

  private BenchApps() {}

  public static void main(String[] args) throws Throwable {
    ProgramDriver driver = new ProgramDriver();
    driver.addClass("wordcount", WordCount.class, "counts words: <input> <output>");
    driver.addClass(
        "wordcount-nocombiner",
        WordCountNoCombiner.class,
        "counts words without a combiner (skewed over Zipf words): <input> <output>");
    driver.addClass(
        "hotjoin",
        HotKeyJoin.class,
        "joins lines with a dimension on their first word (one hot key): <input> <output>");
    driver.addClass("sort", Sort.class, "sorts gen-sort records: <input> <output>");
    driver.addClass(
        "sort-total-order",
        TotalOrderSort.class,
        "sorts with Hadoop's TotalOrderPartitioner on sampled input: <input> <output>");
    driver.addClass(
        "multiwordcount",
        MultiWordCount.class,
        "counts every 3 consecutive words (gen-text input): <input> <output>");
    driver.addClass(
        "invertedindex",
        InvertedIndex.class,
        "word -> the files holding it (gen-text with several files): <input> <output>");
    driver.addClass(
        "selfjoin",
        SelfJoin.class,
        "k+1-field associations from k-field ones (gen-selfjoin input): <input> <output>");
    driver.addClass(
        "gen-text",
        GenerateCommand.Text.class,
        "seeded text: <output> <files> <mb-per-file> [seed] [vocabulary]");
    driver.addClass(
        "gen-sort",
        GenerateCommand.Sort.class,
        "seeded records: <output> <files> <mb-per-file> [seed]");
    driver.addClass(
        "gen-selfjoin",
        GenerateAssociationsCommand.class,
        "seeded associations: <output> <files> <mb-per-file> [seed] [k] [max-group-size] [items]");
    driver.addClass(
        "gen-digest",
        DigestCommand.class,
        "one SHA-256 of a generated data set, to compare inputs across clusters: <dir>");
    System.exit(driver.run(args));
  }
}
