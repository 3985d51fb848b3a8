package org.stowage.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a piece of work allocates, by stack: runs it under a Flight Recorder recording of allocation events
 * ({@code jdk.ObjectAllocationInNewTLAB} and {@code jdk.ObjectAllocationOutsideTLAB}, with stack traces) and
 * sums the bytes each distinct top of stack stands for on the calling thread. JFR samples at TLAB refills, so
 * the shares are estimates that are good for anything allocating megabytes, and an allocation too small to
 * fill one TLAB may go unseen (the text says so). The zero-allocation check uses it to name the frames of a
 * kernel that allocates; a test may call it too.
 *
 * <p>Allocates (it is a diagnostic), and writes a temporary recording file that it deletes.
 */
public final class AllocationSites {
    /** Frames shown per stack. */
    private static final int FRAMES = 5;
    /** Stacks shown. */
    private static final int STACKS = 3;

    private AllocationSites() {
    }

    /**
     * The top allocating stacks of {@code work} on this thread, one per line, each with its share of the
     * sampled bytes, frames innermost first: {@code "  93% java.lang.Integer.valueOf(Integer.java:1081) <-
     * my.Kernel.decide(Kernel.java:44) <- ..."}; or one line saying why there are none.
     */
    public static String of(final Runnable work) {
        final long thread = Thread.currentThread().getId();
        final Path file;
        try {
            file = Files.createTempFile("stowage-allocation-", ".jfr");
        } catch (final IOException e) {
            work.run();
            return "  (no JFR recording: " + e.getMessage() + ")";
        }
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ObjectAllocationInNewTLAB").withStackTrace();
            recording.enable("jdk.ObjectAllocationOutsideTLAB").withStackTrace();
            recording.start();
            work.run();
            recording.stop();
            recording.dump(file);
            return describe(RecordingFile.readAllEvents(file), thread);
        } catch (final IOException | RuntimeException e) {
            return "  (no JFR recording: " + e + ")";
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (final IOException e) {
                // a temporary file left behind is no reason to hide the diagnosis
            }
        }
    }

    private static String describe(final List<RecordedEvent> events, final long thread) {
        final Map<String, Long> bytesByStack = new LinkedHashMap<>();
        long total = 0;
        for (final RecordedEvent event : events) {
            final RecordedThread eventThread = event.getThread();
            final RecordedStackTrace stack = event.getStackTrace();
            if (eventThread == null || eventThread.getJavaThreadId() != thread || stack == null) {
                continue;
            }
            final long bytes = event.hasField("tlabSize") ? event.getLong("tlabSize") : event.getLong("allocationSize");
            bytesByStack.merge(top(stack), bytes, Long::sum);
            total += bytes;
        }
        if (total == 0) {
            return "  (JFR sampled no allocation on this thread: what allocates is smaller than a TLAB per window)";
        }
        final List<Map.Entry<String, Long>> stacks = new ArrayList<>(bytesByStack.entrySet());
        stacks.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(STACKS, stacks.size()); i++) {
            text.append(i == 0 ? "" : "\n").append(String.format(Locale.ROOT, "  %3.0f%% ",
                100.0 * stacks.get(i).getValue() / total)).append(stacks.get(i).getKey());
        }
        return text.toString();
    }

    /**
     * The innermost frames of {@code stack}, {@code class.method(File.java:line) <- ...}, up to the work's
     * {@link Runnable} (a lambda's hidden class) and without the kit's own loop.
     */
    private static String top(final RecordedStackTrace stack) {
        final StringBuilder text = new StringBuilder();
        int shown = 0;
        for (final RecordedFrame frame : stack.getFrames()) {
            final String type = frame.getMethod().getType().getName();
            if (shown == FRAMES || type.contains("$$Lambda")) {
                break;
            }
            if (type.equals(SteadyStateAllocation.class.getName())) {
                continue;
            }
            text.append(shown++ == 0 ? "" : " <- ").append(type).append('.').append(frame.getMethod().getName())
                .append('(').append(type.substring(type.lastIndexOf('.') + 1).replaceAll("\\$.*", ""))
                .append(".java:").append(frame.getLineNumber()).append(')');
        }
        return text.toString();
    }
}
