package io.pikachu.realcluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A finished {@code hadoop jar} command: its exit code, its output and the jobs it ran. */
record JarRun(
    String label, List<String> args, int exitCode, String output, Path log, Duration elapsed) {
  private static final Pattern RUNNING_JOB = Pattern.compile("Running job: (job_\\d+_\\d+)");

  /** Ids of the jobs it submitted, in order. */
  List<String> jobIds() {
    List<String> ids = new ArrayList<>();
    Matcher m = RUNNING_JOB.matcher(output);
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }

  /** The id of its only job; an error naming the command's log otherwise. */
  String jobId() {
    List<String> ids = jobIds();
    if (ids.size() != 1) {
      throw new AssertionError(label + " ran " + ids.size() + " jobs " + ids + "; see " + log);
    }
    return ids.get(0);
  }

  JarRun assertSucceeded() {
    if (exitCode != 0) {
      throw new AssertionError(
          "`hadoop jar ... "
              + String.join(" ", args)
              + "` exited with "
              + exitCode
              + " (log "
              + log
              + "):\n"
              + tail(60));
    }
    return this;
  }

  private String tail(int lines) {
    List<String> all = output.lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }
}
