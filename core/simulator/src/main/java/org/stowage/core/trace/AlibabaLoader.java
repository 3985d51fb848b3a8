package org.stowage.core.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;

/**
 * Reads Alibaba cluster-trace-gpu-v2023 ("openb"): a pod list and the node list of its cluster.
 *
 * <p>Both files are CSV with a header naming the columns (looked up by name, so column order does not
 * matter; quoted fields are not supported). Nodes: {@code cpu_milli} and {@code memory_mib}, each &gt; 0.
 * Pods: {@code cpu_milli}, {@code memory_mib}, {@code creation_time}, {@code scheduled_time},
 * {@code deletion_time} (seconds), and {@code num_gpu} when present (only counted).
 *
 * <h2>Normalization</h2>
 * As in the Google trace, each resource is normalized to the largest node: node capacity = node / max over
 * nodes, rounded down to units; pod size = pod / that max, rounded up. Two resources: (CPU, memory). One
 * resource: pod size max(CPU, memory) and node capacity min(CPU, memory) of the normalized values, so a
 * pod that fits a node in one resource also fits it in both (conservative). GPU demands are not modeled
 * (pods that request GPUs are counted as a note).
 *
 * <h2>Which pods are kept</h2>
 * Arrival = creation_time, duration = deletion_time - scheduled_time (the analogue of SCHEDULE to FINISH).
 * Dropped: no scheduled_time (pending pods), no deletion_time, deletion before scheduling, an empty or
 * negative request, a request above the largest node, or zero CPU and memory. Pod phase is not filtered: a failed
 * pod held its resources until deletion. Ties in arrival keep file order.
 */
final class AlibabaLoader {
    static final String POD_FILE = "openb_pod_list_default.csv";
    static final String NODE_FILE = "openb_node_list_all_node.csv";
    static final DropReason[] REASONS = {
        DropReason.NEVER_SCHEDULED, DropReason.NOT_DELETED, DropReason.NEGATIVE_DURATION,
        DropReason.MISSING_REQUEST, DropReason.NEGATIVE_REQUEST, DropReason.ABOVE_CAPACITY, DropReason.ZERO_SIZE};
    private static final double MAX_SECONDS = 9e12;

    private AlibabaLoader() {
    }

    /**
     * {@code paths}: a directory with both files, a pod list whose node list ({@value #NODE_FILE}) sits beside
     * it, or a pod list and a node list, in that order.
     */
    static LoadedTrace load(final List<Path> paths, final TraceOptions options, final String source) {
        if (options.dimensions() > 2) {
            throw new IllegalArgumentException("Alibaba traces have 1 or 2 resources (CPU, memory): "
                + options.dimensions());
        }
        final long start = System.nanoTime();
        final long startCpu = TraceSummary.threadCpuNanos();
        assert paths.size() == 1 || paths.size() == 2 : paths; // TraceSpec.parse checks it
        final Path path = paths.get(0);
        final Path pods = Files.isDirectory(path) ? path.resolve(POD_FILE) : path;
        final Path parent = pods.toAbsolutePath().getParent();
        final Path nodes = paths.size() == 2 ? paths.get(1) : Files.isDirectory(path) ? path.resolve(NODE_FILE)
            : parent == null ? Path.of(NODE_FILE) : parent.resolve(NODE_FILE);
        final Units units = options.units();
        final int dimensions = options.dimensions();
        final TraceSummary summary = dimensions == 1
            ? new TraceSummary(TraceFormat.ALIBABA_GPU_2023, source, REASONS, "max(CPU, memory)")
            : new TraceSummary(TraceFormat.ALIBABA_GPU_2023, source, REASONS, "CPU", "memory");

        final double[] nodeCpu;
        final double[] nodeMemory;
        int nodeCount = 0;
        double maxCpu = 0;
        double maxMemory = 0;
        try (LineSource lines = LineSource.open(nodes, options.maxLineBytes())) {
            final HeaderCsv csv = HeaderCsv.header(lines, "cpu_milli", "memory_mib");
            double[] cpu = new double[256];
            double[] memory = new double[256];
            while (lines.next()) {
                csv.split(lines);
                if (nodeCount == cpu.length) {
                    cpu = Arrays.copyOf(cpu, nodeCount * 2);
                    memory = Arrays.copyOf(memory, nodeCount * 2);
                }
                cpu[nodeCount] = csv.positive(lines, 0);
                memory[nodeCount] = csv.positive(lines, 1);
                maxCpu = Math.max(maxCpu, cpu[nodeCount]);
                maxMemory = Math.max(maxMemory, memory[nodeCount]);
                nodeCount++;
            }
            if (nodeCount == 0) {
                throw new TraceFormatException(nodes, 0, null, null, "no nodes after the header");
            }
            summary.addFile(lines.lineNumber(), lines.bytesRead());
            nodeCpu = cpu;
            nodeMemory = memory;
        }
        final int[] capacities = new int[nodeCount * dimensions];
        for (int s = 0; s < nodeCount; s++) {
            final double cpu = nodeCpu[s] / maxCpu;
            final double memory = nodeMemory[s] / maxMemory;
            if (dimensions == 1) {
                capacities[s] = units.capacityUnits(Math.min(cpu, memory));
            } else {
                capacities[2 * s] = units.capacityUnits(cpu);
                capacities[2 * s + 1] = units.capacityUnits(memory);
            }
        }

        final KeptTasks kept = new KeptTasks(dimensions, 1 << 12);
        try (LineSource lines = LineSource.open(pods, options.maxLineBytes())) {
            final HeaderCsv csv = HeaderCsv.header(lines, "cpu_milli", "memory_mib", "creation_time", "scheduled_time",
                "deletion_time", "num_gpu?");
            long row = 0;
            while (lines.next()) {
                csv.split(lines);
                row++;
                summary.addSeen();
                final double cpu = csv.number(lines, 0);
                final double memory = csv.number(lines, 1);
                final double creation = csv.number(lines, 2);
                if (Double.isNaN(creation) || creation < 0) {
                    throw csv.error(lines, 2, "every pod needs a creation time >= 0");
                }
                final long arrival = micros(lines, csv, 2, creation);
                summary.rowTime(arrival);
                if (csv.has(5) && csv.number(lines, 5) > 0) {
                    summary.note("pods requesting GPUs (GPU demand not modeled)");
                }
                final double scheduled = csv.number(lines, 3);
                final double deletion = csv.number(lines, 4);
                final DropReason reason;
                if (Double.isNaN(scheduled)) {
                    reason = DropReason.NEVER_SCHEDULED;
                } else if (Double.isNaN(deletion)) {
                    reason = DropReason.NOT_DELETED;
                } else if (deletion < scheduled) {
                    reason = DropReason.NEGATIVE_DURATION;
                } else if (Double.isNaN(cpu) || Double.isNaN(memory)) {
                    reason = DropReason.MISSING_REQUEST;
                } else if (cpu < 0 || memory < 0) {
                    reason = DropReason.NEGATIVE_REQUEST;
                } else if (cpu > maxCpu || memory > maxMemory) {
                    reason = DropReason.ABOVE_CAPACITY;
                } else if (cpu == 0 && memory == 0) {
                    reason = DropReason.ZERO_SIZE;
                } else {
                    final long duration = micros(lines, csv, 4, deletion) - micros(lines, csv, 3, scheduled);
                    final int cpuUnits = units.sizeUnits(cpu / maxCpu);
                    final int memoryUnits = units.sizeUnits(memory / maxMemory);
                    if (dimensions == 1) {
                        kept.add(arrival, duration, row, Math.max(cpuUnits, memoryUnits), 0);
                    } else {
                        kept.add(arrival, duration, row, cpuUnits, memoryUnits);
                    }
                    continue;
                }
                summary.addDrop(reason);
            }
            if (row == 0) {
                throw new TraceFormatException(pods, 0, null, null, "no pods after the header");
            }
            summary.addFile(lines.lineNumber(), lines.bytesRead());
        }
        final LoadedTrace trace = kept.build(TraceFormat.ALIBABA_GPU_2023, units, capacities, summary);
        summary.finish(trace, start, startCpu);
        return trace;
    }

    private static long micros(final LineSource lines, final HeaderCsv csv, final int column, final double seconds) {
        if (seconds > MAX_SECONDS) {
            throw csv.error(lines, column, "above " + MAX_SECONDS + " seconds");
        }
        return Math.round(seconds * 1e6);
    }
}
