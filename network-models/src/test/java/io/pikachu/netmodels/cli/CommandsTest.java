package io.pikachu.netmodels.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.options.Command;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.cli.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command's options, names and aliases, through the jar's own entry point. */
class CommandsTest {
  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());
  private static final Pattern NAME = Pattern.compile("[a-z]+(-[a-z0-9]+)*");

  private static Set<String> everyOption() {
    Set<String> all = new LinkedHashSet<>();
    for (Command c : Commands.all()) {
      for (Option o : c.spec().options().getOptions()) all.add("--" + o.getLongOpt());
    }
    return all;
  }

  @Test
  void everyCommandRefusesEveryOptionItDoesNotDeclareAndNamesIt() {
    Set<String> all = everyOption();
    int refused = 0;
    for (Command c : Commands.all()) {
      for (String option : all) {
        if (c.spec().declares(option)) continue;
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () -> NetModelsMain.run(new String[] {c.name(), option, "1"}, QUIET),
                c.name() + " " + option);
        assertTrue(
            e.getMessage().contains(option + " does not apply to " + c.name()),
            c.name() + " " + option + ": " + e.getMessage());
        refused++;
      }
    }
    assertTrue(refused > 100, "checked " + refused);
  }

  @Test
  void theIssuesExampleIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"spray-random", "--uplink", "40"}, QUIET));
    assertTrue(
        e.getMessage().startsWith("option --uplink does not apply to spray-random"),
        e.getMessage());
    assertTrue(e.getMessage().contains("drill-load"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"crossrss-fig2b", "--rss", "x"}, QUIET));
    assertTrue(e.getMessage().contains("--rss"), e.getMessage());
  }

  @Test
  void namesFollowOneSchemeAndOldNamesStillWork() {
    for (Command c : Commands.all()) {
      assertTrue(NAME.matcher(c.name()).matches(), c.name());
      assertTrue(
          c.name().equals("simulate") || c.name().equals("fidelity") || c.name().contains("-"),
          c.name() + ": <part>-<what>");
    }
    for (var e : Commands.DEPRECATED.entrySet()) {
      Command c = Commands.find(e.getKey());
      assertNotNull(c, e.getKey());
      assertEquals(e.getValue(), c.name());
    }
  }

  @Test
  void repetitionsAreRunsEverywhereAndRepsIsAnAlias() {
    for (Command c : Commands.all()) {
      assertTrue(!c.spec().declares("--reps"), c.name() + " declares --reps");
    }
    // The old option name reaches the new one's check.
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NetModelsMain.run(new String[] {"taalk-fig9", "--reps", "-1"}, QUIET));
    assertTrue(e.getMessage().contains("--runs"), e.getMessage());
  }

  @Test
  void aCommandThatWritesFilesWritesItsManifestBesideThem(@TempDir Path dir) throws IOException {
    String[] args = {"duet-fig17", "--scale", "small", "--seed", "3", "--out", dir.toString()};
    NetModelsMain.run(args, QUIET);
    String m = Files.readString(dir.resolve("duet-fig17.manifest.json"));
    assertTrue(m.contains("\"command\": \"duet-fig17\""), m);
    assertTrue(m.contains("\"--scale\": \"small\""), m);
    assertTrue(m.contains("\"seed\": \"3\""), m);
    assertTrue(m.contains("\"commit\": \""), m);
    assertTrue(m.matches("(?s).*\"wall_seconds\": [0-9]+\\.[0-9]{3}\n}\n"), m);
    assertTrue(m.contains("\"arguments\": [\"duet-fig17\", \"--scale\", \"small\""), m);
  }

  @Test
  void everyCommandHasHelpListingOnlyItsOptions() throws IOException {
    Set<String> all = everyOption();
    for (Command c : Commands.all()) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      NetModelsMain.run(
          new String[] {c.name(), "--help"}, new PrintStream(b, true, StandardCharsets.UTF_8));
      String help = b.toString(StandardCharsets.UTF_8);
      assertTrue(
          help.replaceAll("\\s+", " ").contains(c.summary().replaceAll("\\s+", " ")), c.name());
      for (String option : all) {
        assertEquals(
            c.spec().declares(option),
            Pattern.compile("(?m)^\\s*--" + Pattern.quote(option.substring(2)) + "(?=[\\s<]|$)")
                .matcher(help)
                .find(),
            c.name() + " --help and " + option);
      }
    }
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    NetModelsMain.run(new String[] {"--help"}, new PrintStream(b, true, StandardCharsets.UTF_8));
    for (Command c : Commands.all()) {
      assertTrue(b.toString(StandardCharsets.UTF_8).contains(c.name()), c.name());
    }
  }
}
