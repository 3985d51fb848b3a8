package org.stowage.cli;

import java.io.PrintWriter;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.stowage.core.Messages;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.Kernels;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code stowage schedulers}: every kernel of the registry with its paper, summary and parameters, then the
 * naive twins, so what {@code --scheduler} accepts is never listed by hand. The name column is as wide as the
 * longest name, so a long name of a user's kernel keeps every summary and parameter aligned; kernels that come
 * from a jar of the user's ({@code STOWAGE_CLASSPATH}) are listed last, under a line that names each jar.
 */
@Command(name = "schedulers", mixinStandardHelpOptions = true,
    description = "List the schedulers --scheduler accepts, with their parameters (NAME:key=value,...).")
final class SchedulersCommand implements Callable<Integer> {
    /** Least width of the name column (the width Stowage's own names need). */
    static final int NAME_WIDTH = 14;

    @Spec
    private CommandSpec spec;

    @Mixin
    private DryRunOption dryRun;

    @Override
    public Integer call() {
        final PrintWriter out = spec.commandLine().getOut();
        final List<KernelDefinition> ours = new ArrayList<>();
        final Map<String, List<KernelDefinition>> byJar = new LinkedHashMap<>();
        for (final KernelDefinition definition : Kernels.registry().definitions()) {
            final String jar = userJar(definition);
            if (jar == null) {
                ours.add(definition);
            } else {
                byJar.computeIfAbsent(jar, key -> new ArrayList<>()).add(definition);
            }
        }
        int width = NAME_WIDTH;
        for (final KernelDefinition definition : Kernels.registry().definitions()) {
            width = Math.max(width, definition.name().length());
        }
        if (dryRun.dryRun) {
            out.println(DryRuns.HEADER);
            DryRuns.item(out, "would list", String.format(Locale.ROOT, "%d kernels and naive twins of Stowage's", ours.size())
                + (byJar.isEmpty() ? "" : String.format(Locale.ROOT, ", %d from your jars",
                byJar.values().stream().mapToInt(List::size).sum())));
            out.flush();
            return 0;
        }
        for (final KernelDefinition definition : ours) {
            describe(out, definition, width);
        }
        for (final Map.Entry<String, List<KernelDefinition>> jar : byJar.entrySet()) {
            out.println(Messages.printable("From your jar " + jar.getKey() + " (STOWAGE_CLASSPATH):"));
            for (final KernelDefinition definition : jar.getValue()) {
                describe(out, definition, width);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * One kernel: its name in a column {@code width} wide, its summary and paper, then its parameters under it;
     * each line escaped ({@link Messages#printable}), as a user's family writes its own names and summaries and
     * their bytes must not drive the terminal.
     */
    private static void describe(final PrintWriter out, final KernelDefinition definition, final int width) {
        final String indent = " ".repeat(width + 3);
        final String name = String.format(Locale.ROOT, "  %-" + width + "s ", definition.name());
        if (definition.isReference()) {
            out.println(Messages.printable(name + "naive twin of " + definition.referenceOf()));
            return;
        }
        out.println(Messages.printable(name + definition.summary() + " (" + definition.paper() + ")"));
        for (final KernelParameter parameter : definition.parameters()) {
            out.println(Messages.printable(indent + parameter.key() + "=: " + parameter.description() + "; "
                + parameter.expected() + (parameter.defaultText() == null ? "" : ", default " + parameter.defaultText())));
        }
    }

    /**
     * Where the kernel's family comes from when that is not Stowage's own jar (or class folder): the code source of
     * its factory, which its family wrote; null for Stowage's kernels. A kernel of one of Stowage's own families
     * ({@link Kernels#isOwn}) is answered without making its factory: making every kernel's factory (and linking its
     * lambdas) only to list them cost {@code schedulers} about 25 ms of CPU at each start.
     */
    static String userJar(final KernelDefinition definition) {
        if (Kernels.isOwn(definition.name())) {
            return null;
        }
        final URL own = location(Kernels.class.getProtectionDomain().getCodeSource());
        final URL theirs;
        try {
            theirs = location(definition.factoryFor(definition.name()).getClass().getProtectionDomain().getCodeSource());
        } catch (final RuntimeException e) {
            return null;
        }
        return theirs == null || theirs.equals(own) ? null : theirs.getPath();
    }

    private static URL location(final CodeSource source) {
        return source == null ? null : source.getLocation();
    }
}
