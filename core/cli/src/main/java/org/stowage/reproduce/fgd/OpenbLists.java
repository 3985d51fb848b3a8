package org.stowage.reproduce.fgd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.stowage.core.gpu.FragmentationRun;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.trace.OpenbTrace;
import org.stowage.core.trace.TraceFormatException;

/**
 * The openb pod lists of the FGD figures, read once each from the folder (on the GPU node list, as the
 * artifact's experiments run) with their typical pods, and shared by every run: thread-safe, immutable
 * values.
 */
final class OpenbLists {
    /** Where the shared traces sit beside a checkout of this repository. */
    static final String DEFAULT_FOLDER = "../shared/traces/alibaba-gpu-2023";

    private final Path folder;
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /** One pod list and its typical pods. */
    record Loaded(OpenbTrace trace, TypicalPods typical) {
    }

    OpenbLists(final Path folder) {
        this.folder = folder;
    }

    Path folder() {
        return folder;
    }

    /** The folder has the GPU node list. */
    boolean present() {
        return folder != null && Files.isRegularFile(folder.resolve(OpenbTrace.GPU_NODE_FILE));
    }

    /**
     * Pod list {@code name} ({@code default}, {@code cpu050}, ...).
     *
     * @throws TraceFormatException naming the file when it is missing or bad
     */
    Loaded get(final String name) {
        return loaded.computeIfAbsent(name, list -> {
            final OpenbTrace trace = OpenbTrace.loadPodList(folder, list);
            return new Loaded(trace, FragmentationRun.typicalPods(trace));
        });
    }
}
