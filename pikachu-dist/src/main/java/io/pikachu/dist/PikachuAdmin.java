package io.pikachu.dist;

import io.pikachu.core.profile.NodeProfile;
import io.pikachu.store.NodeProfileStore;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The admin jar's command line, {@code hadoop jar pikachu-<version>.jar <command>}, with Hadoop's
 * generic options before the command ({@code -D pikachu.profile.dir=...}, {@code -conf site.xml},
 * {@code -fs hdfs://...}).
 */
public final class PikachuAdmin extends Configured implements Tool {

  static final String USAGE =
      "usage: hadoop jar pikachu-<version>.jar [generic options] <command>\n"
          + "  profile show [--user NAME]\n"
          + "      prints the node profile: per work class, each node's relative map speed, how\n"
          + "      many jobs and maps measured it, and when\n"
          + "  profile reset [--user NAME]\n"
          + "      deletes the node profile; the next job measures every node anew\n"
          + "      --user NAME: the profile of NAME's jobs (default: yours), when\n"
          + "      pikachu.profile.dir is not set\n"
          + "  clean --older-than AGE [--dry-run] [--skip-running-check]\n"
          + "      removes the per-job directories under pikachu.binmap.dir that crashed AMs\n"
          + "      left: those unchanged for AGE (7d, 12h, 30m) whose job YARN does not run;\n"
          + "      prints each entry removed or kept, and why\n"
          + "      --dry-run: removes nothing, prints what it would remove\n"
          + "      --skip-running-check: does not ask the ResourceManager (remove by age alone)\n"
          + "generic options: -D key=value, -conf FILE, -fs URI (Hadoop's)";

  private final PrintStream out;
  private final Function<Configuration, CleanCommand.Jobs> jobs;

  PikachuAdmin(
      Configuration conf, PrintStream out, Function<Configuration, CleanCommand.Jobs> jobs) {
    super(conf);
    this.out = out;
    this.jobs = jobs;
  }

  public static void main(String[] args) throws Exception {
    System.exit(
        ToolRunner.run(
            new PikachuAdmin(new Configuration(), System.out, YarnRunningJobs::new), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    if (rest.isEmpty()) {
      return usage("no command");
    }
    try {
      switch (rest.get(0)) {
        case "profile":
          return profile(rest.subList(1, rest.size()));
        case "clean":
          return new CleanCommand(getConf(), out, jobs).run(rest.subList(1, rest.size()));
        default:
          return usage("unknown command: " + String.join(" ", rest));
      }
    } catch (CleanCommand.UsageException e) {
      return usage(e.getMessage());
    } catch (IOException e) {
      // a refused or missing directory: the message names it and says what to do
      out.println("error: " + e.getMessage());
      return 1;
    }
  }

  private int profile(List<String> args) throws IOException {
    List<String> rest = new ArrayList<>(args);
    String user = null;
    int u = rest.indexOf("--user");
    if (u >= 0) {
      if (u + 1 >= rest.size()) {
        return usage("--user needs a name");
      }
      user = rest.get(u + 1);
      rest.subList(u, u + 2).clear();
    }
    if (rest.size() != 1) {
      return usage("profile needs show or reset");
    }
    NodeProfileStore store =
        user == null ? NodeProfileStore.of(getConf()) : NodeProfileStore.of(getConf(), user);
    long now = System.currentTimeMillis();
    switch (rest.get(0)) {
      case "show":
        NodeProfile p = store.read(now);
        out.println("Pikachu node profile in " + store.dir());
        if (p.isEmpty()) {
          out.println("(empty: no job has measured a node yet, or every measurement aged out)");
        }
        p.describe(now).forEach(out::println);
        return 0;
      case "reset":
        int deleted = store.reset();
        out.println("Pikachu node profile in " + store.dir() + " reset: " + deleted + " file(s)");
        return 0;
      default:
        return usage("unknown profile command: " + rest.get(0));
    }
  }

  private int usage(String problem) {
    out.println(problem);
    out.println(USAGE);
    return 2;
  }
}
