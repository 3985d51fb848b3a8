package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * Every command's help shows its examples whole: an example line (two spaces in) fits the help's 80 columns,
 * so picocli never wraps it inside an argument and a copied example runs as shown; a longer one goes on
 * with a backslash at a space.
 */
class HelpTest {
    @Test
    void everyExampleLineFitsTheHelpAndAppearsWhole() {
        final List<CommandLine> commands = new ArrayList<>();
        collect(StowageCli.commandLine(new StowageCli(), null), commands);
        assertTrue(commands.size() >= 8, commands.toString());
        for (final CommandLine command : commands) {
            final String help = command.getUsageMessage();
            final String name = command.getCommandSpec().qualifiedName();
            final int width = command.getCommandSpec().usageMessage().width();
            for (final String line : command.getCommandSpec().usageMessage().footer()) {
                if (!line.startsWith("  ")) {
                    continue;
                }
                assertTrue(line.length() <= width, name + ": an example of " + line.length() + " characters, more than"
                    + " the " + width + " of the help: " + line);
                assertTrue(help.contains("\n" + line + "\n") || help.endsWith("\n" + line), name + " wraps " + line
                    + " in\n" + help);
            }
        }
    }

    private static void collect(final CommandLine command, final List<CommandLine> into) {
        into.add(command);
        for (final CommandLine sub : command.getSubcommands().values()) {
            if (!into.contains(sub)) {
                collect(sub, into);
            }
        }
    }
}
