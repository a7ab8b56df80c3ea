package io.pikachu.advisor;

import org.apache.log4j.ConsoleAppender;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * Keeps Hadoop's logging off the advisor's console: without a log4j configuration on the class path
 * log4j would print its own "log4j:WARN No appenders" lines, and with Hadoop's it prints the
 * parser's warnings for every speculative attempt killed before it started. Errors still show;
 * {@code --verbose} keeps Hadoop's levels. Through log4j 1's API, which Hadoop ships (reload4j, or
 * the log4j-1.2 bridge of a log4j 2 gateway); without it nothing is done.
 */
final class QuietLogging {
  private QuietLogging() {}

  static void apply(boolean verbose) {
    try {
      Logger root = LogManager.getRootLogger();
      if (!root.getAllAppenders().hasMoreElements()) {
        // No configuration found: one appender to standard error, so log4j has none to warn of.
        root.addAppender(
            new ConsoleAppender(new PatternLayout("%p %c{1}: %m%n"), ConsoleAppender.SYSTEM_ERR));
        root.setLevel(Level.WARN);
      }
      if (!verbose) {
        Logger.getLogger("org.apache.hadoop").setLevel(Level.ERROR);
      }
    } catch (LinkageError e) {
      // another logging back end: leave it as configured
    }
  }
}
