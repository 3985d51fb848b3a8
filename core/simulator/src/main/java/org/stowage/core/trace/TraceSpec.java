package org.stowage.core.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which trace to read: {@code FORMAT:PATH[,PATH...]}, e.g. {@code google2011:../shared/traces/google-2011/task_events},
 * {@code google2011:part-00000-of-00500.csv.gz,part-00001-of-00500.csv.gz}, {@code swf:hpc2n.swf},
 * {@code alibaba:DIR}. For google2011 a directory stands for its {@code .csv} and {@code .csv.gz} files in
 * name order, and several paths are read in the order given (one stream, as if concatenated). For alibaba
 * a directory holds {@code openb_pod_list_default.csv} and {@code openb_node_list_all_node.csv}; two paths are
 * a pod list and a node list of any names; one file is * a pod list whose node list sits beside it.
 */
public final class TraceSpec {
    private final TraceFormat format;
    private final List<Path> paths;
    private final String text;

    private TraceSpec(final TraceFormat format, final List<Path> paths, final String text) {
        this.format = format;
        this.paths = List.copyOf(paths);
        this.text = text;
    }

    /**
     * Parses {@code FORMAT:PATH[,PATH...]}.
     *
     * @throws IllegalArgumentException naming the spec and what is wrong with it
     */
    public static TraceSpec parse(final String text) {
        final int colon = text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("trace spec '" + text
                + "' must be FORMAT:PATH[,PATH...] with FORMAT google2011, swf or alibaba");
        }
        final TraceFormat format;
        try {
            format = TraceFormat.bySpecName(text.substring(0, colon));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("trace spec '" + text + "': " + e.getMessage(), e);
        }
        final List<Path> paths = new ArrayList<>();
        for (final String part : text.substring(colon + 1).split(",", -1)) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("trace spec '" + text + "' has an empty path");
            }
            try {
                paths.add(Path.of(part.strip()));
            } catch (final java.nio.file.InvalidPathException e) {
                throw new IllegalArgumentException("trace spec '" + text + "': invalid path '" + part + "'", e);
            }
        }
        final int most = format == TraceFormat.GOOGLE_2011 ? Integer.MAX_VALUE
            : format == TraceFormat.ALIBABA_GPU_2023 ? 2 : 1;
        if (paths.size() > most) {
            throw new IllegalArgumentException("trace spec '" + text + "': " + format.specName() + " takes "
                + (most == 1 ? "one path" : "a directory, a pod list, or a pod list and a node list") + ", got "
                + paths.size() + " paths");
        }
        return new TraceSpec(format, paths, text);
    }

    /** A spec for the given format and paths. */
    public static TraceSpec of(final TraceFormat format, final Path... paths) {
        final StringBuilder text = new StringBuilder(format.specName()).append(':');
        for (int i = 0; i < paths.length; i++) {
            text.append(i == 0 ? "" : ",").append(paths[i]);
        }
        return parse(text.toString());
    }

    public TraceFormat format() {
        return format;
    }

    /** The paths as given (unmodifiable). */
    public List<Path> paths() {
        return paths;
    }

    /** Loads the trace; see {@link Traces#load(TraceSpec, TraceOptions)}. */
    public LoadedTrace load(final TraceOptions options) {
        return Traces.load(this, options);
    }

    @Override
    public String toString() {
        return text;
    }
}
