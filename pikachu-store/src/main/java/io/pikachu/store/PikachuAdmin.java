package io.pikachu.store;

import io.pikachu.core.profile.NodeProfile;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The admin jar's command line: {@code hadoop jar pikachu-<version>.jar profile show|reset [--user
 * NAME]}, with Hadoop's generic options ({@code -D pikachu.profile.dir=...}, {@code -conf}).
 */
public final class PikachuAdmin extends Configured implements Tool {

  static final String USAGE =
      "usage: hadoop jar pikachu-<version>.jar profile show|reset [--user NAME]\n"
          + "  profile show   prints the node profile: per work class, each node's relative map\n"
          + "                 speed, how many jobs and maps measured it, and when\n"
          + "  profile reset  deletes the node profile; the next job measures every node anew\n"
          + "  --user NAME    the profile of NAME's jobs (default: yours), when\n"
          + "                 pikachu.profile.dir is not set";

  private final PrintStream out;

  PikachuAdmin(Configuration conf, PrintStream out) {
    super(conf);
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new PikachuAdmin(new Configuration(), System.out), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    String user = null;
    int u = rest.indexOf("--user");
    if (u >= 0) {
      if (u + 1 >= rest.size()) {
        return usage("--user needs a name");
      }
      user = rest.get(u + 1);
      rest.subList(u, u + 2).clear();
    }
    if (rest.size() != 2 || !rest.get(0).equals("profile")) {
      return usage(rest.isEmpty() ? "no command" : "unknown command: " + String.join(" ", rest));
    }
    NodeProfileStore store =
        user == null ? NodeProfileStore.of(getConf()) : NodeProfileStore.of(getConf(), user);
    long now = System.currentTimeMillis();
    switch (rest.get(1)) {
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
        return usage("unknown profile command: " + rest.get(1));
    }
  }

  private int usage(String problem) {
    out.println(problem);
    out.println(USAGE);
    return 2;
  }
}
