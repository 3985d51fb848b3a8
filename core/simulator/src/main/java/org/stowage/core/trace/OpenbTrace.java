package org.stowage.core.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceLayout;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerTable;

/**
 * Alibaba cluster-trace-gpu-v2023 ("openb", Weng et al., ATC'23) with its GPUs: a node list and a pod list
 * read as they are, in their own integer units, for the GPU-sharing kernels and the FGD evaluation.
 *
 * <h2>Nodes</h2>
 * Columns {@code cpu_milli}, {@code memory_mib}, {@code gpu} (the number of GPUs, 0 to
 * {@value DeviceTable#MAX_DEVICES_PER_SERVER}) and {@code model} (the GPU type, empty for a node without
 * GPUs; a node with GPUs must name one), located by name; {@code sn} is kept as the node's name when present.
 * A node becomes a server of two resources, CPU in milli-cores and memory in MiB (exact integers: no
 * normalization, no rounding), and {@code gpu} devices of 1000 milli-GPU each. Model ids are the model names
 * in sorted order.
 *
 * <h2>Pods</h2>
 * Columns {@code cpu_milli}, {@code memory_mib} (integers &gt;= 0) and {@code num_gpu} (0 to 16) are
 * required; {@code gpu_milli} (absent: whole GPUs, as the artifact's {@code pod_csv_to_yaml.py} reads it),
 * {@code gpu_spec}, {@code name}, {@code creation_time}, {@code deletion_time} and {@code scheduled_time}
 * (seconds) are optional, as in the pod lists of the evaluation (the {@code multigpu} lists have no times and
 * no {@code gpu_spec}). The fractional-versus-whole rule:
 * <ul>
 *   <li>{@code num_gpu} 0: no GPU ({@code gpu_milli} must be 0 or empty; a {@code gpu_spec} is ignored and
 *       counted, as the artifact gives CPU-only pods no GPU annotation);</li>
 *   <li>{@code num_gpu} 1 and {@code gpu_milli} in [1, 999]: a fraction of one GPU, on one GPU with that
 *       much free;</li>
 *   <li>{@code num_gpu} k &gt;= 1 and {@code gpu_milli} 1000: k whole GPUs, each entirely free;</li>
 *   <li>anything else (k &gt;= 2 with a fraction, a {@code gpu_milli} of 0 or above 1000 for a GPU pod) is a
 *       bad row. The artifact clamps {@code gpu_milli} above 1000 to 1000 and panics on fractions of several
 *       GPUs; no pod list of the evaluation has either, so both are refused here with the line and field.</li>
 * </ul>
 * {@code gpu_spec} lists the allowed models, {@code |}-separated (empty entries ignored); a model the node
 * list does not have is ignored, and a pod whose list names none of the node list's models can run nowhere
 * (the simulation rejects it at arrival, {@link org.stowage.core.engine.RejectReason#DEVICES_ON_NO_SERVER});
 * such pods are counted ({@link #podsWithUnknownModelsOnly()}).
 *
 * <p>Every bad value fails with the file, line, field and value ({@link TraceFormatException}). Loading is
 * O(bytes); the result is immutable and its arrays are copied out.
 */
public final class OpenbTrace {
    /** Units of one GPU: milli-GPU. */
    public static final int MILLI_PER_GPU = 1000;
    /** The node list of the cluster with GPUs only, which the FGD evaluation uses. */
    public static final String GPU_NODE_FILE = "openb_node_list_gpu_node.csv";
    /** The node list of the whole cluster (with the CPU-only nodes). */
    public static final String ALL_NODE_FILE = "openb_node_list_all_node.csv";
    private static final double MAX_SECONDS = 9e12;

    private final Path podFile;
    private final Path nodeFile;
    private final List<String> models;
    private final String[] nodeNames;
    private final int[] nodeCpu;
    private final int[] nodeMemory;
    private final int[] nodeGpus;
    private final int[] nodeModel;
    private final String[] podNames;
    private final int[] podCpu;
    private final int[] podMemory;
    private final int[] podDemand;
    private final String[] podSpecs;
    private final double[] creation;
    private final double[] deletion;
    private final double[] scheduled;
    private final boolean hasTimes;
    private final int unknownModelsOnly;
    private final int specsOnCpuPods;

    private OpenbTrace(final Path podFile, final Path nodeFile, final Nodes nodes, final Pods pods) {
        this.podFile = podFile;
        this.nodeFile = nodeFile;
        this.models = List.copyOf(nodes.models);
        this.nodeNames = nodes.names.toArray(new String[0]);
        this.nodeCpu = Arrays.copyOf(nodes.cpu, nodes.count);
        this.nodeMemory = Arrays.copyOf(nodes.memory, nodes.count);
        this.nodeGpus = Arrays.copyOf(nodes.gpus, nodes.count);
        this.nodeModel = Arrays.copyOf(nodes.model, nodes.count);
        this.podNames = pods.names.toArray(new String[0]);
        this.podCpu = Arrays.copyOf(pods.cpu, pods.count);
        this.podMemory = Arrays.copyOf(pods.memory, pods.count);
        this.podDemand = Arrays.copyOf(pods.demand, pods.count);
        this.podSpecs = pods.specs.toArray(new String[0]);
        this.creation = Arrays.copyOf(pods.creation, pods.count);
        this.deletion = Arrays.copyOf(pods.deletion, pods.count);
        this.scheduled = Arrays.copyOf(pods.scheduled, pods.count);
        this.hasTimes = pods.hasTimes;
        this.unknownModelsOnly = pods.unknownModelsOnly;
        this.specsOnCpuPods = pods.specsOnCpuPods;
    }

    /**
     * Reads {@code podFile} and {@code nodeFile}.
     *
     * @throws TraceFormatException naming the file, line, field and value of the first bad input
     */
    public static OpenbTrace load(final Path podFile, final Path nodeFile) {
        final Nodes nodes = readNodes(nodeFile);
        final Pods pods = readPods(podFile, nodes.models);
        return new OpenbTrace(podFile, nodeFile, nodes, pods);
    }

    /**
     * Reads the files of an {@code alibaba:} trace spec ({@link TraceSpec#paths()}), as the CPU-and-memory reader
     * finds them: a directory (its {@code openb_pod_list_default.csv} on its {@value #ALL_NODE_FILE}), a pod list
     * (on the {@value #ALL_NODE_FILE} beside it), or a pod list and a node list.
     */
    public static OpenbTrace load(final List<Path> paths) {
        if (paths.isEmpty() || paths.size() > 2) {
            throw new IllegalArgumentException("an openb trace is a directory, a pod list, or a pod list and a node"
                + " list: " + paths);
        }
        final Path path = paths.get(0);
        final Path pods = Files.isDirectory(path) ? path.resolve(AlibabaLoader.POD_FILE) : path;
        final Path parent = pods.toAbsolutePath().getParent();
        final Path nodes = paths.size() == 2 ? paths.get(1) : Files.isDirectory(path) ? path.resolve(ALL_NODE_FILE)
            : parent == null ? Path.of(ALL_NODE_FILE) : parent.resolve(ALL_NODE_FILE);
        return load(pods, nodes);
    }

    /** Reads pod list {@code podList} on the GPU nodes ({@value #GPU_NODE_FILE}) of directory {@code folder}. */
    public static OpenbTrace loadPodList(final Path folder, final String podList) {
        final Path pods = folder.resolve(podList.endsWith(".csv") ? podList : "openb_pod_list_" + podList + ".csv");
        if (!Files.isRegularFile(pods)) {
            throw new TraceFormatException(pods, 0, null, null, "no such pod list");
        }
        return load(pods, folder.resolve(GPU_NODE_FILE));
    }

    // ---- the cluster ----

    public Path podFile() {
        return podFile;
    }

    public Path nodeFile() {
        return nodeFile;
    }

    public int nodeCount() {
        return nodeCpu.length;
    }

    public String nodeName(final int node) {
        return nodeNames[node];
    }

    /** CPU of {@code node}, milli-cores. */
    public int nodeCpu(final int node) {
        return nodeCpu[node];
    }

    /** Memory of {@code node}, MiB. */
    public int nodeMemory(final int node) {
        return nodeMemory[node];
    }

    /** GPUs of {@code node}. */
    public int nodeGpus(final int node) {
        return nodeGpus[node];
    }

    /** The model id of {@code node}'s GPUs ({@link #models()}), or {@link DeviceTable#NO_MODEL}. */
    public int nodeModel(final int node) {
        return nodeModel[node];
    }

    /** The GPU models of the node list, sorted; a model's id is its index. */
    public List<String> models() {
        return models;
    }

    /** GPUs of every node together. */
    public int totalGpus() {
        int total = 0;
        for (final int gpus : nodeGpus) {
            total += gpus;
        }
        return total;
    }

    /** The cluster's vector resources: CPU milli-cores and memory MiB per node, a new table. */
    public ServerTable servers() {
        final int[] capacities = new int[2 * nodeCount()];
        for (int node = 0; node < nodeCount(); node++) {
            capacities[2 * node] = nodeCpu[node];
            capacities[2 * node + 1] = nodeMemory[node];
        }
        return new ServerTable(2, capacities);
    }

    /** The cluster's GPUs, 1000 milli each, a new (unbound) table. */
    public DeviceTable devices() {
        return new DeviceTable(MILLI_PER_GPU, nodeGpus, nodeModel, models);
    }

    /** The cluster's GPUs as a value a run description carries ({@link DeviceLayout}). */
    public DeviceLayout deviceLayout() {
        return new DeviceLayout(MILLI_PER_GPU, nodeGpus, nodeModel, models);
    }

    // ---- the pods ----

    public int podCount() {
        return podCpu.length;
    }

    /** The pod's name ({@code name} column), or its 1-based row number when the list has no names. */
    public String podName(final int pod) {
        return podNames[pod];
    }

    /** CPU of {@code pod}, milli-cores. */
    public int podCpu(final int pod) {
        return podCpu[pod];
    }

    /** Memory of {@code pod}, MiB. */
    public int podMemory(final int pod) {
        return podMemory[pod];
    }

    /** The pod's GPU demand, a packed {@link DeviceDemand} over {@link #models()} ({@link DeviceDemand#NONE}: none). */
    public int podDemand(final int pod) {
        return podDemand[pod];
    }

    /**
     * The pod's {@code gpu_spec} as the artifact keys it: its non-empty entries joined by {@code |}, in the
     * file's order (duplicates kept); empty for a pod without GPUs or without a spec. FGD's typical pods
     * are keyed by this text.
     */
    public String podSpec(final int pod) {
        return podSpecs[pod];
    }

    /** GPU milli the pod asks for in total: GPUs x milli per GPU. */
    public int podGpuMilli(final int pod) {
        return DeviceDemand.totalUnits(podDemand[pod]);
    }

    /** Whether the pod list has creation, deletion and scheduled times. */
    public boolean hasTimes() {
        return hasTimes;
    }

    /** Creation time in seconds, NaN when the list has none or the field is empty. */
    public double creationTime(final int pod) {
        return creation[pod];
    }

    /** Deletion time in seconds, NaN when absent. */
    public double deletionTime(final int pod) {
        return deletion[pod];
    }

    /** Scheduled time in seconds, NaN when absent (a pod that never ran). */
    public double scheduledTime(final int pod) {
        return scheduled[pod];
    }

    /** GPU pods whose {@code gpu_spec} names no model of the node list: they can run nowhere. */
    public int podsWithUnknownModelsOnly() {
        return unknownModelsOnly;
    }

    /** CPU-only pods with a {@code gpu_spec}, which is ignored. */
    public int specsOnCpuPods() {
        return specsOnCpuPods;
    }

    /** GPU milli every pod asks for together. */
    public long totalGpuMilli() {
        long total = 0;
        for (final int demand : podDemand) {
            total += DeviceDemand.totalUnits(demand);
        }
        return total;
    }

    // ---- reading ----

    private static Nodes readNodes(final Path file) {
        final Nodes nodes = new Nodes();
        try (LineSource lines = LineSource.open(file, LineSource.DEFAULT_MAX_LINE_BYTES)) {
            final HeaderCsv csv = HeaderCsv.header(lines, "cpu_milli", "memory_mib", "gpu", "model?", "sn?");
            final TreeSet<String> names = new TreeSet<>();
            final List<String> modelOfRow = new ArrayList<>();
            while (lines.next()) {
                csv.split(lines);
                nodes.grow();
                final int n = nodes.count;
                nodes.cpu[n] = integer(lines, csv, 0, 1, "a node's CPU must be a whole number of milli-cores >= 1");
                nodes.memory[n] = integer(lines, csv, 1, 1, "a node's memory must be a whole number of MiB >= 1");
                nodes.gpus[n] = integer(lines, csv, 2, 0, "a node's GPU count must be a whole number >= 0");
                if (nodes.gpus[n] > DeviceTable.MAX_DEVICES_PER_SERVER) {
                    throw csv.error(lines, 2, "at most " + DeviceTable.MAX_DEVICES_PER_SERVER + " GPUs per node");
                }
                final String model = csv.has(3) ? csv.text(lines, 3).strip() : "";
                if (nodes.gpus[n] > 0 && model.isEmpty()) {
                    throw csv.error(lines, csv.has(3) ? 3 : 2, "a node with GPUs needs its GPU model in column 'model'");
                }
                if (nodes.gpus[n] == 0 && !model.isEmpty()) {
                    throw csv.error(lines, 3, "a node without GPUs cannot have a GPU model");
                }
                if (!model.isEmpty()) {
                    names.add(model);
                }
                modelOfRow.add(model);
                nodes.names.add(csv.has(4) && !csv.isEmpty(4) ? csv.text(lines, 4) : "node-" + (n + 1));
                nodes.count++;
            }
            if (nodes.count == 0) {
                throw new TraceFormatException(file, 0, null, null, "no nodes after the header");
            }
            if (names.size() > DeviceTable.MAX_MODELS) {
                throw new TraceFormatException(file, 0, "model", null, "at most " + DeviceTable.MAX_MODELS
                    + " GPU models; the list has " + names.size() + ": " + names);
            }
            nodes.models.addAll(names);
            final Map<String, Integer> ids = new TreeMap<>();
            for (final String name : nodes.models) {
                ids.put(name, ids.size());
            }
            for (int n = 0; n < nodes.count; n++) {
                final String model = modelOfRow.get(n);
                nodes.model[n] = model.isEmpty() ? DeviceTable.NO_MODEL : ids.get(model);
            }
        }
        return nodes;
    }

    private static Pods readPods(final Path file, final List<String> models) {
        final Pods pods = new Pods();
        try (LineSource lines = LineSource.open(file, LineSource.DEFAULT_MAX_LINE_BYTES)) {
            final HeaderCsv csv = HeaderCsv.header(lines, "cpu_milli", "memory_mib", "num_gpu", "gpu_milli?",
                "gpu_spec?", "name?", "creation_time?", "deletion_time?", "scheduled_time?");
            pods.hasTimes = csv.has(6) && csv.has(7) && csv.has(8);
            while (lines.next()) {
                csv.split(lines);
                pods.grow();
                final int p = pods.count;
                pods.cpu[p] = integer(lines, csv, 0, 0, "a pod's CPU must be a whole number of milli-cores >= 0");
                pods.memory[p] = integer(lines, csv, 1, 0, "a pod's memory must be a whole number of MiB >= 0");
                final int gpus = integer(lines, csv, 2, 0, "num_gpu must be a whole number >= 0");
                if (gpus > DeviceTable.MAX_DEVICES_PER_SERVER) {
                    throw csv.error(lines, 2, "at most " + DeviceTable.MAX_DEVICES_PER_SERVER + " GPUs per pod");
                }
                final int milli = csv.has(3) && !csv.isEmpty(3)
                    ? integer(lines, csv, 3, 0, "gpu_milli must be a whole number of milli-GPU >= 0")
                    : gpus == 0 ? 0 : MILLI_PER_GPU;
                pods.demand[p] = demand(lines, csv, gpus, milli, models, pods);
                pods.specs.add(gpus == 0 || !csv.has(4) ? "" : spec(csv.text(lines, 4)));
                pods.names.add(csv.has(5) && !csv.isEmpty(5) ? csv.text(lines, 5) : Long.toString(lines.lineNumber() - 1));
                pods.creation[p] = seconds(lines, csv, 6);
                pods.deletion[p] = seconds(lines, csv, 7);
                pods.scheduled[p] = seconds(lines, csv, 8);
                pods.count++;
            }
            if (pods.count == 0) {
                throw new TraceFormatException(file, 0, null, null, "no pods after the header");
            }
        }
        return pods;
    }

    /** The packed demand of a row, by the fractional-versus-whole rule (see the class comment). */
    private static int demand(final LineSource lines, final HeaderCsv csv, final int gpus, final int milli,
                              final List<String> models, final Pods pods) {
        if (gpus == 0) {
            if (milli != 0) {
                throw csv.error(lines, 3, "gpu_milli must be 0 when num_gpu is 0");
            }
            if (csv.has(4) && !csv.isEmpty(4)) {
                pods.specsOnCpuPods++;
            }
            return DeviceDemand.NONE;
        }
        if (milli < 1 || milli > MILLI_PER_GPU) {
            throw csv.error(lines, 3, "a GPU pod asks for 1 to " + MILLI_PER_GPU + " milli-GPU per GPU");
        }
        if (gpus > 1 && milli != MILLI_PER_GPU) {
            throw csv.error(lines, 3, "a pod of " + gpus + " GPUs takes them whole (gpu_milli "
                + MILLI_PER_GPU + "); only a 1-GPU pod may ask for a fraction");
        }
        int mask = DeviceDemand.ANY_MODEL;
        if (csv.has(4) && !csv.isEmpty(4)) {
            mask = 0;
            boolean named = false;
            for (final String model : csv.text(lines, 4).split("\\|", -1)) {
                final String name = model.strip();
                if (name.isEmpty()) {
                    continue;
                }
                named = true;
                final int id = models.indexOf(name);
                if (id >= 0) {
                    mask |= 1 << id;
                }
            }
            if (!named) {
                mask = DeviceDemand.ANY_MODEL;
            } else if (mask == 0) {
                pods.unknownModelsOnly++;
            }
        }
        return DeviceDemand.of(gpus, milli, mask); // a mask of 0 (unknown models only): no server allows it
    }

    /** The non-empty entries of a {@code gpu_spec}, joined by {@code |} (as {@code pod_csv_to_yaml.py} does). */
    private static String spec(final String text) {
        final StringBuilder joined = new StringBuilder();
        for (final String model : text.split("\\|", -1)) {
            final String name = model.strip();
            if (!name.isEmpty()) {
                joined.append(joined.length() == 0 ? "" : "|").append(name);
            }
        }
        return joined.toString();
    }

    private static int integer(final LineSource lines, final HeaderCsv csv, final int k, final int min,
                               final String problem) {
        final double value = csv.number(lines, k);
        if (!(value >= min) || value != Math.rint(value) || value > org.stowage.core.Units.MAX_UNITS) {
            throw csv.error(lines, k, problem);
        }
        return (int) value;
    }

    private static double seconds(final LineSource lines, final HeaderCsv csv, final int k) {
        if (!csv.has(k) || csv.isEmpty(k)) {
            return Double.NaN;
        }
        final double value = csv.number(lines, k);
        if (!(value >= 0) || value > MAX_SECONDS) {
            throw csv.error(lines, k, "a time must be seconds in [0, " + MAX_SECONDS + "]");
        }
        return value;
    }

    /** The node list as read, in growable arrays. */
    private static final class Nodes {
        int count;
        int[] cpu = new int[256];
        int[] memory = new int[256];
        int[] gpus = new int[256];
        int[] model = new int[256];
        final List<String> names = new ArrayList<>();
        final List<String> models = new ArrayList<>();

        void grow() {
            if (count == cpu.length) {
                cpu = Arrays.copyOf(cpu, 2 * count);
                memory = Arrays.copyOf(memory, 2 * count);
                gpus = Arrays.copyOf(gpus, 2 * count);
                model = Arrays.copyOf(model, 2 * count);
            }
        }
    }

    /** The pod list as read, in growable arrays. */
    private static final class Pods {
        int count;
        int[] cpu = new int[1024];
        int[] memory = new int[1024];
        int[] demand = new int[1024];
        double[] creation = new double[1024];
        double[] deletion = new double[1024];
        double[] scheduled = new double[1024];
        final List<String> names = new ArrayList<>();
        final List<String> specs = new ArrayList<>();
        boolean hasTimes;
        int unknownModelsOnly;
        int specsOnCpuPods;

        void grow() {
            if (count == cpu.length) {
                cpu = Arrays.copyOf(cpu, 2 * count);
                memory = Arrays.copyOf(memory, 2 * count);
                demand = Arrays.copyOf(demand, 2 * count);
                creation = Arrays.copyOf(creation, 2 * count);
                deletion = Arrays.copyOf(deletion, 2 * count);
                scheduled = Arrays.copyOf(scheduled, 2 * count);
            }
        }
    }
}
