package org.stowage.reproduce;

import java.nio.file.Path;

/**
 * A paper whose figures {@code reproduce} runs, found with {@link java.util.ServiceLoader} (each paper's
 * package names its source in {@code META-INF/services/org.stowage.reproduce.PaperSource}), so that the
 * registry of figures ({@link Figures}) depends on no paper and a new paper joins by declaring one.
 */
public interface PaperSource {
    /** The paper's place in listings and help: ascending, unique. */
    int order();

    /**
     * The paper's figures, each built cheaply: those that read the Google 2011 task_events read them from
     * {@code taskEvents} when they first run.
     */
    Paper paper(Path taskEvents);

    /**
     * The paper's figures when the command also names the folder of the Alibaba openb pod lists
     * ({@code alibaba-gpu-2023}, or null for the default), for papers whose figures read them
     * ({@link Figure#readsOpenbTrace}); the others ignore it.
     */
    default Paper paper(final Path taskEvents, final Path openb) {
        return paper(taskEvents);
    }
}
