package io.pikachu.benchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

class CommandLinesTest {
  private static final Options OPTIONS =
      new Options()
          .addOption(CommandLines.valued("seeds", "how many seeds"))
          .addOption(CommandLines.flag("quiet", "no progress"))
          .addOption(CommandLines.help());
  private static final String USAGE = CommandLines.usage("tool [options] <folder>", "", OPTIONS);

  @Test
  void parsesOptionsAndPositionalArguments() {
    CommandLine line =
        CommandLines.parse(OPTIONS, new String[] {"--seeds", "5", "--quiet", "dir"}, 1, 1, USAGE);
    assertEquals(5, CommandLines.whole(line, "seeds", 1));
    assertEquals(2.5, CommandLines.number(line, "missing", 2.5), 0);
    assertTrue(line.hasOption("quiet"));
    assertEquals("dir", line.getArgs()[0]);
  }

  @Test
  void helpIsAUsageExceptionMarkedAsHelp() {
    CommandLines.UsageException e =
        assertThrows(
            CommandLines.UsageException.class,
            () -> CommandLines.parseOptions(OPTIONS, new String[] {"--help"}, USAGE));
    assertTrue(e.isHelp());
    assertTrue(e.getMessage().contains("--seeds <arg>"), e.getMessage());
  }

  @Test
  void errorsNameTheOptionOrArgumentsAndEndWithTheUsage() {
    CommandLines.UsageException unknown =
        assertThrows(
            CommandLines.UsageException.class,
            () -> CommandLines.parseOptions(OPTIONS, new String[] {"--sedes", "5"}, USAGE));
    assertFalse(unknown.isHelp());
    assertTrue(unknown.getMessage().contains("--sedes"), unknown.getMessage());
    assertTrue(unknown.getMessage().endsWith(USAGE));
    CommandLines.UsageException extra =
        assertThrows(
            CommandLines.UsageException.class,
            () -> CommandLines.parseOptions(OPTIONS, new String[] {"dir"}, USAGE));
    assertTrue(extra.getMessage().startsWith("unexpected arguments [dir]"), extra.getMessage());
    assertThrows(
        CommandLines.UsageException.class,
        () -> CommandLines.parse(OPTIONS, new String[0], 1, 1, USAGE));
    CommandLine line = CommandLines.parseOptions(OPTIONS, new String[] {"--seeds", "x"}, USAGE);
    CommandLines.UsageException number =
        assertThrows(CommandLines.UsageException.class, () -> CommandLines.whole(line, "seeds", 1));
    assertTrue(number.getMessage().contains("--seeds"), number.getMessage());
  }
}
