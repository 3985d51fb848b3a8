package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Every command's help shows its examples whole: an example line (two spaces in) fits the help's 80 columns,
 * so picocli never wraps it inside an argument and a copied example runs as shown; a longer one goes on
 * with a backslash at a space. Every option's text is a format string picocli can format (a bare {@code %}
 * made it print a warning on standard error with every {@code --help}).
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

    @Test
    void everyOptionTextIsAFormatStringPicocliCanFormat() {
        final List<CommandLine> commands = new ArrayList<>();
        collect(StowageCli.commandLine(new StowageCli(), null), commands);
        final List<String> texts = new ArrayList<>();
        for (final CommandLine command : commands) {
            for (final ArgSpec arg : command.getCommandSpec().args()) {
                // the annotation's own text: picocli formats it when it renders the help
                if (arg.userObject() instanceof AnnotatedElement element) {
                    final Option option = element.getAnnotation(Option.class);
                    final Parameters parameters = element.getAnnotation(Parameters.class);
                    texts.addAll(List.of(option != null ? option.description()
                        : parameters != null ? parameters.description() : new String[0]));
                }
            }
        }
        for (final Object[] entry : new OptionTexts().getContents()) {
            texts.add((String) entry[1]);
        }
        assertTrue(texts.size() > 100, texts.size() + " texts");
        for (final String text : texts) {
            try {
                String.format(Locale.ROOT, text);
            } catch (final IllegalFormatException e) {
                fail("'" + text + "' is no format string (" + e + "); write a percent sign as %%");
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
