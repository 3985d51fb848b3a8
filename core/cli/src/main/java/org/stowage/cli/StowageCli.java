package org.stowage.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.TraceWorkloadPlan;
import org.stowage.cli.spec.SpecException;
import org.stowage.core.Messages;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.reproduce.Figures;
import org.stowage.sweep.KernelFailure;
import org.stowage.sweep.KernelWatchdog;
import org.stowage.terminal.InvalidValueException;
import org.stowage.traces.TraceFetchFailure;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code stowage} command. The exit code says what happened: 0 when the results are complete; 2 for a
 * refusal before anything ran (an argument or input that fails a check, a kernel that cannot set up, a
 * kernel registry that cannot load), in one line naming the flag and value (or the kernel, its family and
 * jar) with nothing written; 1 for a failure once work was done (a kernel that failed while running, a full
 * disk, memory exhausted after all, a kernel that never returns: {@link KernelWatchdog}), in one line that
 * ends with what was kept. Never a stack trace, unless {@code --verbose} asks for one. Every line that echoes
 * input goes through {@link Messages#printable}, so control bytes never reach the terminal raw. Interrupted
 * (Ctrl-C, SIGINT or SIGTERM), it says on standard error what was kept before the JVM exits (130 for SIGINT).
 */
@Command(name = "stowage", mixinStandardHelpOptions = true, version = "stowage 0.1.0",
    description = "Simulate scheduling of jobs with random resource requirements onto cluster servers.")
public final class StowageCli {
    /** The subcommands, in the order help lists them ({@link #newCommand} makes each). */
    private static final List<String> COMMANDS = List.of("run", "sweep", "reproduce", "capacity", "trace-summary",
        "traces", "schedulers");
    /** Exit code for bad arguments or bad input. */
    public static final int USAGE_ERROR = 2;
    /** Exit code for a failure that is not the input's fault (a full disk, memory exhausted after all). */
    public static final int FAILURE = 1;

    private final long maxHeap;
    private volatile Supplier<String> interruptNote = () -> null;
    /** Traces this command line has loaded (one command loads each once; a test that runs many shares them). */
    private final TraceWorkloadPlan.Cache traces = new TraceWorkloadPlan.Cache();
    /** The figures registry per task_events directory, made on first use. */
    private final Map<List<Path>, Figures> figures = new HashMap<>();

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
        description = "With an error, print its stack trace too (for a bug report).")
    private boolean verbose;

    /** A command line whose runs may use the JVM's whole heap. */
    public StowageCli() {
        this(Runtime.getRuntime().maxMemory());
    }

    StowageCli(final long maxHeap) {
        this.maxHeap = maxHeap;
    }

    public static void main(final String[] args) {
        final PrintWriter err = new PrintWriter(System.err, true);
        final StowageCli cli = new StowageCli();
        final AtomicBoolean finished = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (!finished.get()) {
                err.println(cli.interruptedLine());
            }
        }, "stowage-interrupt-note"));
        final String command = args.length == 0 ? "stowage" : "stowage " + args[0];
        try {
            KernelWatchdog.arm(KernelWatchdog.limit(System.getenv(KernelWatchdog.LIMIT_VARIABLE)), hung -> {
                // the run's thread is stuck in a kernel's loop: say so and what was kept, then end the JVM
                final String note = cli.interruptNote.get();
                finished.set(true);
                err.println(Messages.printable(command + ": " + hung + "; " + (note == null ? "nothing was written"
                    : note)));
                err.flush();
                System.exit(FAILURE);
            });
        } catch (final IllegalArgumentException e) {
            err.println(Messages.printable(command + ": " + e.getMessage()));
            finished.set(true);
            System.exit(USAGE_ERROR);
        }
        int code = FAILURE;
        try {
            code = execute(cli, new PrintWriter(System.out, true), err, args);
        } finally {
            // a command that ended before any shutdown began was not interrupted; one that ended during a
            // shutdown ended because of it (its failure said nothing, see shuttingDown), and the hook says so
            if (!shuttingDown()) {
                finished.set(true);
            }
        }
        System.exit(code);
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int execute(final PrintWriter out, final PrintWriter err, final String... args) {
        return execute(new StowageCli(), out, err, args);
    }

    /** As {@link #execute(PrintWriter, PrintWriter, String...)} with a heap limit (tests). */
    static int execute(final long maxHeap, final PrintWriter out, final PrintWriter err, final String... args) {
        return execute(new StowageCli(maxHeap), out, err, args);
    }

    /**
     * The command line of {@code cli}: every subcommand, or only {@code command} when it names one (picocli
     * builds each command's model by reflection, some milliseconds each; a command line runs one).
     */
    static CommandLine commandLine(final StowageCli cli, final String command) {
        final CommandLine commandLine = new CommandLine(cli);
        final boolean one = command != null && COMMANDS.contains(command);
        for (final String each : COMMANDS) {
            if (!one || each.equals(command)) {
                commandLine.addSubcommand(each, newCommand(each));
            }
        }
        if (!one) {
            commandLine.addSubcommand("help", new CommandLine.HelpCommand());
        }
        // the bundle as an object, not named in @Command: ResourceBundle.getBundle's search cost every start ~10 ms
        commandLine.setResourceBundle(new OptionTexts());
        return commandLine;
    }

    /**
     * The command object of subcommand {@code name}, one of {@link #COMMANDS}. A switch, not a map of constructor
     * references: each reference was linked at class initialisation, which cost every start 10-17 ms of CPU in
     * method-handle linkage, six of the seven for commands it did not run.
     */
    private static Object newCommand(final String name) {
        return switch (name) {
            case "run" -> new RunCommand();
            case "sweep" -> new SweepCommand();
            case "reproduce" -> new ReproduceCommand();
            case "capacity" -> new CapacityCommand();
            case "trace-summary" -> new TraceSummaryCommand();
            case "traces" -> new TracesCommand();
            case "schedulers" -> new SchedulersCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    /** Runs the command line on {@code cli} (whose loaded traces and figures the commands share). */
    static int execute(final StowageCli cli, final PrintWriter out, final PrintWriter err, final String... args) {
        final CommandLine commandLine = commandLine(cli, args.length == 0 ? null : args[0]);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((error, arguments) -> {
            final String message;
            if (error.getCause() instanceof SpecException spec && error.getArgSpec() instanceof OptionSpec option) {
                message = new InvalidValueException(option.longestName(), spec.getMessage()).getMessage();
            } else {
                // picocli starts some messages (a missing argument group, such as sweep's --out) with "Error: "
                message = String.valueOf(error.getMessage()).replaceFirst("^Error: ", "");
            }
            err.println(line(error.getCommandLine(), message));
            return USAGE_ERROR;
        });
        commandLine.setExecutionExceptionHandler((error, command, parseResult) -> {
            if (shuttingDown()) {
                // an interruption caused it (a file it was writing was removed): the interrupt note says what was
                // kept, and must still find the note to say it
                return FAILURE;
            }
            // what was kept, once the command has begun its work; null before (nothing ran, nothing was written)
            final String kept = cli.interruptNote.get();
            cli.onInterrupt(() -> null);
            if (cli.verbose) {
                error.printStackTrace(err);
            }
            // a kernel registry that cannot load is the class path's fault (STOWAGE_CLASSPATH): bad input too
            if (kept == null && (error instanceof IllegalArgumentException || error instanceof KernelRegistryException)) {
                err.println(line(command, error.getMessage()));
                return USAGE_ERROR;
            }
            final boolean explained = error instanceof IllegalArgumentException || error instanceof UncheckedIOException
                || error instanceof CommandFailure || error instanceof TraceFetchFailure || error instanceof KernelFailure
                || error instanceof KernelRegistryException;
            // anything else is a bug of ours: still one line, with what it was and where it was thrown
            final String message = explained ? error.getMessage() : "failed: " + Messages.describe(error)
                + (cli.verbose ? "" : " (--verbose prints the stack trace)");
            err.println(line(command, message + (kept == null || error instanceof TraceFetchFailure ? "" : "; " + kept)));
            return FAILURE;
        });
        if (args.length == 0) {
            commandLine.usage(out);
            return USAGE_ERROR;
        }
        try {
            return commandLine.execute(args);
        } catch (final OutOfMemoryError | StackOverflowError e) {
            // a resource failure no up-front check foresaw: one line, with what was kept, never a stack trace
            final CommandLine failed = commandLine.getParseResult() != null && commandLine.getParseResult().hasSubcommand()
                ? commandLine.getParseResult().subcommand().commandSpec().commandLine() : commandLine;
            final String note = cli.interruptNote.get();
            cli.onInterrupt(() -> null);
            if (cli.verbose) {
                e.printStackTrace(err);
            }
            err.println(line(failed, (e instanceof OutOfMemoryError ? "out of memory (" + e.getMessage() + ") with the "
                + MemoryCheck.size(cli.maxHeap) + " of heap this JVM may use; rerun with a larger -Xmx (java -Xmx8g -jar"
                + " stowage.jar, or JAVA_OPTS=-Xmx8g bin/stowage)" : "the input is too deep for the thread's stack")
                + "; " + (note == null ? "nothing was written" : note)));
            err.flush();
            return FAILURE;
        }
    }

    /**
     * Whether the JVM has begun to shut down (Ctrl-C, SIGTERM): {@link Runtime#addShutdownHook} refuses a hook
     * from then on. A command failing then fails because of it.
     */
    static boolean shuttingDown() {
        final Thread probe = new Thread(() -> { }, "stowage-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (final IllegalStateException e) {
            return true;
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }

    /** {@code stowage COMMAND: MESSAGE} on one line, escaped. */
    private static String line(final CommandLine command, final String message) {
        return Messages.printable(command.getCommandSpec().qualifiedName() + ": "
            + String.valueOf(message).replace('\n', ' ').strip());
    }

    /** The traces loaded by the commands of this command line. */
    TraceWorkloadPlan.Cache traces() {
        return traces;
    }

    /**
     * The papers' figures reading the Google 2011 task_events in {@code taskEvents} and the openb pod lists in
     * {@code openb} (either may be null), made once per pair of directories.
     */
    synchronized Figures figures(final Path taskEvents, final Path openb) {
        return figures.computeIfAbsent(Arrays.asList(taskEvents, openb), key -> Figures.of(taskEvents, openb));
    }

    /** The heap one run (or all a sweep's runs at once) may use. */
    long maxHeap() {
        return maxHeap;
    }

    /**
     * What to say if the process is interrupted now: what was kept and how to go on. A command sets it when
     * it starts its work; the supplier runs on the shutdown thread.
     */
    void onInterrupt(final Supplier<String> note) {
        interruptNote = note;
    }

    /** The line printed on interruption. */
    String interruptedLine() {
        final String note = interruptNote.get();
        return Messages.printable("stowage: interrupted" + (note == null ? "" : "; " + note));
    }
}
