package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;

/**
 * Issue 23's fuzz test of the command line: random command lines built from every command's options, the
 * registry's kernels and their parameters, with values drawn valid, invalid, conflicting, extreme or garbage,
 * run in-process with small horizons, each held to the README's contract:
 * <ul>
 *   <li>the exit code is 0 or 2;</li>
 *   <li>on 2: at most one line on standard error, no stack trace, no control character, nothing on standard
 *       output, and nothing written under {@code --out} (every case gets a fresh path that must not appear);</li>
 *   <li>on 0: every file written parses and describes what ran: a run's results name exactly the schedulers
 *       asked for, its summary says it is complete and, for one run in four, the command it records runs
 *       again to byte-identical results; a sweep's manifest lists the axes asked for, its results hold every
 *       point, and its CSVs have as many fields in every row as in their header.</li>
 * </ul>
 * Seeded: case {@code i} draws from {@code SplittableRandom(base + i)}, the seed is in every failure message,
 * and {@code -Dstowage.seed=N -Dstowage.fuzz.cases=1} reruns one case. Reproduce lines always carry a defect
 * (a figure at any scale takes seconds), so they must all exit 2 having written nothing.
 */
class CommandLineFuzzTest {
    /** Cases per {@code ./mvnw verify}; {@code -Dstowage.fuzz.cases=N} for more or fewer. */
    private static final int CASES = Integer.getInteger("stowage.fuzz.cases", 2000);
    private static final long BASE_SEED = Long.getLong("stowage.seed", 23_000L);
    /** The heap the runs are judged against (the memory checks refuse what would not fit). */
    private static final long HEAP = 256L << 20;

    @TempDir
    static Path temp;

    private static Path swf;
    private static Path google;
    private static Path alibabaPods;
    private static Path alibabaNodes;
    private static Path jobs;
    private static Path fractionalJobs;
    private static Path garbage;
    private static Path empty;
    private static Path notGzip;
    private static List<KernelDefinition> kernels;
    private static final AtomicInteger EXITED_ZERO = new AtomicInteger();
    private static final AtomicInteger EXITED_TWO = new AtomicInteger();
    private static final AtomicInteger RERUN = new AtomicInteger();
    private static long started;

    @BeforeAll
    static void fixtures() throws IOException {
        started = System.nanoTime();
        swf = Files.writeString(temp.resolve("small.swf"), "; MaxProcs: 8\n"
            + "1 0 0 10 2 -1 -1 2 -1 -1 1 1 1 1 1 1 -1 -1\n2 5 0 20 4 -1 -1 4 -1 -1 1 1 1 1 1 1 -1 -1\n"
            + "3 7 0 5 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n");
        final StringBuilder events = new StringBuilder();
        for (int task = 0; task < 6; task++) {
            final long submit = 700_000_000L + task * 3_000_000L;
            events.append(submit).append(",,").append(200 + task).append(",0,,0,u,0,0,0.1,0.05,0,0\n")
                .append(submit + 1).append(",,").append(200 + task).append(",0,m1,1,u,0,0,0.1,0.05,0,0\n")
                .append(submit + 40_000_000L).append(",,").append(200 + task).append(",0,m1,4,u,0,0,0.1,0.05,0,0\n");
        }
        google = Files.writeString(temp.resolve("part-00000-of-00001.csv"), events.toString());
        alibabaNodes = Files.writeString(temp.resolve("nodes.csv"), "cpu_milli,memory_mib\n64000,262144\n32000,131072\n");
        alibabaPods = Files.writeString(temp.resolve("pods.csv"), "cpu_milli,memory_mib,creation_time,scheduled_time,"
            + "deletion_time\n1000,1024,0,1,100\n8000,4096,10,12,60\n16000,65536,20,25,200\n");
        jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,1.0\n0,4,0.25\n0,5,0.25\n2,3,0.5\n");
        fractionalJobs = Files.writeString(temp.resolve("fractional.csv"), "arrival,duration,r1\n0,4.2,0.5\n0,1.5,0.25\n");
        final byte[] noise = new byte[300];
        new SplittableRandom(BASE_SEED).nextBytes(noise);
        garbage = Files.write(temp.resolve("garbage.csv"), noise);
        notGzip = Files.writeString(temp.resolve("part-00001-of-00002.csv.gz"), "1,2,3\n");
        empty = Files.createDirectories(temp.resolve("empty"));
        kernels = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.definitions()) {
            if (!definition.name().startsWith("Test-")) {
                kernels.add(definition);
            }
        }
    }

    @AfterAll
    static void report() {
        System.out.printf("CommandLineFuzzTest: %d cases from seed %d in %.1f s: %d exit 0 (%d re-run from their"
                + " summary), %d exit 2%n", CASES, BASE_SEED, (System.nanoTime() - started) / 1e9, EXITED_ZERO.get(),
            RERUN.get(), EXITED_TWO.get());
    }

    static LongStream seeds() {
        return LongStream.range(BASE_SEED, BASE_SEED + CASES);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyCommandLineKeepsTheContract(final long seed) throws IOException {
        final SplittableRandom random = new SplittableRandom(seed);
        final Path out = temp.resolve("out-" + seed);
        final Case generated = generate(random, out);
        final String[] args = generated.args().toArray(new String[0]);
        final String label = "seed " + seed + " (-Dstowage.seed=" + seed + " -Dstowage.fuzz.cases=1): stowage "
            + String.join(" ", args);
        final StringWriter stdout = new StringWriter();
        final StringWriter stderr = new StringWriter();
        final int code = StowageCli.execute(HEAP, new PrintWriter(stdout, true), new PrintWriter(stderr, true), args);
        final String err = stderr.toString();
        assertTrue(code == 0 || code == 2, label + "\nexit " + code + "\n" + err + stdout);
        assertFalse(err.lines().anyMatch(line -> line.startsWith("\tat ") || line.startsWith("Caused by")),
            label + ": a stack trace\n" + err);
        assertTrue(err.chars().noneMatch(c -> c < 0x20 && c != '\n' && c != '\r' || c == 0x7F), label + ": raw control"
            + " characters\n" + err);
        if (code == 2) {
            EXITED_TWO.incrementAndGet();
            assertTrue(err.lines().count() <= 1, label + ": more than one line\n" + err);
            assertEquals("", stdout.toString(), label + ": printed before refusing\n" + err);
            assertFalse(Files.exists(out), label + ": wrote " + out + " although refused: " + err);
            return;
        }
        assertFalse(generated.mustFail(), label + ": a reproduce line with a defect was accepted\n" + stdout);
        EXITED_ZERO.incrementAndGet();
        if (generated.command().equals("run")) {
            checkRun(label, generated, out, stdout.toString(), random.nextInt(4) == 0);
        } else if (generated.command().equals("sweep")) {
            checkSweep(label, generated, out);
        } else {
            assertFalse(Files.exists(out), label + ": " + generated.command() + " wrote " + out);
        }
    }

    /**
     * A generated command line: the command, its arguments, the schedulers and axes it asks for, and whether
     * it must be refused (reproduce lines always carry a defect).
     */
    private record Case(String command, List<String> args, List<String> schedulers, List<String> axes,
                        int points, int replications, boolean mustFail) {
    }

    // ---- checks of what a successful command wrote ----

    private static void checkRun(final String label, final Case generated, final Path out, final String stdout,
                                 final boolean rerun) throws IOException {
        final List<String> rows = stdout.lines().filter(line -> !line.isBlank()).toList();
        final Set<String> printed = new LinkedHashSet<>();
        for (final String row : rows) {
            final String first = row.split("\\s+", 2)[0];
            if (generated.schedulers().contains(first)) {
                printed.add(first);
            }
        }
        assertEquals(new LinkedHashSet<>(generated.schedulers()), printed, label + ": one row per scheduler\n" + stdout);
        if (!generated.args().contains("--out")) {
            return;
        }
        final List<List<String>> results = csv(label, out.resolve("results.csv"));
        assertEquals(List.of("scheduler", "metric", "value"), results.get(0), label);
        final Set<String> inResults = new LinkedHashSet<>();
        for (final List<String> row : results.subList(1, results.size())) {
            inResults.add(row.get(0));
        }
        assertEquals(new LinkedHashSet<>(generated.schedulers()), inResults, label + ": results.csv names what ran");
        csv(label, out.resolve("series.csv"));
        final JsonNode summary = json(label, out.resolve("summary.json"));
        assertTrue(summary.get("complete").asBoolean(), label);
        final List<String> ran = new ArrayList<>();
        summary.get("runs").forEach(run -> ran.add(run.get("scheduler").asText()));
        assertEquals(generated.schedulers(), ran, label + ": summary.json names what ran");
        final List<String> asked = new ArrayList<>();
        summary.get("inputs").get("schedulers").forEach(name -> asked.add(name.asText()));
        assertEquals(generated.schedulers(), asked, label);
        if (rerun) {
            // the recorded command is the run: it must be accepted and give the very same results
            RERUN.incrementAndGet();
            final List<String> again = new ArrayList<>();
            summary.get("inputs").get("command").forEach(arg -> again.add(arg.asText()));
            final Path second = out.resolveSibling(out.getFileName() + "-again");
            again.addAll(List.of("--out", second.toString()));
            final StringWriter err = new StringWriter();
            assertEquals(0, StowageCli.execute(HEAP, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                again.toArray(new String[0])), label + ": its recorded command " + again + " fails: " + err);
            assertEquals(Files.readString(out.resolve("results.csv")), Files.readString(second.resolve("results.csv")),
                label + ": the recorded command " + again + " gives other results");
        }
    }

    private static void checkSweep(final String label, final Case generated, final Path out) throws IOException {
        final JsonNode manifest = json(label, out.resolve("manifest.json"));
        final List<String> axes = new ArrayList<>();
        manifest.get("axes").fieldNames().forEachRemaining(axes::add);
        assertEquals(generated.axes(), axes, label + ": the manifest lists the axes asked for");
        final List<List<String>> results = csv(label, out.resolve("results.csv"));
        final List<String> header = results.get(0);
        assertEquals(generated.axes().size() + 4, header.size(), label + ": " + header);
        final Set<List<String>> points = new HashSet<>();
        final Set<String> schedulers = new LinkedHashSet<>();
        for (final List<String> row : results.subList(1, results.size())) {
            points.add(row.subList(0, generated.axes().size()));
            schedulers.add(row.get(generated.axes().size()));
        }
        assertEquals(generated.points(), points.size(), label + ": every point in results.csv");
        assertEquals(new LinkedHashSet<>(generated.schedulers()), schedulers, label);
        csv(label, out.resolve("summary.csv"));
        try (Stream<Path> units = Files.list(out.resolve("runs"))) {
            assertEquals((long) generated.points() * generated.replications() * generated.schedulers().size(),
                units.count(), label + ": one file per run");
        }
    }

    /**
     * {@code --no-plots} in 9 cases of 10: drawing costs about half a second a plot, which made this test four
     * times slower (HtmlReportTest and RunPlotsTest check the plots; 1 case in 10 here still draws them).
     */
    private static void noPlotsMostly(final SplittableRandom random, final List<String> args) {
        if (random.nextInt(10) > 0) {
            args.add("--no-plots");
        }
    }

    /** The rows of a CSV file, each as long as the header, or a failure naming the case. */
    private static List<List<String>> csv(final String label, final Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), label + ": no " + file);
        final List<List<String>> rows = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file);
            CsvReader<CsvRecord> records = CsvReader.builder().ofCsvRecord(reader)) {
            for (final CsvRecord record : records) {
                rows.add(record.getFields());
            }
        } catch (final RuntimeException e) {
            fail(label + ": " + file + " does not parse: " + e.getMessage(), e);
        }
        assertFalse(rows.isEmpty(), label + ": " + file + " is empty");
        for (final List<String> row : rows) {
            assertEquals(rows.get(0).size(), row.size(), label + ": " + file + " row " + row + " vs header " + rows.get(0));
        }
        return rows;
    }

    private static JsonNode json(final String label, final Path file) {
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (final IOException e) {
            return fail(label + ": " + file + " does not parse: " + e.getMessage(), e);
        }
    }

    // ---- generation ----

    /**
     * What a case draws from: two cases in five are clean (valid values only, a workload suited to the first
     * scheduler), so that about a third of the lines run; the others draw from valid, invalid, conflicting,
     * extreme and garbage values alike.
     */
    private static final class Draw {
        final SplittableRandom random;
        final boolean clean;

        Draw(final SplittableRandom random) {
            this.random = random;
            this.clean = random.nextInt(5) < 2;
        }

        /** One of {@code valid}, or (not clean, one time in three) one of {@code invalid}. */
        String value(final String[] valid, final String... invalid) {
            return !clean && invalid.length > 0 && random.nextInt(3) == 0 ? pickOf(random, invalid) : pickOf(random, valid);
        }

        /** With probability {@code 1/odds}, {@code flag} and a value as {@link #value} draws it; the value or null. */
        String maybe(final List<String> args, final int odds, final String flag, final String[] valid,
                     final String... invalid) {
            if (random.nextInt(odds) != 0) {
                return null;
            }
            args.add(flag);
            final String value = value(valid, invalid);
            args.add(value);
            return value;
        }

        boolean coin(final int odds) {
            return random.nextInt(odds) == 0;
        }
    }

    private static String[] of(final String... values) {
        return values;
    }

    private static Case generate(final SplittableRandom random, final Path out) {
        final Draw draw = new Draw(random);
        final int pick = random.nextInt(100);
        if (pick < 45) {
            return run(draw, out);
        }
        if (pick < 65) {
            return sweep(draw, out);
        }
        if (pick < 77) {
            return capacity(draw);
        }
        if (pick < 85) {
            return traceSummary(draw);
        }
        if (pick < 94) {
            return reproduce(random, out);
        }
        if (pick < 97) {
            return new Case("schedulers", List.of("schedulers"), List.of(), List.of(), 0, 0, false);
        }
        final List<String> args = new ArrayList<>(List.of(pickOf(random, "runn", "--bogus", "help", "sweep",
            "capacity", "run")));
        args.add(pickOf(random, "--nonsense", "--out", "-x", "\u001b[2J", "--sizes="));
        return new Case("garbage", args, List.of(), List.of(), 0, 0, false);
    }

    /** A workload (a list of options), suited to {@code kernel}'s requirements when the draw is clean or by chance. */
    private static List<String> workload(final Draw draw, final KernelDefinition kernel) {
        final SplittableRandom random = draw.random;
        final List<String> args = new ArrayList<>();
        final KernelRequirements needs = kernel.requirements();
        final boolean suited = draw.clean || random.nextBoolean();
        final boolean continuous = suited && !needs.timeModes().contains(org.stowage.core.engine.TimeMode.SLOTTED)
            || random.nextInt(3) == 0;
        final int source = random.nextInt(10);
        if (source == 0 && (!suited || !needs.discreteTypes() && needs.planType() == null)) {
            args.addAll(List.of("--trace", draw.value(of("swf:" + swf, "google2011:" + google, "alibaba:" + alibabaPods
                + "," + alibabaNodes), "swf:" + garbage, "google2011:" + empty, "google2011:" + notGzip, "swf:",
                "nope:" + swf)));
            draw.maybe(args, 4, "--resources", of("1", "2"), "3", "x");
            draw.maybe(args, 4, "--traffic-scaling", of("1", "2.5"), "0", "-1", "1e309");
            draw.maybe(args, 4, "--interval-ms", of("100", "1000"), "0", "1e20");
            if (!draw.clean || args.get(1).startsWith("google2011")) {
                draw.maybe(args, 4, "--google-rule", of("completed", "attempts"), "foo");
            }
            if (!draw.clean || args.get(1).startsWith("swf")) {
                draw.maybe(args, 4, "--swf-processors", of("8", "0"), "-2");
            }
            if (!draw.clean || !args.get(1).startsWith("alibaba")) {
                draw.maybe(args, 4, "--servers", of("5", "20"), "1x0.05", "alibaba");
            }
        } else if (source == 1 && (!suited || !needs.discreteTypes() && needs.planType() == null)) {
            args.addAll(List.of("--jobs", draw.value(of(jobs.toString()), fractionalJobs.toString(), garbage.toString(),
                temp.resolve("missing.csv").toString(), empty.toString())));
            args.addAll(List.of("--time-mode", "continuous"));
            draw.maybe(args, 4, "--servers", of("1", "3", "1x2"), "2x0.5");
            if (!draw.clean && draw.coin(6)) {
                args.addAll(List.of("--sizes", "uniform:0.1,0.2"));
            }
        } else {
            if (suited && needs.discreteTypes() || random.nextInt(4) == 0) {
                args.addAll(List.of("--sizes", draw.value(of("discrete:0.4@1,0.6@1", "discrete:0.25@2,0.5@1",
                    "discrete:0.2/0.3@1,0.5/0.25@1", "ec2"), "discrete:1e-300@1", "discrete:0.5@0", "discrete:1.5@1")));
            } else if (random.nextBoolean()) {
                args.addAll(List.of("--sizes", draw.value(of("uniform:0.1,0.9", "uniform:0.05,0.3",
                    "uniform:0.1/0.1,0.5/0.4", "truncnormal:0.5:0.2@1,0.05@2"), "uniform:0.9,0.1", "uniform:0.1",
                    "gauss:1", "uniform:NaN,1", "")));
            }
            final boolean ec2 = args.contains("ec2");
            if (ec2) {
                args.addAll(List.of("--servers", "ec2:" + (1 + random.nextInt(4))));
            } else if (suited && needs.planType() != null && needs.maxDimensions() > 1 && random.nextBoolean()) {
                args.addAll(List.of("--servers", "google2011:1"));
            } else {
                draw.maybe(args, 3, "--servers", of("1", "5", "12", "2x1.0,2x0.5"), "2x1.0/1.0,2x0.5/2.0",
                    "3x1.0,1x0.3", "0", "-3", "2147483647", "1x10", "4x0.3");
            }
            final boolean batch = !continuous && (random.nextInt(6) == 0 || suited && needs.batch() && random.nextBoolean())
                && !(suited && needs.planType() != null);
            if (batch) {
                args.addAll(List.of("--arrivals", draw.value(of("batch:40", "batch:200"), "batch:0", "batch:3000000000",
                    "burst")));
            } else {
                final int rate = random.nextInt(8);
                if (rate == 0) {
                    args.addAll(List.of("--lambda", draw.value(of("0.02", "0.3"), "0", "-1", "1e300", "NaN")));
                } else if (rate < 3) {
                    args.addAll(List.of("--intensity", draw.value(of("0.5", "0.9"), "1.1", "0", "-0.5", "Infinity")));
                    draw.maybe(args, 6, "--intensity-basis", of("size", "lambda-star"), "configurations", "x");
                }
            }
            args.addAll(List.of("--service", continuous ? draw.value(of("exponential:1", "exponential:20",
                "geometric:10"), "deterministic:2.5") : draw.value(of("geometric:100", "geometric:20", "deterministic:30"),
                "exponential:5", "deterministic:2.5", "geometric:0.5")));
        }
        if (continuous && !args.contains("--time-mode")) {
            args.addAll(List.of("--time-mode", "continuous"));
        } else if (!args.contains("--time-mode") && random.nextInt(4) == 0) {
            args.addAll(List.of("--time-mode", draw.value(of("slotted"), "sideways")));
        }
        args.addAll(List.of("--horizon", continuous ? draw.value(of("20", "50"), "1e17", "-5")
            : draw.value(of("200", "500", "1000"), "0", "1e400")));
        draw.maybe(args, 5, "--warmup", of("0", "10"), "5000", "-1");
        draw.maybe(args, 5, "--resolution", of("1000", "1000000"), "0", "2000000000");
        draw.maybe(args, 5, "--seed", of("7", "-3"), "x");
        if (!draw.clean && draw.coin(8)) {
            // an option that may not apply here, or garbage
            args.addAll(List.of(pickOf(random, "--google-rule", "--resources", "--sizes", "--traffic-scaling",
                "--bogus", "--intensity-basis"), pickOf(random, "attempts", "2", "uniform:0.1,0.2", "1.5", "\u0007",
                "lambda-star")));
        }
        return args;
    }

    private static Case run(final Draw draw, final Path out) {
        final SplittableRandom random = draw.random;
        final List<String> schedulers = new ArrayList<>();
        final int count = 1 + random.nextInt(3);
        final KernelDefinition first = kernels.get(random.nextInt(kernels.size()));
        schedulers.add(spec(draw, first));
        for (int i = 1; i < count; i++) {
            final KernelDefinition kernel = draw.clean ? kin(random, first) : kernels.get(random.nextInt(kernels.size()));
            final String spec = spec(draw, kernel);
            if (!draw.clean || !schedulers.contains(spec)) {
                schedulers.add(spec);
            }
        }
        final List<String> args = new ArrayList<>(List.of("run", "--scheduler", String.join(",", schedulers)));
        args.addAll(workload(draw, first));
        if (random.nextInt(3) > 0) {
            args.addAll(List.of("--out", !draw.clean && draw.coin(20) ? "" : out.toString()));
            noPlotsMostly(random, args);
        }
        return new Case("run", args, schedulers, List.of(), 1, 1, false);
    }

    /** A kernel with the requirements of {@code first}, so that a clean line can run both. */
    private static KernelDefinition kin(final SplittableRandom random, final KernelDefinition first) {
        for (int attempt = 0; attempt < 20; attempt++) {
            final KernelDefinition kernel = kernels.get(random.nextInt(kernels.size()));
            if (kernel.requirements().equals(first.requirements())) {
                return kernel;
            }
        }
        return first;
    }

    private static Case sweep(final Draw draw, final Path out) {
        final SplittableRandom random = draw.random;
        final KernelDefinition kernel = kernels.get(random.nextInt(kernels.size()));
        final List<String> schedulers = new ArrayList<>(List.of(spec(draw, kernel)));
        if (random.nextBoolean()) {
            final String second = spec(draw, draw.clean ? kin(random, kernel) : kernels.get(random.nextInt(kernels.size())));
            if (!draw.clean || !schedulers.contains(second)) {
                schedulers.add(second);
            }
        }
        final List<String> args = new ArrayList<>(List.of("sweep", "--scheduler", String.join(",", schedulers)));
        args.addAll(workload(draw, kernel));
        final List<String> axes = new ArrayList<>();
        int points = 1;
        final int axisCount = draw.clean ? 1 + random.nextInt(2) : random.nextInt(3);
        // clean axes: a warm-up below every horizon drawn, and short horizons, valid with any workload
        final String[][] clean = {{"warmup", "0,5", "0;2"}, {"horizon", "100,200", "60:120:30"}};
        final int firstClean = random.nextInt(2);
        for (int a = 0; a < axisCount; a++) {
            final String[] axis = draw.clean ? clean[(firstClean + a) % 2] : pickOf(random, new String[][] {
                {"intensity", "0.5,0.7", "0.6;0.8", "0.5:0.7:0.1", "0.5,0.5", "x,y", "0.9:0.5:0.1"},
                {"servers", "3,6", "2;4", "0,1"},
                {"horizon", "300,600", "1e17,100"},
                {"lambda", "0.02,0.04", "-1,0.1"},
                {"sizes", "uniform:0.1,0.3;uniform:0.2,0.5", "discrete:0.4@1;discrete:0.5@1", "garbage"},
                {"time-mode", "slotted,continuous", "continuous"},
                {"traffic-scaling", "1,2"},
                {"scheduler.J", "4,6", "1,2"},
                {"scheduler.stall", "0.5,true", "false;0.25"},
                {"warmup", "0,50"},
                {"arrivals", "poisson;batch:20", "batch:10,batch:0"},
                {"service", "geometric:10;exponential:1", "geometric:10,geometric:20"},
                {"resolution", "1000,1000000", "0,7"},
                {"nonsense", "1,2"}});
            final String values = axis[1 + random.nextInt(axis.length - 1)];
            args.addAll(List.of("--vary", axis[0] + "=" + values));
            axes.add(axis[0]);
            points *= values.contains(":") && !values.contains("@") && !values.contains(";")
                ? 3 : values.split(values.contains(";") ? ";" : ",").length;
        }
        if (draw.clean) {
            // an axis overrides the same option on the command line: a clean line does not give both
            for (final String axis : axes) {
                final int at = args.indexOf("--" + axis);
                if (at >= 0) {
                    args.remove(at + 1);
                    args.remove(at);
                }
            }
        }
        if (axes.isEmpty()) {
            args.add("--vary"); // required: with no value it is a picocli error
        }
        final String replications = draw.maybe(args, 4, "--replications", of("1", "2"), "0");
        draw.maybe(args, 3, "--threads", of("1", "2"), "0", "100000");
        draw.maybe(args, 6, "--engine", of("local"), "spark", "none");
        args.addAll(List.of("--out", out.toString()));
        noPlotsMostly(random, args);
        return new Case("sweep", args, schedulers, axes, points, "2".equals(replications) ? 2 : 1, false);
    }

    private static Case capacity(final Draw draw) {
        final List<String> args = new ArrayList<>(List.of("capacity"));
        final String sizes = draw.value(of("discrete:0.4@1,0.6@1", "discrete:2@2,5@1", "uniform:0.1,0.9",
            "discrete:0.3@1,0.45@1,0.7@1"), "discrete:0.25/0.5@1,0.5/0.125@2", "ec2", "truncnormal:0.5:0.2@1", "x:");
        args.addAll(List.of("--sizes", sizes));
        final boolean uniform = sizes.startsWith("uniform");
        if (draw.clean && sizes.contains("2@2")) {
            args.addAll(List.of("--servers", "1", "--capacity", "10"));
        } else {
            draw.maybe(args, 4, "--servers", of("1", "5", "3x1.0"), "2x1/1,3x0.5/2", "ec2:4", "0");
            if (!draw.clean) {
                draw.maybe(args, 4, "--capacity", of("10", "1.0"), "0", "1/1");
            }
        }
        draw.maybe(args, 4, "--mu", of("0.01", "1"), "0", "-1");
        if ((!draw.clean || !uniform) && draw.coin(5)) {
            args.add(pickOf(draw.random, "--enumerate", "--maximal"));
        }
        if (!draw.clean || uniform) {
            draw.maybe(args, 4, "--gap", of("0.05", "0.2"), "1", "-0.1");
            draw.maybe(args, 4, "--intervals", of("4", "8"), "0");
            draw.maybe(args, 4, "--grid", of("400", "1000"), "7");
            if (uniform && !args.contains("--max-intervals")) {
                args.addAll(List.of("--max-intervals", "16")); // bounded refinement keeps a case in milliseconds
            }
        }
        draw.maybe(args, 4, "--lp", of("GLOP", "CLP"), "simplex");
        draw.maybe(args, 6, "--resolution", of("1000"), "0");
        return new Case("capacity", args, List.of(), List.of(), 0, 0, false);
    }

    private static Case traceSummary(final Draw draw) {
        final String trace = draw.value(of("swf:" + swf, "google2011:" + google, "alibaba:" + alibabaPods + ","
            + alibabaNodes), "swf:" + garbage, "google2011:" + empty, "google2011:" + notGzip, "gogle:x", "nocolon",
            "swf:" + temp.resolve("absent"));
        final List<String> args = new ArrayList<>(List.of("trace-summary", trace));
        draw.maybe(args, 4, "--resources", of("1", "2"), "0");
        if (!draw.clean || trace.startsWith("google2011")) {
            draw.maybe(args, 4, "--google-rule", of("attempts", "completed"), "x");
        }
        if (!draw.clean) {
            draw.maybe(args, 4, "--swf-memory-kb", of("1024"), "-1");
        }
        draw.maybe(args, 4, "--repeat", of("1", "2"), "0");
        draw.maybe(args, 4, "--interval-ms", of("50"), "0");
        draw.maybe(args, 4, "--traffic-scaling", of("2"), "0");
        return new Case("trace-summary", args, List.of(), List.of(), 0, 0, false);
    }

    /** Reproduce lines with at least one defect each (see the class comment). */
    private static Case reproduce(final SplittableRandom random, final Path out) {
        final List<String> args = new ArrayList<>(List.of("reproduce"));
        final int defect = random.nextInt(6);
        args.add(defect == 0 ? pickOf(random, "fig9", "all", "", "2018-fig7", "lotes-fig99", "djsf-fig99")
            : pickOf(random, "fig3a", "fig4b", "fig5", "2018-fig1b", "lotes-fig11", "djsf-fig1", "all-2019"));
        switch (defect) {
            case 1 -> args.addAll(List.of("--threads", pickOf(random, "0", "100000", "-3")));
            case 2 -> args.addAll(List.of("--trace", pickOf(random, empty.toString(), temp.resolve("absent").toString(),
                garbage.toString())));
            case 3 -> args.addAll(List.of("--engine", pickOf(random, "nope", "")));
            case 4 -> args.addAll(List.of("--seed", pickOf(random, "x", "1.5")));
            case 5 -> args.add(pickOf(random, "--bogus", "--master=local[2]"));
            default -> { }
        }
        if (defect == 2 && !List.of("fig5", "all-2019").contains(args.get(1))) {
            args.set(1, "fig5"); // a trace that cannot be read is a defect only where it is read
        }
        if (random.nextBoolean()) {
            args.add("--quick");
        }
        args.addAll(List.of("--out", out.toString()));
        return new Case("reproduce", args, List.of(), List.of(), 0, 0, true);
    }

    /** {@code NAME} or {@code NAME:key=value,...} with the kernel's own keys, and values valid or not. */
    private static String spec(final Draw draw, final KernelDefinition kernel) {
        final SplittableRandom random = draw.random;
        final List<KernelParameter> parameters = kernel.parameters();
        if (!draw.clean && draw.coin(40)) {
            return pickOf(random, "BF-X", "", "VQS:", "BF-J:J=3");
        }
        if (parameters.isEmpty() || random.nextInt(3) > 0) {
            return kernel.name();
        }
        final KernelParameter parameter = parameters.get(random.nextInt(parameters.size()));
        final String value = (draw.clean || random.nextInt(3) > 0) && parameter.defaultText() != null
            ? parameter.defaultText() : pickOf(random, "0", "1", "0.5", "2", "31", "-1", "1e309", "true", "x");
        return kernel.name() + ":" + parameter.key() + "=" + value;
    }

    @SafeVarargs
    private static <T> T pickOf(final SplittableRandom random, final T... values) {
        return values[random.nextInt(values.length)];
    }
}
