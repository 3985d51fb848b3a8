package org.stowage.core.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.stowage.core.Units;

/**
 * The 2019 paper's preprocessing written the obvious way, as the reference twin of
 * {@link GoogleTaskEventsLoader}: read every row into objects with String.split, group the rows of each
 * task in a list, and test the rule on the whole list at once.
 */
final class NaiveGoogleRule {
    static final long AFTER_WINDOW = Long.MAX_VALUE;

    record Row(long time, long job, long index, int type, int priority, String cpu, String memory) {
    }

    /** A kept task: (arrival, duration, job, index, size units per resource, dyadic type or 0). */
    record Kept(long arrival, long duration, long job, long index, int[] size, int type) {
    }

    final Map<List<Long>, List<Row>> tasks = new LinkedHashMap<>();
    final List<Kept> kept = new ArrayList<>();
    long unknownTypeRows;

    NaiveGoogleRule(final List<Path> files, final Units units, final int dimensions) {
        this(files, units, dimensions, TraceOptions.NO_PRIORITY_LIMIT, 0);
    }

    /**
     * With the 2018 paper's options: keep a task only if its first row's priority is at most
     * {@code maxPriority}; with {@code dyadicTypes > 0} its size is the smallest 2^-p (p < dyadicTypes) at
     * least max(CPU, memory), computed here by halving the unit capacity.
     */
    NaiveGoogleRule(final List<Path> files, final Units units, final int dimensions, final int maxPriority,
                    final int dyadicTypes) {
        for (final Path file : files) {
            for (final String line : lines(file)) {
                final String[] c = line.split(",", -1);
                final Row row = new Row(Long.parseLong(c[0]), Long.parseLong(c[2]), Long.parseLong(c[3]),
                    Integer.parseInt(c[5]), Integer.parseInt(c[8]), c[9], c[10]);
                if (row.type() > 8) {
                    unknownTypeRows++;
                }
                tasks.computeIfAbsent(List.of(row.job(), row.index()), k -> new ArrayList<>()).add(row);
            }
        }
        for (final List<Row> events : tasks.values()) {
            if (isKept(events) && events.get(0).priority() <= maxPriority) {
                final Row submit = events.get(0);
                final long schedule = first(events, GoogleTaskEventsLoader.SCHEDULE).time();
                final long finish = first(events, GoogleTaskEventsLoader.FINISH).time();
                final double cpu = Double.parseDouble(submit.cpu());
                final double memory = Double.parseDouble(submit.memory());
                final int[] size = dimensions == 1
                    ? new int[] {units.sizeUnits(Math.max(cpu, memory))}
                    : new int[] {units.sizeUnits(cpu), units.sizeUnits(memory)};
                int type = 0;
                if (dyadicTypes > 0) {
                    int typeSize = units.resolution();
                    while (type + 1 < dyadicTypes && size[0] <= typeSize / 2) {
                        typeSize /= 2;
                        type++;
                    }
                    size[0] = typeSize;
                }
                kept.add(new Kept(submit.time(), finish - schedule, submit.job(), submit.index(), size, type));
            }
        }
        kept.sort(Comparator.comparingLong(Kept::arrival).thenComparingLong(Kept::job)
            .thenComparingLong(Kept::index));
    }

    /** The rule, on the task's whole event list. */
    static boolean isKept(final List<Row> events) {
        final Row first = events.get(0);
        if (first.type() != GoogleTaskEventsLoader.SUBMIT || first.time() <= 0) {
            return false;
        }
        if (count(events, GoogleTaskEventsLoader.SUBMIT) != 1 || count(events, GoogleTaskEventsLoader.SCHEDULE) != 1
            || count(events, GoogleTaskEventsLoader.FINISH) != 1) {
            return false;
        }
        int scheduleAt = -1;
        int finishAt = -1;
        for (int i = 0; i < events.size(); i++) {
            final Row row = events.get(i);
            final boolean update = row.type() == GoogleTaskEventsLoader.UPDATE_PENDING
                || row.type() == GoogleTaskEventsLoader.UPDATE_RUNNING;
            if (!update && row.type() != GoogleTaskEventsLoader.SUBMIT && row.type() != GoogleTaskEventsLoader.SCHEDULE
                && row.type() != GoogleTaskEventsLoader.FINISH) {
                return false; // EVICT, FAIL, KILL, LOST or an unknown type
            }
            if (!update && row.time() == AFTER_WINDOW) {
                return false;
            }
            scheduleAt = row.type() == GoogleTaskEventsLoader.SCHEDULE ? i : scheduleAt;
            finishAt = row.type() == GoogleTaskEventsLoader.FINISH ? i : finishAt;
        }
        return scheduleAt < finishAt && inUnitRange(first.cpu()) && inUnitRange(first.memory());
    }

    private static boolean inUnitRange(final String request) {
        if (request.isEmpty()) {
            return false;
        }
        final double value = Double.parseDouble(request);
        return value >= 0 && value <= 1;
    }

    private static int count(final List<Row> events, final int type) {
        int n = 0;
        for (final Row row : events) {
            n += row.type() == type ? 1 : 0;
        }
        return n;
    }

    private static Row first(final List<Row> events, final int type) {
        for (final Row row : events) {
            if (row.type() == type) {
                return row;
            }
        }
        throw new IllegalStateException("no event of type " + type);
    }

    private static List<String> lines(final Path file) {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1))) {
            return reader.lines().toList();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
