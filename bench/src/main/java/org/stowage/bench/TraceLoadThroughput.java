package org.stowage.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceFormat;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;
import org.stowage.core.trace.Traces;

/**
 * Rows per second of the Google 2011 task_events loader, in one JVM, against two references read in
 * alternation over the same files: the floor (gzip inflate alone, counting rows) and an idiomatic loader
 * (BufferedReader, String.split, Long.parseLong / Double.parseDouble, a HashMap of task objects) that
 * applies the same rule. The floor's rows/s is the loader's row count over the inflate time. Reports wall and
 * loading-thread CPU time and the ratios; the machine may be
 * shared, so CPU time is the fairer "one core" measure.
 * <pre>
 *   java -cp bench/target/benchmarks.jar org.stowage.bench.TraceLoadThroughput ../shared/traces/google-2011/task_events 3
 * </pre>
 */
public final class TraceLoadThroughput {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private TraceLoadThroughput() {
    }

    public static void main(final String[] args) throws IOException {
        final Path dir = Path.of(args.length > 0 ? args[0] : "../shared/traces/google-2011/task_events");
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        final List<Path> files = parts(dir);
        final double[][] rates = new double[3][2];
        for (int round = 1; round <= rounds; round++) {
            long start = System.nanoTime();
            long cpu = THREADS.getCurrentThreadCpuTime();
            final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, dir), TraceOptions.defaults());
            report(round, "stowage loader", trace.summary().rowsRead(), trace.count(), start, cpu, rates[1]);

            start = System.nanoTime();
            cpu = THREADS.getCurrentThreadCpuTime();
            final long bytes = inflateOnly(files);
            if (bytes != trace.summary().bytesRead()) {
                throw new IllegalStateException("inflated " + bytes + " bytes, the loader read " + trace.summary().bytesRead());
            }
            report(round, "inflate only (floor)", trace.summary().rowsRead(), -1, start, cpu, rates[0]);

            start = System.nanoTime();
            cpu = THREADS.getCurrentThreadCpuTime();
            final long[] naive = idiomatic(files);
            report(round, "idiomatic loader", naive[0], naive[1], start, cpu, rates[2]);
            if (naive[1] != trace.count()) {
                throw new IllegalStateException("the loaders disagree: " + naive[1] + " vs " + trace.count());
            }
        }
        System.out.printf(Locale.ROOT, "last round: stowage / idiomatic = %.2fx wall, %.2fx CPU;"
                + " stowage / inflate floor = %.2f wall, %.2f CPU%n",
            rates[1][0] / rates[2][0], rates[1][1] / rates[2][1], rates[1][0] / rates[0][0], rates[1][1] / rates[0][1]);
    }

    private static void report(final int round, final String what, final long rows, final long kept, final long start,
                               final long cpuStart, final double[] rate) {
        final double wall = (System.nanoTime() - start) / 1e9;
        final double cpu = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        rate[0] = rows / wall;
        rate[1] = rows / cpu;
        System.out.printf(Locale.ROOT, "round %d %-22s %,10d rows %s in %6.3f s wall (%,11.0f rows/s), %6.3f s CPU"
            + " (%,11.0f rows/s)%n", round, what, rows, kept < 0 ? "             " : String.format(Locale.ROOT,
            "%,8d kept", kept), wall, rate[0], cpu, rate[1]);
    }

    private static List<Path> parts(final Path dir) throws IOException {
        final List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.csv.gz")) {
            entries.forEach(files::add);
        }
        Collections.sort(files);
        return files;
    }

    /** Decompresses every part and discards the bytes; returns how many. */
    private static long inflateOnly(final List<Path> files) throws IOException {
        final byte[] buffer = new byte[1 << 18];
        long bytes = 0;
        for (final Path file : files) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
                int read;
                while ((read = in.read(buffer)) > 0) {
                    bytes += read;
                }
            }
        }
        return bytes;
    }

    /** A task's state in the idiomatic loader. */
    private static final class Task {
        long submit;
        long schedule = -1;
        double cpu;
        double memory;
        boolean closed;
        int keptIndex = -1;
    }

    /** The same rule, written the everyday way; returns {rows, kept}. */
    private static long[] idiomatic(final List<Path> files) {
        final Map<Long, Task> tasks = new HashMap<>();
        final List<Task> kept = new ArrayList<>();
        long rows = 0;
        for (final Path file : files) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.ISO_8859_1), 1 << 16)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    rows++;
                    final String[] c = line.split(",", -1);
                    final long time = Long.parseLong(c[0]);
                    final long key = Long.parseLong(c[2]) << 24 | Long.parseLong(c[3]);
                    final int type = Integer.parseInt(c[5]);
                    Task task = tasks.get(key);
                    if (task == null) {
                        task = new Task();
                        tasks.put(key, task);
                        if (type != 0 || time == 0 || c[9].isEmpty() || c[10].isEmpty()) {
                            task.closed = true;
                            continue;
                        }
                        task.submit = time;
                        task.cpu = Double.parseDouble(c[9]);
                        task.memory = Double.parseDouble(c[10]);
                        task.closed = task.cpu < 0 || task.cpu > 1 || task.memory < 0 || task.memory > 1;
                        continue;
                    }
                    if (type == 7 || type == 8) {
                        continue;
                    }
                    if (task.keptIndex >= 0) {
                        kept.set(task.keptIndex, null);
                        task.keptIndex = -1;
                    } else if (!task.closed && type == 1 && task.schedule < 0) {
                        task.schedule = time;
                        continue;
                    } else if (!task.closed && type == 4 && task.schedule >= 0) {
                        task.keptIndex = kept.size();
                        kept.add(task);
                    }
                    task.closed = true;
                }
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        long count = 0;
        for (final Task task : kept) {
            count += task == null ? 0 : 1;
        }
        return new long[] {rows, count};
    }
}
