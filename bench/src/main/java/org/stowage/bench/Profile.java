package org.stowage.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Turns a JMH benchmark into flame graphs with async-profiler, the launcher behind {@code bench/profile}:
 *
 * <pre>
 *   bench/profile SlotDecisionBenchmark -p kernel=BF-J/S -p servers=10000 -p queued=1000000
 *   bench/profile --event alloc EndToEndBenchmark -p kernel=BF-J/S
 * </pre>
 *
 * writes {@code bench/target/profiles/<benchmark-and-params>/flame-<event>-forward.html} (and
 * {@code -reverse.html}) for every benchmark and parameter combination that ran. Everything after the
 * benchmark name goes to JMH unchanged ({@code -p}, {@code -wi}, {@code -i}, {@code -f}, {@code -prof gc},
 * ...).
 *
 * <ul>
 *   <li><b>Native library.</b> {@code tools.profiler:async-profiler} from Maven Central carries
 *       {@code libasyncProfiler.so} for linux-x64, linux-arm64 and macOS inside its jar, which the
 *       benchmarks jar includes; on first use the one for this machine is copied to
 *       {@code bench/target/async-profiler/<platform>/} (again whenever its bytes differ, so a new
 *       version replaces an old one). {@code --lib PATH} uses another copy. No root needed.</li>
 *   <li><b>Events.</b> {@code --event cpu} (default), {@code alloc} (allocation samples from TLAB
 *       refills), {@code wall}, {@code lock}, {@code itimer}, {@code ctimer}. On Linux {@code cpu} needs
 *       perf events: with {@code kernel.perf_event_paranoid} above 2 (Debian's and Ubuntu's 3 and 4), or
 *       unreadable, they are off for an unprivileged user, so the launcher samples CPU time with
 *       {@code ctimer} instead (no kernel frames) and says so. At 2, the usual default, perf events work
 *       for user space, and kernel frames are hidden.</li>
 *   <li><b>Interval.</b> {@code --interval NANOS} sets the sampling interval (for {@code alloc}, bytes
 *       between samples); async-profiler's default, 10 ms of CPU time, gives only about 100 samples per
 *       second of a one-thread benchmark, so a short run wants {@code --interval 1000000} (1 ms).</li>
 *   <li><b>Forks.</b> One fork unless the arguments give {@code -f}: a profile wants one JVM's picture,
 *       while the benchmarks' own three forks are for published numbers.</li>
 *   <li><b>Names.</b> A bare class name such as {@code SlotDecisionBenchmark} (or
 *       {@code SlotDecisionBenchmark.slot}) selects that class alone, not every class whose name contains
 *       it (JMH's rule would also run {@code NaiveSlotDecisionBenchmark}); anything else is JMH's regular
 *       expression.</li>
 * </ul>
 * Bad arguments print one line naming the option and value and exit with code 2.
 */
public final class Profile {
    /** Events async-profiler takes here. */
    static final Set<String> EVENTS = Set.of("cpu", "alloc", "wall", "lock", "itimer", "ctimer");

    /** Highest {@code perf_event_paranoid} at which an unprivileged user may open perf events for itself. */
    static final int HIGHEST_PARANOID_FOR_PERF = 2;

    private static final Pattern BARE_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)?");

    private static final String USAGE = "usage: bench/profile [--event cpu|alloc|wall|lock|itimer|ctimer]"
        + " [--interval NANOS] [--lib PATH] [--dry-run] BENCHMARK [JMH options]";

    /**
     * What the machine says about profiling: the platform's library directory name (null when
     * async-profiler ships none), {@code perf_event_paranoid} (null when unreadable) and whether the user
     * is root (who may use perf events whatever the setting).
     */
    record Machine(String platform, Integer perfEventParanoid, boolean root) {
        /** This machine. */
        static Machine current() {
            return new Machine(Profile.platform(System.getProperty("os.name"), System.getProperty("os.arch")),
                readInt(Path.of("/proc/sys/kernel/perf_event_paranoid")), isRoot());
        }
    }

    /**
     * A profiling run: the JMH arguments, the async-profiler library and event actually used, the profile
     * directory, and notes for the user (for example the perf-events fallback).
     */
    record Plan(List<String> jmhArguments, Path library, String event, Path profiles, List<String> notes,
                boolean dryRun) {
    }

    /** A bad argument: its message is the one line printed. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(final String message) {
            super(message);
        }
    }

    private Profile() {
    }

    /**
     * Runs JMH with async-profiler. The first two arguments are the directories {@code bench/profile}
     * passes: {@code --profiles DIR} and {@code --lib-dir DIR}.
     */
    public static void main(final String[] args) {
        final PrintStream out = System.out;
        final Plan plan;
        try {
            plan = plan(List.of(args), Machine.current());
        } catch (final UsageException e) {
            System.err.println("profile: " + e.getMessage());
            System.exit(2);
            return;
        }
        for (final String note : plan.notes()) {
            out.println("profile: " + note);
        }
        out.println("profile: java -jar benchmarks.jar " + String.join(" ", quoted(plan.jmhArguments())));
        if (plan.dryRun()) {
            return;
        }
        final CommandLineOptions options;
        try {
            options = new CommandLineOptions(plan.jmhArguments().toArray(new String[0]));
        } catch (final CommandLineOptionException e) {
            System.err.println("profile: " + e.getMessage());
            System.exit(2);
            return;
        }
        final long start = System.currentTimeMillis();
        try {
            new Runner(options).run();
        } catch (final RunnerException e) {
            System.err.println("profile: " + e.getMessage());
            System.exit(1);
            return;
        }
        final List<Path> written = htmlWrittenSince(plan.profiles(), start);
        if (written.isEmpty()) {
            out.println("profile: no flame graph was written under " + plan.profiles());
            System.exit(1);
        }
        for (final Path file : written) {
            out.println("profile: wrote " + file);
        }
    }

    /**
     * The run {@code args} ask for on {@code machine}: parses the launcher's options, extracts the native
     * library unless {@code --lib} names one (not in a dry run), and builds JMH's arguments.
     *
     * @throws UsageException naming the bad option and value
     */
    static Plan plan(final List<String> args, final Machine machine) {
        Path profiles = Path.of("bench", "target", "profiles");
        Path libDir = Path.of("bench", "target", "async-profiler");
        Path library = null;
        String event = "cpu";
        long interval = 0;
        boolean dryRun = false;
        int i = 0;
        for (; i < args.size() && args.get(i).startsWith("--"); i++) {
            final String option = args.get(i);
            if (option.equals("--dry-run")) {
                dryRun = true;
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(option + " needs a value; " + USAGE);
            }
            final String value = args.get(++i);
            switch (option) {
                case "--event" -> {
                    event = value.toLowerCase(Locale.ROOT);
                    if (!EVENTS.contains(event)) {
                        throw new UsageException("--event " + value + " is not one of " + String.join(", ",
                            EVENTS.stream().sorted().toList()));
                    }
                }
                case "--interval" -> {
                    try {
                        interval = Long.parseLong(value);
                    } catch (final NumberFormatException e) {
                        interval = 0;
                    }
                    if (interval <= 0) {
                        throw new UsageException("--interval " + value + " is not a positive number of nanoseconds"
                            + " (or, for alloc, bytes)");
                    }
                }
                case "--lib" -> {
                    library = Path.of(value).toAbsolutePath();
                    if (!Files.isRegularFile(library)) {
                        throw new UsageException("--lib " + value + ": no such file");
                    }
                }
                case "--profiles" -> profiles = Path.of(value);
                case "--lib-dir" -> libDir = Path.of(value);
                default -> throw new UsageException("unknown option " + option + "; " + USAGE);
            }
        }
        if (i >= args.size()) {
            throw new UsageException("no benchmark named; " + USAGE);
        }
        final List<String> jmh = new ArrayList<>(args.subList(i, args.size()));
        if (jmh.get(0).startsWith("-")) {
            throw new UsageException("the benchmark must come before the JMH options, not " + jmh.get(0) + "; " + USAGE);
        }
        jmh.set(0, selector(jmh.get(0)));
        final List<String> notes = new ArrayList<>();
        if (event.equals("cpu") && perfEventsOff(machine)) {
            event = "ctimer";
            notes.add("perf_event_paranoid is " + (machine.perfEventParanoid() == null ? "unreadable"
                : machine.perfEventParanoid()) + ": perf events are off for this user, so CPU time is sampled with"
                + " ctimer (no kernel frames); 'sysctl kernel.perf_event_paranoid=2' (or lower) brings them back");
        }
        if (library == null) {
            if (machine.platform() == null) {
                throw new UsageException("async-profiler " + "ships no library for " + System.getProperty("os.name")
                    + "/" + System.getProperty("os.arch") + "; pass --lib PATH to one built for it");
            }
            library = libDir.resolve(machine.platform()).resolve("libasyncProfiler.so").toAbsolutePath();
            if (!dryRun) {
                extract(machine.platform() + "/libasyncProfiler.so", library);
            }
        }
        if (!hasForkOption(jmh)) {
            jmh.add("-f");
            jmh.add("1");
        }
        jmh.add("-prof");
        jmh.add("async:libPath=" + library + ";event=" + event + (interval > 0 ? ";interval=" + interval : "")
            + ";output=flamegraph,text;dir=" + profiles.toAbsolutePath());
        return new Plan(List.copyOf(jmh), library, event, profiles.toAbsolutePath(), List.copyOf(notes), dryRun);
    }

    /**
     * JMH's include pattern for a benchmark argument: a bare class name (optionally {@code .method})
     * matches that class of any package and nothing else; anything else is already a regular expression.
     */
    static String selector(final String benchmark) {
        if (!BARE_NAME.matcher(benchmark).matches()) {
            return benchmark;
        }
        final String quoted = benchmark.replace("$", "\\$").replace(".", "\\.");
        return benchmark.indexOf('.') < 0 ? "(^|\\.)" + quoted + "\\." : "(^|\\.)" + quoted + "$";
    }

    /** Whether CPU sampling must do without perf events: Linux, not root, paranoid above 2 or unreadable. */
    static boolean perfEventsOff(final Machine machine) {
        if (machine.platform() == null || !machine.platform().startsWith("linux") || machine.root()) {
            return false;
        }
        return machine.perfEventParanoid() == null || machine.perfEventParanoid() > HIGHEST_PARANOID_FOR_PERF;
    }

    private static boolean hasForkOption(final List<String> jmh) {
        for (final String argument : jmh) {
            if (argument.equals("-f") || argument.matches("-f\\d+")) {
                return true;
            }
        }
        return false;
    }

    /** The directory name inside the async-profiler jar for {@code os}/{@code arch}, or null if none. */
    static String platform(final String os, final String arch) {
        final String name = os.toLowerCase(Locale.ROOT);
        final String cpu = arch.toLowerCase(Locale.ROOT);
        if (name.startsWith("linux")) {
            if (cpu.equals("amd64") || cpu.equals("x86_64")) {
                return "linux-x64";
            }
            if (cpu.equals("aarch64") || cpu.equals("arm64")) {
                return "linux-arm64";
            }
            return null;
        }
        if (name.startsWith("mac")) {
            return "macos";
        }
        return null;
    }

    /**
     * Copies the class-path resource {@code resource} to {@code target} unless {@code target} already
     * holds the same bytes; writes a temporary file first and moves it, so a concurrent run never loads a
     * half-written library.
     */
    static void extract(final String resource, final Path target) {
        final byte[] bytes;
        try (InputStream in = Profile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new UsageException("the class path holds no " + resource + " (tools.profiler:async-profiler);"
                    + " rebuild bench/target/benchmarks.jar or pass --lib PATH");
            }
            bytes = in.readAllBytes();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
        }
        try {
            if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), bytes)) {
                return;
            }
            Files.createDirectories(target.getParent());
            final Path temporary = Files.createTempFile(target.getParent(), "libasyncProfiler", ".tmp");
            Files.write(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> htmlWrittenSince(final Path directory, final long start) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> file.toString().endsWith(".html") && modifiedSince(file, start)).sorted()
                .toList();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }

    private static boolean modifiedSince(final Path file, final long start) {
        try {
            return Files.getLastModifiedTime(file).toMillis() >= start - 1000;
        } catch (final IOException e) {
            return false;
        }
    }

    private static List<String> quoted(final List<String> arguments) {
        final List<String> quoted = new ArrayList<>();
        for (final String argument : arguments) {
            quoted.add(argument.matches("[A-Za-z0-9_./=,:+-]+") ? argument : "'" + argument + "'");
        }
        return quoted;
    }

    private static Integer readInt(final Path file) {
        try {
            return Integer.valueOf(Files.readString(file).trim());
        } catch (final IOException | NumberFormatException e) {
            return null;
        }
    }

    /** Whether this process runs as root (uid 0), from /proc/self/status; false where that is unreadable. */
    private static boolean isRoot() {
        try {
            for (final String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    final String[] ids = line.substring(4).trim().split("\\s+");
                    return ids.length > 1 && ids[1].equals("0");
                }
            }
        } catch (final IOException | UncheckedIOException e) {
            return false;
        }
        return false;
    }
}
