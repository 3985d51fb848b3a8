package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;

/**
 * The streaming loader against {@link NaiveGoogleRule} on random task histories: clean lifecycles mutated
 * by inserted, dropped, repeated and reordered events of every type (unknown ones too), requests that are
 * empty, negative, above 1 or in exponent notation, time-0 and after-window rows, tie timestamps, and the
 * stream split into one to three parts, plain or gzip. Kept tasks (times, durations, sizes, order) must be
 * identical, and the counts consistent. The seed is in every message; -Dstowage.seed=N reruns one.
 */
class GoogleRuleDifferentialTest {
    private static final int SCENARIOS = 400;
    private static final String[] REQUESTS = {"0.5", "0.125", "0.0625", "6.25e-02", "1", "0", "0.0001554", "",
        "-0.1", "1.5", "0.99999", "3.815e-05", "0.001953125", "0.0019532", "0.26"};

    @TempDir
    Path temp;

    @Test
    void streamingLoaderKeepsExactlyWhatTheNaiveRuleKeeps() throws IOException {
        final String only = System.getProperty("stowage.seed");
        final long first = only == null ? 1 : Long.parseLong(only);
        final long last = only == null ? SCENARIOS : first;
        long keptTotal = 0;
        long droppedTotal = 0;
        final long[] byReason = new long[DropReason.values().length];
        for (long seed = first; seed <= last; seed++) {
            final Path dir = Files.createDirectory(temp.resolve("scenario-" + seed));
            final List<Path> files = writeScenario(new SplittableRandom(seed), dir);
            // seeds cycle through: D = 1; D = 2; a random priority limit; the 2018 paper's options
            final int dimensions = seed % 4 == 1 ? 2 : 1;
            final int maxPriority = seed % 4 == 2 ? (int) (seed / 4 % 12) : seed % 4 == 3
                ? TraceOptions.GOOGLE_NON_PRODUCTION : TraceOptions.NO_PRIORITY_LIMIT;
            final int dyadicTypes = seed % 4 == 3 ? TraceOptions.PAPER_2018_DYADIC_TYPES : 0;
            final Units units = seed % 4 == 3 ? new Units(TraceOptions.PAPER_2018_RESOLUTION) : Units.defaults();
            final TraceOptions options = TraceOptions.defaults().withDimensions(dimensions).withUnits(units)
                .withGoogleMaxPriority(maxPriority).withDyadicTypes(dyadicTypes);
            final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, dir), options);
            final NaiveGoogleRule naive = new NaiveGoogleRule(files, units, dimensions, maxPriority, dyadicTypes);
            final String where = "seed " + seed + " (" + files.size() + " files, D=" + dimensions + ", " + options + ")";
            final TraceSummary summary = trace.summary();
            assertEquals(naive.tasks.size(), summary.seen(), where + ": tasks seen");
            assertEquals(naive.kept.size(), trace.count(), where + ": tasks kept");
            assertEquals(summary.seen(), summary.kept() + summary.dropped(), where + ": seen = kept + dropped");
            assertEquals(naive.unknownTypeRows, summary.count(DropReason.UNKNOWN_EVENT_TYPE_ROW), where);
            for (int i = 0; i < trace.count(); i++) {
                final NaiveGoogleRule.Kept expected = naive.kept.get(i);
                assertEquals(expected.arrival(), trace.arrivalMicros(i), where + ": arrival of kept task " + i);
                assertEquals(expected.duration(), trace.durationMicros(i), where + ": duration of kept task " + i);
                final int[] size = new int[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    size[d] = trace.size(i, d);
                }
                assertArrayEquals(expected.size(), size, where + ": size of kept task " + i);
                assertEquals(expected.type(), trace.jobClass(i), where + ": type of kept task " + i);
            }
            if (dyadicTypes > 0) {
                long typed = 0;
                for (final long count : summary.classCounts()) {
                    typed += count;
                }
                assertEquals(trace.count(), typed, where + ": tasks per type add up");
            }
            keptTotal += trace.count();
            droppedTotal += summary.dropped();
            for (final DropReason reason : GoogleTaskEventsLoader.reasons(GoogleTaskEventsLoader.REASONS, true)) {
                byReason[reason.ordinal()] += summary.count(reason);
            }
        }
        final StringBuilder counts = new StringBuilder();
        for (final DropReason reason : GoogleTaskEventsLoader.reasons(GoogleTaskEventsLoader.REASONS, true)) {
            counts.append(String.format("%n  %6d %s", byReason[reason.ordinal()], reason.description()));
        }
        System.out.printf("%d scenarios: %d tasks kept, %d dropped:%s%n", last - first + 1, keptTotal, droppedTotal,
            counts);
        if (only == null) {
            for (final DropReason reason : GoogleTaskEventsLoader.reasons(GoogleTaskEventsLoader.REASONS, true)) {
                assertTrue(byReason[reason.ordinal()] > 0, "the generator never produced: " + reason.description());
            }
        }
    }

    /** Writes one random stream as 1-3 parts in {@code dir}; returns the parts in order. */
    static List<Path> writeScenario(final SplittableRandom random, final Path dir) throws IOException {
        final List<List<int[]>> histories = new ArrayList<>();
        final int tasks = 1 + random.nextInt(40);
        for (int t = 0; t < tasks; t++) {
            histories.add(history(random));
        }
        // interleave the histories, keeping each task's own order
        final List<String> rows = new ArrayList<>();
        final int[] next = new int[tasks];
        int remaining = 0;
        for (final List<int[]> history : histories) {
            remaining += history.size();
        }
        long time = 0;
        final int afterWindowFrom = random.nextInt(4) == 0 ? remaining - 1 - random.nextInt(3) : Integer.MAX_VALUE;
        for (int row = 0; remaining > 0; row++, remaining--) {
            int task = random.nextInt(tasks);
            while (next[task] == histories.get(task).size()) {
                task = (task + 1) % tasks;
            }
            final int[] event = histories.get(task).get(next[task]++);
            time += random.nextInt(3) == 0 ? 0 : random.nextInt(1, 400_000);
            final long stamp = row >= afterWindowFrom ? Long.MAX_VALUE : time;
            final long job = 1 + task % 7;
            final long index = task / 7;
            rows.add(stamp + ",," + job + "," + index + ",m," + event[0] + ",u,0," + event[3] + ","
                + REQUESTS[event[1]] + "," + REQUESTS[event[2]] + ",0,0");
        }
        final int parts = 1 + random.nextInt(3);
        final List<Path> files = new ArrayList<>();
        int from = 0;
        for (int p = 0; p < parts; p++) {
            final int to = p == parts - 1 ? rows.size() : Math.max(from + 1, Math.min(rows.size() - (parts - p - 1),
                from + random.nextInt(1, rows.size() + 1)));
            if (from >= to) {
                break;
            }
            final boolean gzip = random.nextBoolean();
            final Path file = dir.resolve(String.format("part-%05d-of-%05d.csv%s", p, parts, gzip ? ".gz" : ""));
            final byte[] text = (String.join("\n", rows.subList(from, to)) + (random.nextBoolean() ? "\n" : ""))
                .getBytes(StandardCharsets.ISO_8859_1);
            try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
                out.write(text);
            }
            files.add(file);
            from = to;
        }
        return files;
    }

    /**
     * A task's events as (type, cpu request index, memory request index, priority): a mutated clean lifecycle,
     * after one or two interrupted attempts (SUBMIT, usually SCHEDULE, then EVICT, FAIL, KILL or LOST) one time
     * in four, the resubmissions the attempts rule keeps.
     */
    private static List<int[]> history(final SplittableRandom random) {
        final List<Integer> types = new ArrayList<>();
        final int interrupted = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0;
        for (int a = 0; a < interrupted; a++) {
            types.add(0);
            if (random.nextInt(5) != 0) {
                types.add(1);
            }
            types.add(new int[] {2, 3, 5, 6}[random.nextInt(4)]);
        }
        types.addAll(List.of(0, 1, 4));
        if (random.nextBoolean()) {
            types.add(1, 7);
        }
        if (random.nextBoolean()) {
            types.add(types.size() - 1, 8);
        }
        final int mutations = random.nextInt(3) == 0 ? 0 : random.nextInt(1, 4);
        for (int m = 0; m < mutations; m++) {
            switch (random.nextInt(4)) {
                case 0:
                    types.add(random.nextInt(types.size() + 1), random.nextInt(10));
                    break;
                case 1:
                    if (types.size() > 1) {
                        types.remove(random.nextInt(types.size()));
                    }
                    break;
                case 2:
                    types.add(types.get(random.nextInt(types.size())));
                    break;
                default:
                    final int a = random.nextInt(types.size());
                    final int b = random.nextInt(types.size());
                    final int swap = types.get(a);
                    types.set(a, types.get(b));
                    types.set(b, swap);
            }
        }
        final List<int[]> events = new ArrayList<>();
        final boolean clean = random.nextInt(4) != 0;
        // mostly one priority per task, as in the trace; sometimes it changes between rows
        final int priority = random.nextInt(12);
        for (final int type : types) {
            final int cpu = clean ? random.nextInt(7) : random.nextInt(REQUESTS.length);
            final int memory = clean ? random.nextInt(7) : random.nextInt(REQUESTS.length);
            events.add(new int[] {type, cpu, memory, random.nextInt(5) == 0 ? random.nextInt(12) : priority});
        }
        return events;
    }
}
