package org.stowage.cli.plan;

import java.util.Locale;

import org.stowage.cli.spec.ArrivalsSpec;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.core.experiment.MemoryEstimate;
import org.stowage.terminal.InvalidValueException;

/**
 * Refuses, before it starts, a run that cannot fit the heap, with one line that names the flag and value
 * responsible, the memory the run needs and the {@code -Xmx} it would take, instead of an
 * OutOfMemoryError in the middle of the run. The bytes per job and per server come from
 * {@link MemoryEstimate}, and the jobs from a lower bound on how many a run must hold at once:
 * <ul>
 *   <li>a batch: all of it (every job arrives at time 0, before the first decision);</li>
 *   <li>Poisson arrivals at rate lambda up to horizon T: lambda E[min(S, T)] in expectation, whatever the
 *       scheduler does (a job stays at least its service time, so this is the infinite-server system, the
 *       least any cluster holds; a queue only adds to it);</li>
 *   <li>a trace: its servers only (its jobs are loaded by then).</li>
 * </ul>
 * A run is refused only when that lower bound exceeds {@link Runtime#maxMemory()}, so a run that fits is
 * never refused; one that passes may still need more (a growing queue, tables that double).
 */
public final class MemoryCheck {
    private static final String HINT = "java -Xmx%1$s -jar stowage.jar, or JAVA_OPTS=-Xmx%1$s bin/stowage";

    private MemoryCheck() {
    }

    /**
     * What one run holds at least.
     *
     * @param servers    servers in the cluster
     * @param dimensions resources
     * @param liveJobs   jobs live at once, at least
     * @param flag       the flag that drives the jobs ({@code --arrivals}, {@code --lambda}, ...)
     * @param value      its value as it should be echoed (quoted if text)
     * @param why        how the jobs were counted, for the message (empty for servers only)
     * @param serversFlag the flag that gives the servers, and {@code serversValue} its value
     * @param loadedBytes  bytes of input already loaded that the run keeps (a job list), 0 for none
     */
    public record Need(long servers, int dimensions, long liveJobs, String flag, String value, String why,
                String serversFlag, String serversValue, long loadedBytes) {
        Need(final long servers, final int dimensions, final long liveJobs, final String flag, final String value,
             final String why, final String serversFlag, final String serversValue) {
            this(servers, dimensions, liveJobs, flag, value, why, serversFlag, serversValue, 0);
        }

        static Need batch(final ServersSpec servers, final int dimensions, final ArrivalsSpec arrivals) {
            return new Need(servers.count(), dimensions, arrivals.batch(), "--arrivals", quoted(arrivals.text()),
                "the whole batch arrives at time 0", "--servers", quoted(servers.text()));
        }

        static Need poisson(final ServersSpec servers, final int dimensions, final double rate, final double inSystem,
                            final String flag, final String value, final boolean slotted) {
            final double jobs = rate * inSystem;
            return new Need(servers.count(), dimensions, jobs >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) jobs, flag,
                value, String.format(Locale.ROOT, "%.4g arrivals per %s x %.4g %s of service within the horizon,"
                    + " the least a run holds", rate, slotted ? "slot" : "time unit", inSystem,
                    slotted ? "slots" : "time units"),
                "--servers", quoted(servers.text()));
        }

        static Need servers(final long servers, final int dimensions, final String flag, final String value) {
            return new Need(servers, dimensions, 0, flag, quoted(value), "", flag, quoted(value));
        }

        /**
         * A run over {@code loadedBytes} of loaded jobs of which {@code liveJobs} are live at once (arrive at
         * one instant), named by {@code flag} and {@code value}.
         */
        static Need loaded(final long servers, final int dimensions, final long liveJobs, final long loadedBytes,
                           final String flag, final String value, final String serversValue) {
            return new Need(servers, dimensions, liveJobs, flag, quoted(value), "arriving at one instant, and the list"
                + " itself, " + size(loadedBytes), "--servers", quoted(serversValue), loadedBytes);
        }

        /** Bytes one run holds at least. */
        public long bytes() {
            final long run = MemoryEstimate.bytes(servers, dimensions, liveJobs);
            return run >= Long.MAX_VALUE - loadedBytes ? Long.MAX_VALUE : run + loadedBytes;
        }
    }

    /**
     * Refuses more servers than a server table holds, or servers alone beyond {@code heap}: checked before
     * any per-server array is made.
     */
    static void requireServers(final ServersSpec servers, final int dimensions, final long heap) {
        final long max = MemoryEstimate.maxServers(dimensions);
        if (servers.count() > max) {
            throw servers.error(servers.count() + " servers, more than the " + max + " a cluster with " + dimensions
                + " resource(s) can hold (they would also need at least "
                + size(MemoryEstimate.bytes(servers.count(), dimensions, 0)) + " of heap)");
        }
        require(Need.servers(servers.count(), dimensions, "--servers", servers.text()), 1, heap, null);
    }

    /**
     * Refuses {@code concurrent} runs of {@code need} at once when they cannot fit {@code heap}.
     *
     * @param threadsFlag names the flag that sets {@code concurrent} (for the hint), or null
     */
    public static void require(final Need need, final int concurrent, final long heap, final String threadsFlag) {
        final long maxJobs = MemoryEstimate.maxLiveJobs(need.dimensions());
        if (need.liveJobs() > maxJobs) {
            throw new InvalidValueException(need.flag(), need.value() + ": about "
                + need.liveJobs() + " jobs at once (" + need.why() + "), more than the " + maxJobs
                + " a job table can hold");
        }
        final long one = need.bytes();
        final long all = one >= Long.MAX_VALUE / concurrent ? Long.MAX_VALUE : one * concurrent;
        if (all <= heap) {
            return;
        }
        final long jobBytes = MemoryEstimate.bytesPerJob(need.dimensions());
        final long serverBytes = MemoryEstimate.bytesPerServer(need.dimensions());
        final boolean jobsDominate = need.liveJobs() * jobBytes + need.loadedBytes() >= need.servers() * serverBytes;
        final String flag = jobsDominate ? need.flag() : need.serversFlag();
        final String value = jobsDominate ? need.value() : need.serversValue();
        final StringBuilder what = new StringBuilder();
        if (need.liveJobs() > 0) {
            what.append(need.liveJobs()).append(" jobs at once x ").append(jobBytes).append(" B (").append(need.why())
                .append(") and ");
        }
        what.append(need.servers()).append(" servers x ").append(serverBytes).append(" B");
        if (concurrent > 1) {
            what.append(", ").append(concurrent).append(" runs at once");
        }
        final String xmx = (MemoryEstimate.suggestedHeap(all) >> 30) + "g";
        throw new InvalidValueException(flag, value + ": needs at least "
            + size(all) + " of heap: " + what + "; this JVM may use " + size(heap) + "; rerun with -Xmx" + xmx + " ("
            + String.format(Locale.ROOT, HINT, xmx) + ")"
            + (concurrent > 1 && threadsFlag != null && one <= heap ? " or with fewer " + threadsFlag : ""));
    }

    private static String quoted(final String text) {
        return "'" + text + "'";
    }

    /** Bytes as MiB or GiB with one decimal. */
    public static String size(final long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "more than 8 EiB";
        }
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
            : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }
}
