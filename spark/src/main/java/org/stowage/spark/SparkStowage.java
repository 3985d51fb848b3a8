package org.stowage.spark;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.stowage.cli.KernelJars;
import org.stowage.cli.StowageCli;
import org.stowage.core.Messages;

/**
 * The Spark driver: {@code stowage} with {@code --engine spark} added to {@code sweep} and {@code reproduce},
 * so it takes exactly their arguments (plus {@code --master} outside spark-submit):
 * <pre>
 * spark-submit --class org.stowage.spark.SparkStowage spark/target/stowage-spark.jar sweep --vary ... --out ...
 * </pre>
 * Every other command runs as {@code stowage} runs it.
 */
public final class SparkStowage {
    private SparkStowage() {
    }

    public static void main(final String[] args) {
        final PrintWriter err = new PrintWriter(System.err, true);
        try {
            // bin/stowage-spark puts the entries on the class path; one the JVM would skip is refused here
            KernelJars.entries(System.getenv(KernelJars.VARIABLE), Path.of(""));
        } catch (final IllegalArgumentException e) {
            err.println(Messages.printable("stowage: " + e.getMessage()));
            System.exit(StowageCli.USAGE_ERROR);
        }
        System.exit(execute(new PrintWriter(System.out, true), err, args));
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int execute(final PrintWriter out, final PrintWriter err, final String... args) {
        return StowageCli.execute(out, err, onSpark(args));
    }

    /** {@code args} with {@code --engine spark} after the command name of a sweep or reproduce without --engine. */
    static String[] onSpark(final String... args) {
        if (args.length == 0 || !(args[0].equals("sweep") || args[0].equals("reproduce"))) {
            return args;
        }
        for (final String arg : args) {
            if (arg.equals("--engine") || arg.startsWith("--engine=")) {
                return args;
            }
        }
        final List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--engine", "spark"));
        return all.toArray(String[]::new);
    }
}
