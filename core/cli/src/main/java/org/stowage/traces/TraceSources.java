package org.stowage.traces;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.terminal.InvalidValueException;

/**
 * Where the public traces that Stowage reads are published, and how a download of each is verified: the
 * table behind {@code stowage traces fetch} (docs/TRACES.md, "Getting the traces", lists the same rows with
 * where each checksum comes from). Immutable; no state.
 */
public final class TraceSources {
    /** Google cluster-data 2011 task_events has parts 0 .. 499. */
    static final int GOOGLE_PARTS = 500;
    /** The parts the papers' figures read (trace time 0 .. ~70,756 s), and what {@code --parts} defaults to. */
    public static final String DEFAULT_GOOGLE_PARTS = "0-13";

    /** How a downloaded file is judged complete and intact. */
    public enum Check {
        /** SHA-256 against the source's published checksum file ({@link Source#checksumFile}). */
        PUBLISHED_SHA256,
        /** The source publishes no checksum: the byte count against the size in the table, or, where the
         * table has none, against the length the server declares. */
        SIZE_ONLY
    }

    /**
     * One file: {@code remotePath} under the source's base URL, saved as {@code localPath} under the
     * destination; {@code size} in bytes, or -1 where the table does not know it.
     */
    public record RemoteFile(String remotePath, String localPath, long size) {
    }

    /**
     * A trace: its files, how they are checked, and the arguments that read it once fetched.
     *
     * @param name            the name {@code traces fetch} takes
     * @param title           what it is, for messages
     * @param baseUrl         the published location (HTTPS), ending in '/'
     * @param checksumFile    the checksum file's path under {@code baseUrl} ({@link Check#PUBLISHED_SHA256}), or
     *                        null
     * @param check           how a file is verified
     * @param folder          the folder under the destination that the files go to
     * @param traceSpecFormat the trace spec's format name ({@code google2011}, {@code swf}, {@code alibaba})
     * @param specPath        the path, under the destination, that the trace spec names
     */
    public record Source(String name, String title, String baseUrl, String checksumFile, Check check, String folder,
                  String traceSpecFormat, String specPath) {
    }

    private static final Map<String, Source> SOURCES = sources();

    private TraceSources() {
    }

    private static Map<String, Source> sources() {
        final Map<String, Source> sources = new LinkedHashMap<>();
        // Google serves the bucket over public HTTPS; SHA256SUM at its root lists every object's SHA-256
        sources.put("google2011", new Source("google2011", "Google cluster-data 2011 (clusterdata-2011-2) task_events",
            "https://storage.googleapis.com/clusterdata-2011-2/", "SHA256SUM", Check.PUBLISHED_SHA256,
            "google-2011/task_events", "google2011", "google-2011/task_events"));
        // The Parallel Workloads Archive publishes no checksums
        sources.put("swf-nasa", new Source("swf-nasa", "NASA Ames iPSC/860 1993 log (Parallel Workloads Archive, cleaned"
            + " 3.1)", "https://www.cs.huji.ac.il/labs/parallel/workload/", null, Check.SIZE_ONLY, "swf", "swf",
            "swf/NASA-iPSC-1993-3.1-cln.swf.gz"));
        sources.put("swf-hpc2n", new Source("swf-hpc2n", "HPC2N Seth 2002 log (Parallel Workloads Archive, cleaned 2.2)",
            "https://www.cs.huji.ac.il/labs/parallel/workload/", null, Check.SIZE_ONLY, "swf", "swf",
            "swf/HPC2N-2002-2.2-cln.swf.gz"));
        // GitHub serves the repository's files raw; Alibaba publishes no checksum for this trace
        sources.put("alibaba2023", new Source("alibaba2023", "Alibaba cluster-trace-gpu-v2023 (openb)",
            "https://raw.githubusercontent.com/alibaba/clusterdata/master/cluster-trace-gpu-v2023/csv/", null,
            Check.SIZE_ONLY, "alibaba-gpu-2023", "alibaba", "alibaba-gpu-2023"));
        return sources;
    }

    /** The names {@code traces fetch} takes, in table order. */
    public static List<String> names() {
        return List.copyOf(SOURCES.keySet());
    }

    /** The source called {@code name}; an IllegalArgumentException naming the value and the known names. */
    public static Source byName(final String name) {
        final Source source = SOURCES.get(name.toLowerCase(Locale.ROOT));
        if (source == null) {
            throw new InvalidValueException("TRACE", "'" + name + "' (known: "
                + String.join(", ", names()) + ")");
        }
        return source;
    }

    /**
     * The files of {@code source}; {@code googleParts} (sorted, distinct part numbers) chooses Google's
     * parts and is ignored by the other sources.
     */
    public static List<RemoteFile> files(final Source source, final int[] googleParts) {
        return switch (source.name()) {
            case "google2011" -> {
                final List<RemoteFile> files = new ArrayList<>(googleParts.length);
                for (final int part : googleParts) {
                    final String name = String.format(Locale.ROOT, "part-%05d-of-%05d.csv.gz", part, GOOGLE_PARTS);
                    // Google's sizes come with the published checksum, which is the stronger check
                    files.add(new RemoteFile("task_events/" + name, source.folder() + "/" + name, -1));
                }
                yield files;
            }
            // sizes of the files as published: the gzip header of the archive's NASA file names it and dates
            // it 2013-08-21; the Alibaba sizes match the repository's files (docs/TRACES.md)
            case "swf-nasa" -> List.of(new RemoteFile("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz",
                "swf/NASA-iPSC-1993-3.1-cln.swf.gz", 207_976));
            case "swf-hpc2n" -> List.of(new RemoteFile("l_hpc2n/HPC2N-2002-2.2-cln.swf.gz",
                "swf/HPC2N-2002-2.2-cln.swf.gz", -1));
            // the default pod list and the node lists first (what run --trace alibaba reads), then the other
            // 23 pod lists of the FGD evaluation (reproduce all-fgd)
            case "alibaba2023" -> List.of(
                openb("openb_pod_list_default.csv", 575_468),
                openb("openb_node_list_all_node.csv", 52_287),
                openb("openb_node_list_gpu_node.csv", 42_353),
                openb("openb_pod_list_gpushare20.csv", 574_603),
                openb("openb_pod_list_gpushare40.csv", 572_662),
                openb("openb_pod_list_gpushare60.csv", 566_361),
                openb("openb_pod_list_gpushare80.csv", 563_740),
                openb("openb_pod_list_gpushare100.csv", 561_220),
                openb("openb_pod_list_multigpu20.csv", 271_530),
                openb("openb_pod_list_multigpu30.csv", 277_920),
                openb("openb_pod_list_multigpu40.csv", 286_202),
                openb("openb_pod_list_multigpu50.csv", 297_219),
                openb("openb_pod_list_gpuspec05.csv", 577_176),
                openb("openb_pod_list_gpuspec10.csv", 579_461),
                openb("openb_pod_list_gpuspec20.csv", 582_612),
                openb("openb_pod_list_gpuspec25.csv", 584_915),
                openb("openb_pod_list_gpuspec33.csv", 587_467),
                openb("openb_pod_list_cpu0.csv", 499_765),
                openb("openb_pod_list_cpu037.csv", 518_687),
                openb("openb_pod_list_cpu050.csv", 525_811),
                openb("openb_pod_list_cpu072.csv", 537_576),
                openb("openb_pod_list_cpu100.csv", 554_709),
                openb("openb_pod_list_cpu200.csv", 622_703),
                openb("openb_pod_list_cpu235.csv", 651_171),
                openb("openb_pod_list_cpu250.csv", 663_708),
                openb("openb_pod_list_cpu300.csv", 710_698));
            default -> throw new IllegalStateException("no files for " + source.name());
        };
    }

    private static RemoteFile openb(final String name, final long size) {
        return new RemoteFile(name, "alibaba-gpu-2023/" + name, size);
    }

    /**
     * The Google parts {@code text} names: {@code N}, {@code A-B}, or a comma-separated list of them, each in
     * [0, 499]; sorted. A part named twice, a range that goes backwards, an empty item or a value out of range
     * is an IllegalArgumentException naming {@code --parts} and the value.
     */
    public static int[] parseParts(final String text) {
        final boolean[] chosen = new boolean[GOOGLE_PARTS];
        int count = 0;
        for (final String item : text.split(",", -1)) {
            final String trimmed = item.strip();
            if (trimmed.isEmpty()) {
                throw partsError(text, "an empty item");
            }
            final int dash = trimmed.indexOf('-', 1);
            final int from = part(text, dash < 0 ? trimmed : trimmed.substring(0, dash).strip());
            final int to = dash < 0 ? from : part(text, trimmed.substring(dash + 1).strip());
            if (to < from) {
                throw partsError(text, "the range " + trimmed + " goes backwards");
            }
            for (int p = from; p <= to; p++) {
                if (chosen[p]) {
                    throw partsError(text, "part " + p + " is named twice");
                }
                chosen[p] = true;
                count++;
            }
        }
        final int[] parts = new int[count];
        int next = 0;
        for (int p = 0; p < GOOGLE_PARTS; p++) {
            if (chosen[p]) {
                parts[next++] = p;
            }
        }
        return parts;
    }

    private static int part(final String text, final String value) {
        final int part;
        try {
            part = Integer.parseInt(value);
        } catch (final NumberFormatException e) {
            throw partsError(text, "'" + value + "' is not a part number");
        }
        if (part < 0 || part >= GOOGLE_PARTS) {
            throw partsError(text, "part " + value + " is outside 0-" + (GOOGLE_PARTS - 1));
        }
        return part;
    }

    private static IllegalArgumentException partsError(final String text, final String reason) {
        return new InvalidValueException("--parts", "'" + text + "': " + reason
            + " (parts are N, A-B or a comma-separated list of them, in 0-" + (GOOGLE_PARTS - 1) + ")");
    }

    /**
     * The command that fetches what a trace spec of {@code format} reads, in backticks, for messages about a
     * missing trace.
     */
    public static String fetchHint(final String format) {
        return switch (format) {
            case "google2011" -> "`stowage traces fetch google2011`";
            case "swf" -> "`stowage traces fetch swf-nasa` (or swf-hpc2n)";
            case "alibaba" -> "`stowage traces fetch alibaba2023`";
            default -> "`stowage traces fetch --help`";
        };
    }
}
