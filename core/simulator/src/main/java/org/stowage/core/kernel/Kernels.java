package org.stowage.core.kernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.kernel.reference.NaiveBestFitJobs;
import org.stowage.core.kernel.reference.NaiveBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveBestFitServers;
import org.stowage.core.kernel.reference.NaiveFifoFirstFit;
import org.stowage.core.kernel.reference.NaiveStallingBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveVirtualQueues;

/**
 * The kernels by their command-line names. Each indexed kernel {@code X} has a naive reference twin
 * {@code X-naive} that makes the same decisions by linear scans.
 *
 * <h2>Parameters</h2>
 * A scheduler spec is {@code NAME} or {@code NAME:key=value,key=value,...}, for example {@code VQS:J=7},
 * {@code VQS-BF:J=7,stall=0.5} or {@code BF-J/S:stall=true}. Each kernel lists the keys it accepts; an
 * unknown key, a repeated key, a malformed pair or a bad value is an {@link IllegalArgumentException} naming
 * the scheduler, the key and the value. Keys:
 * <ul>
 *   <li>{@code VQS}, {@code VQS-BF}: {@code J} (integer in [2, 30], default 10), {@code stall} (a
 *       fraction in (0, 1], or {@code false}; default no stalling);</li>
 *   <li>{@code BF-J/S}: {@code stall} ({@code true} or {@code false}, default false).</li>
 * </ul>
 * The naive twins take the same keys.
 */
public final class Kernels {
    private static final Map<String, Entry> BY_NAME = new LinkedHashMap<>();

    /** A registered kernel: the keys it accepts and how to build a factory from parsed parameters. */
    private record Entry(List<String> keys, Function<Parameters, SchedulerFactory> maker) {
    }

    static {
        plain("BF-J", BestFitJobs::new);
        plain("BF-S", BestFitServers::new);
        BY_NAME.put("BF-J/S", new Entry(List.of("stall"), p -> p.flag("stall")
            ? StallingBestFitJobsServers::new : BestFitJobsServers::new));
        plain("FIFO-FF", FifoFirstFit::new);
        BY_NAME.put("VQS", new Entry(List.of("J", "stall"), p -> {
            final int levels = p.levels();
            final StallFraction stall = p.stallFraction();
            return () -> new VirtualQueueScheduling(levels, stall);
        }));
        BY_NAME.put("VQS-BF", new Entry(List.of("J", "stall"), p -> {
            final int levels = p.levels();
            final StallFraction stall = p.stallFraction();
            return () -> new VirtualQueueBestFit(levels, stall);
        }));
        plain("BF-J-naive", NaiveBestFitJobs::new);
        plain("BF-S-naive", NaiveBestFitServers::new);
        BY_NAME.put("BF-J/S-naive", new Entry(List.of("stall"), p -> p.flag("stall")
            ? NaiveStallingBestFitJobsServers::new : NaiveBestFitJobsServers::new));
        plain("FIFO-FF-naive", NaiveFifoFirstFit::new);
        BY_NAME.put("VQS-naive", new Entry(List.of("J", "stall"), p -> {
            final int levels = p.levels();
            final String stall = p.stallText();
            return () -> new NaiveVirtualQueues(false, levels, stall);
        }));
        BY_NAME.put("VQS-BF-naive", new Entry(List.of("J", "stall"), p -> {
            final int levels = p.levels();
            final String stall = p.stallText();
            return () -> new NaiveVirtualQueues(true, levels, stall);
        }));
    }

    private Kernels() {
    }

    private static void plain(final String name, final SchedulerFactory factory) {
        BY_NAME.put(name, new Entry(List.of(), p -> factory));
    }

    /** Every known name (without parameters), in a stable order. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(BY_NAME.keySet());
    }

    /**
     * The factory for a scheduler spec {@code NAME[:key=value,...]}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones, or the parameter and
     *                                  value that is unknown or invalid
     */
    public static SchedulerFactory byName(final String spec) {
        final int colon = spec.indexOf(':');
        final String name = colon < 0 ? spec : spec.substring(0, colon);
        final Entry entry = BY_NAME.get(name);
        if (entry == null) {
            throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                + String.join(", ", BY_NAME.keySet()));
        }
        final Parameters parameters = Parameters.parse(name, colon < 0 ? null : spec.substring(colon + 1), entry.keys);
        return entry.maker.apply(parameters);
    }

    /** The spec of the naive twin of an indexed kernel: {@code VQS:J=7} gives {@code VQS-naive:J=7}. */
    public static String twinOf(final String spec) {
        final int colon = spec.indexOf(':');
        return colon < 0 ? spec + "-naive" : spec.substring(0, colon) + "-naive" + spec.substring(colon);
    }

    /** Parsed {@code key=value} pairs of one spec, with the validation of each known key. */
    private static final class Parameters {
        private final String scheduler;
        private final Map<String, String> values;

        private Parameters(final String scheduler, final Map<String, String> values) {
            this.scheduler = scheduler;
            this.values = values;
        }

        static Parameters parse(final String scheduler, final String text, final List<String> keys) {
            final Map<String, String> values = new LinkedHashMap<>();
            if (text != null) {
                if (text.isEmpty()) {
                    throw new IllegalArgumentException("scheduler '" + scheduler + ":' has an empty parameter list;"
                        + " expected " + scheduler + ":key=value,...");
                }
                for (final String pair : text.split(",", -1)) {
                    final int equals = pair.indexOf('=');
                    if (equals <= 0) {
                        throw new IllegalArgumentException("malformed parameter '" + pair + "' for scheduler "
                            + scheduler + "; expected key=value");
                    }
                    final String key = pair.substring(0, equals);
                    final String value = pair.substring(equals + 1);
                    if (!keys.contains(key)) {
                        throw new IllegalArgumentException("unknown parameter '" + key + "' (value '" + value
                            + "') for scheduler " + scheduler + "; known: "
                            + (keys.isEmpty() ? "none" : String.join(", ", keys)));
                    }
                    if (values.put(key, value) != null) {
                        throw new IllegalArgumentException("parameter '" + key + "' given twice for scheduler "
                            + scheduler + ": '" + text + "'");
                    }
                }
            }
            return new Parameters(scheduler, values);
        }

        private IllegalArgumentException invalid(final String key, final String expected) {
            return new IllegalArgumentException("invalid value for parameter " + key + " of " + scheduler + ": '"
                + values.get(key) + "' (" + expected + ")");
        }

        boolean flag(final String key) {
            final String value = values.get(key);
            if (value == null || value.equals("false")) {
                return false;
            }
            if (value.equals("true")) {
                return true;
            }
            throw invalid(key, "true or false");
        }

        int levels() {
            final String value = values.get("J");
            if (value == null) {
                return PartitionScheduler.DEFAULT_LEVELS;
            }
            final String expected = "an integer in [" + UniversalPartition.MIN_LEVELS + ", "
                + UniversalPartition.MAX_LEVELS + "]";
            final int levels;
            try {
                levels = Integer.parseInt(value);
            } catch (final NumberFormatException e) {
                throw invalid("J", expected);
            }
            if (levels < UniversalPartition.MIN_LEVELS || levels > UniversalPartition.MAX_LEVELS) {
                throw invalid("J", expected);
            }
            return levels;
        }

        /** The stall fraction, or null for none. */
        StallFraction stallFraction() {
            final String value = stallText();
            return value == null ? null : StallFraction.parse(value);
        }

        /** The stall text as given, null for none; validated like {@link #stallFraction}. */
        String stallText() {
            final String value = values.get("stall");
            if (value == null || value.equals("false")) {
                return null;
            }
            if (value.equals("true")) {
                throw invalid("stall", "a fraction in (0, 1] such as 0.5, or false; the partition kernels stall"
                    + " below a fraction of the maximum weight");
            }
            try {
                StallFraction.parse(value);
            } catch (final IllegalArgumentException e) {
                throw invalid("stall", "a fraction in (0, 1] with at most " + StallFraction.MAX_DIGITS
                    + " decimals, or false");
            }
            return value;
        }
    }
}
