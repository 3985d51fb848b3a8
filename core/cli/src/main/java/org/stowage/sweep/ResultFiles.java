package org.stowage.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;

/**
 * How result files are written: deterministic number text, LF-terminated CSV, indented JSON, and
 * write-then-rename so that no reader ever sees half a file.
 *
 * <p>No half-written temporary is left behind either: one whose writer fails is deleted at once, and those
 * being written when the JVM is told to stop (Ctrl-C, SIGTERM) are deleted by a shutdown hook. The set of
 * temporaries in flight is the process's (the hook is), shared by every thread and thread-safe.
 */
public final class ResultFiles {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Temporaries being written now, deleted if the JVM stops before they are renamed. */
    private static final Set<Path> IN_FLIGHT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (final Path temporary : IN_FLIGHT) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (final IOException ignored) {
                    // the JVM is stopping; nothing more can be done about it
                }
            }
        }, "stowage-temporaries"));
    }

    private ResultFiles() {
    }

    /** Whole numbers without a fraction, others in Java's shortest round-trip form; empty for NaN. */
    public static String number(final double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** Indented JSON text with a final newline. */
    public static String json(final Object value) throws JsonProcessingException {
        return JSON.writeValueAsString(value) + "\n";
    }

    /** The shared JSON mapper (thread-safe once configured). */
    public static ObjectMapper mapper() {
        return JSON;
    }

    /** A CSV writer with LF line ends. */
    public static CsvWriter csv(final Path target) throws IOException {
        return CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(target);
    }

    /** Writes one file. */
    @FunctionalInterface
    public interface FileWriter {
        void write(Path target) throws IOException;
    }

    /**
     * Writes through {@code writer} to a sibling temporary file, then renames it over {@code target}; the
     * temporary is deleted if the writer or the rename fails, or the JVM stops first.
     */
    public static void atomically(final Path target, final FileWriter writer) throws IOException {
        final Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
        IN_FLIGHT.add(temporary);
        boolean moved = false;
        try {
            writer.write(temporary);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(temporary);
            }
            IN_FLIGHT.remove(temporary);
        }
    }

    /** The temporaries being written now (tests). */
    static Set<Path> inFlight() {
        return Set.copyOf(IN_FLIGHT);
    }

    /** Writes {@code text} to {@code target} atomically. */
    public static void writeString(final Path target, final String text) throws IOException {
        atomically(target, temporary -> Files.writeString(temporary, text));
    }
}
