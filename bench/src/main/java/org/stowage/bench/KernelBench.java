package org.stowage.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.core.kernel.Kernels;

/**
 * One kernel through the harness, paired with its own naive twin, the launcher behind {@code bench/kernel}:
 *
 * <pre>
 *   bench/kernel --jar target/my-kernel.jar MY-KERNEL
 *   bench/kernel BF-J/S -p servers=10000 -p queued=1000000 -f 3
 * </pre>
 *
 * runs {@link SlotDecisionBenchmark} (the kernel), {@link NaiveSlotDecisionBenchmark} (its twin, on the very
 * same slots) and {@link EndToEndBenchmark} (simulated jobs per second), all with JMH's {@code gc} profiler,
 * and ends with a table: time per slot of the kernel and of the twin, the twin's multiple, and the bytes
 * allocated per slot (0 for a kernel that keeps the contract). A kernel from a jar of one's own (the script's
 * {@code --jar}) joins through its {@code KernelFamily} on the class path, as in every command.
 *
 * <p>Defaults for a first look (each replaced by the same option given): {@code -p servers=1000
 * -p queued=10000 -f 1}; the benchmarks' own warm-up and measurement. Every other argument goes to JMH
 * ({@code -wi}, {@code -i}, {@code -r}, {@code -p departures=...}, {@code -prof}). Numbers to publish want the
 * benchmarks' three forks ({@code -f 3}) on a quiet machine. A kernel the slot benchmarks cannot run (not
 * slotted, several resources, discrete types) or that is unknown is refused in one line, exit code 2.
 */
public final class KernelBench {
    private static final String USAGE = "usage: bench/kernel [--jar JAR]... [--dry-run] KERNEL[:key=value,...]"
        + " [JMH options]";
    private static final String SLOT = "SlotDecisionBenchmark";
    private static final String NAIVE = "NaiveSlotDecisionBenchmark";
    private static final String END_TO_END = "EndToEndBenchmark";

    /** A kernel to time: its spec, its twin's (null when the slot benchmark cannot run it), and JMH's arguments. */
    record Plan(String kernel, String twin, List<String> jmhArguments, List<String> notes, boolean dryRun) {
    }

    private KernelBench() {
    }

    public static void main(final String[] args) {
        final PrintStream out = System.out;
        final Plan plan;
        try {
            plan = plan(List.of(args));
        } catch (final IllegalArgumentException | KernelRegistryException e) {
            System.err.println("kernel: " + e.getMessage().replace('\n', ' '));
            System.exit(2);
            return;
        }
        for (final String note : plan.notes()) {
            out.println("kernel: " + note);
        }
        out.println("kernel: java -jar benchmarks.jar " + String.join(" ", plan.jmhArguments()));
        if (plan.dryRun()) {
            return;
        }
        final Collection<RunResult> results;
        try {
            results = new Runner(new CommandLineOptions(plan.jmhArguments().toArray(new String[0]))).run();
        } catch (final CommandLineOptionException e) {
            System.err.println("kernel: " + e.getMessage());
            System.exit(2);
            return;
        } catch (final RunnerException e) {
            System.err.println("kernel: " + e.getMessage());
            System.exit(1);
            return;
        }
        out.println();
        out.print(summary(plan, results));
    }

    /**
     * The run {@code args} ask for.
     *
     * @throws IllegalArgumentException naming the bad argument, the unknown kernel, or why the slot benchmarks
     *                                  cannot run it
     */
    static Plan plan(final List<String> args) {
        boolean dryRun = false;
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("--"); i++) {
            if (!args.get(i).equals("--dry-run")) {
                throw new IllegalArgumentException("unknown option " + args.get(i) + "; " + USAGE);
            }
            dryRun = true;
        }
        if (i >= args.size() || args.get(i).startsWith("-")) {
            throw new IllegalArgumentException("no kernel named; " + USAGE);
        }
        final String kernel = args.get(i);
        final KernelDefinition definition = Kernels.definitionOf(kernel);
        Kernels.byName(kernel);
        if (definition.isReference()) {
            throw new IllegalArgumentException(kernel + " is a naive twin; name its kernel, "
                + definition.referenceOf() + ", and its twin runs beside it");
        }
        if (!BenchmarkKernels.runsInSteadyState(definition)) {
            throw new IllegalArgumentException(definition.name() + " cannot run in the slot benchmarks' setting"
                + " (slotted time, one resource, continuous sizes, a plan its registry test planner makes): its"
                + " requirements are " + definition.requirements());
        }
        final List<String> notes = new ArrayList<>();
        final String twin;
        if (BenchmarkKernels.hasSlotTwin(definition)) {
            twin = Kernels.twinOf(kernel);
        } else {
            twin = null;
            notes.add(definition.twin() == null ? definition.name() + " declares no naive twin: "
                + NAIVE + " left out" : definition.twin() + " is too slow to time a slot: " + NAIVE + " left out");
        }
        final List<String> user = args.subList(i + 1, args.size());
        final List<String> jmh = new ArrayList<>();
        jmh.add("(^|\\.)(" + SLOT + (twin == null ? "" : "|" + NAIVE) + "|" + END_TO_END + ")\\.");
        jmh.addAll(List.of("-p", "kernel=" + kernel));
        for (final String parameter : List.of("servers=1000", "queued=10000")) {
            if (!given(user, "-p", parameter.substring(0, parameter.indexOf('=') + 1))) {
                jmh.addAll(List.of("-p", parameter));
            }
        }
        if (!given(user, "-f", "")) {
            jmh.addAll(List.of("-f", "1"));
            notes.add("one fork each, for a first look: -f 3 for numbers to publish");
        }
        if (!given(user, "-prof", "gc")) {
            jmh.addAll(List.of("-prof", "gc"));
        }
        jmh.addAll(user);
        return new Plan(kernel, twin, List.copyOf(jmh), List.copyOf(notes), dryRun);
    }

    /** Whether {@code option} is among {@code args} with a value starting {@code prefix}. */
    private static boolean given(final List<String> args, final String option, final String prefix) {
        for (int i = 0; i < args.size(); i++) {
            final String arg = args.get(i);
            if (arg.equals(option) && i + 1 < args.size() && args.get(i + 1).startsWith(prefix)
                || arg.startsWith(option) && arg.length() > option.length() && Character.isDigit(arg.charAt(
                    option.length())) && prefix.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The table: per parameter point the kernel's and the twin's time per slot, their ratio, bytes per slot. */
    static String summary(final Plan plan, final Collection<RunResult> results) {
        final Map<String, RunResult> slot = new LinkedHashMap<>();
        final Map<String, RunResult> naive = new LinkedHashMap<>();
        final List<RunResult> endToEnd = new ArrayList<>();
        for (final RunResult result : results) {
            final String benchmark = result.getParams().getBenchmark();
            final String point = "servers=" + result.getParams().getParam("servers") + " queued="
                + result.getParams().getParam("queued") + " departures=" + result.getParams().getParam("departures");
            if (benchmark.endsWith("." + NAIVE + ".slot")) {
                naive.put(point, result);
            } else if (benchmark.endsWith("." + SLOT + ".slot")) {
                slot.put(point, result);
            } else if (benchmark.endsWith("." + END_TO_END + ".slot")) {
                endToEnd.add(result);
            }
        }
        final StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%s%s, per slot (JMH, %s):%n", plan.kernel(),
            plan.twin() == null ? "" : " and its twin " + plan.twin(), "mean +- 99.9% error"));
        text.append(String.format(Locale.ROOT, "  %-42s %20s %20s %11s %s%n", "point", "kernel us/slot",
            plan.twin() == null ? "" : "twin us/slot", plan.twin() == null ? "" : "twin/kernel",
            plan.twin() == null ? "B/slot" : "B/slot (kernel, twin)"));
        for (final Map.Entry<String, RunResult> entry : slot.entrySet()) {
            final Result<?> kernel = entry.getValue().getPrimaryResult();
            final RunResult twin = naive.get(entry.getKey());
            text.append(String.format(Locale.ROOT, "  %-42s %20s %20s %11s %s%n", entry.getKey(), timed(kernel),
                twin == null ? "" : timed(twin.getPrimaryResult()),
                twin == null ? "" : String.format(Locale.ROOT, "%.1fx", twin.getPrimaryResult().getScore()
                    / kernel.getScore()),
                bytes(entry.getValue()) + (twin == null ? "" : ", " + bytes(twin))));
        }
        for (final RunResult result : endToEnd) {
            final Result<?> jobs = result.getSecondaryResults().get("jobs");
            text.append(String.format(Locale.ROOT, "end to end, %s servers at intensity 0.95: %s jobs/s, %s B/slot%n",
                result.getParams().getParam("servers"), jobs == null ? "?" : String.format(Locale.ROOT, "%,.0f +- %,.0f",
                    jobs.getScore(), jobs.getScoreError()), bytes(result)));
        }
        return text.toString();
    }

    private static String timed(final Result<?> result) {
        return String.format(Locale.ROOT, "%.3f +- %.3f", result.getScore(), result.getScoreError());
    }

    /** JMH's {@code gc.alloc.rate.norm}, bytes per operation (a slot), or {@code ?} without the gc profiler. */
    private static String bytes(final RunResult result) {
        final Result<?> norm = result.getSecondaryResults().get("gc.alloc.rate.norm");
        return norm == null ? "?" : String.format(Locale.ROOT, "%.0f", norm.getScore());
    }
}
