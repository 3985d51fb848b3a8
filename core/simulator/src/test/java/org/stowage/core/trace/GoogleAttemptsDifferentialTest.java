package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;

/**
 * The streaming loader under {@link GoogleRule#ATTEMPTS} against {@link NaiveGoogleAttempts} on the random
 * task histories of {@link GoogleRuleDifferentialTest} (interrupted attempts, resubmissions, every event
 * type, bad requests, time 0 and 2^63-1, 1-3 parts plain or gzip), with and without the before-window batch:
 * the kept attempts (times, durations, sizes, order) and the number of attempts seen must be identical. The
 * seed is in every message; -Dstowage.seed=N reruns one.
 */
class GoogleAttemptsDifferentialTest {
    private static final int SCENARIOS = 400;

    @TempDir
    Path temp;

    @Test
    void streamingLoaderKeepsExactlyTheAttemptsTheNaiveRuleKeeps() throws IOException {
        final String only = System.getProperty("stowage.seed");
        final long first = only == null ? 1 : Long.parseLong(only);
        final long last = only == null ? SCENARIOS : first;
        long keptTotal = 0;
        long resubmitted = 0;
        final long[] byReason = new long[DropReason.values().length];
        for (long seed = first; seed <= last; seed++) {
            final Path dir = Files.createDirectory(temp.resolve("scenario-" + seed));
            final List<Path> files = GoogleRuleDifferentialTest.writeScenario(new SplittableRandom(seed), dir);
            final int dimensions = seed % 2 == 0 ? 1 : 2;
            final boolean beforeWindow = seed % 3 == 0;
            final TraceOptions options = TraceOptions.defaults().withDimensions(dimensions)
                .withGoogleRule(GoogleRule.ATTEMPTS).withGoogleBeforeWindow(beforeWindow);
            final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, dir), options);
            final NaiveGoogleAttempts naive = new NaiveGoogleAttempts(files, Units.defaults(), dimensions, beforeWindow);
            final String where = "seed " + seed + " (" + files.size() + " files, D=" + dimensions + ", before window "
                + beforeWindow + ")";
            final TraceSummary summary = trace.summary();
            assertEquals(naive.attempts, summary.seen(), where + ": attempts seen");
            assertEquals(naive.kept.size(), trace.count(), where + ": attempts kept");
            assertEquals(summary.seen(), summary.kept() + summary.dropped(), where + ": seen = kept + dropped");
            for (int i = 0; i < trace.count(); i++) {
                final NaiveGoogleRule.Kept expected = naive.kept.get(i);
                assertEquals(expected.arrival(), trace.arrivalMicros(i), where + ": arrival of kept attempt " + i);
                assertEquals(expected.duration(), trace.durationMicros(i), where + ": duration of kept attempt " + i);
                final int[] size = new int[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    size[d] = trace.size(i, d);
                }
                assertArrayEquals(expected.size(), size, where + ": size of kept attempt " + i);
                if (i > 0 && expected.job() == naive.kept.get(i - 1).job()
                    && expected.index() == naive.kept.get(i - 1).index()) {
                    resubmitted++;
                }
            }
            keptTotal += trace.count();
            for (final DropReason reason : GoogleTaskEventsLoader.ATTEMPT_REASONS) {
                byReason[reason.ordinal()] += summary.count(reason);
            }
        }
        final StringBuilder counts = new StringBuilder();
        for (final DropReason reason : GoogleTaskEventsLoader.ATTEMPT_REASONS) {
            counts.append(String.format("%n  %6d %s", byReason[reason.ordinal()], reason.description()));
        }
        System.out.printf("%d scenarios: %d attempts kept:%s%n", last - first + 1, keptTotal, counts);
        if (only == null) {
            assertTrue(resubmitted > 0, "some task has two kept attempts in a row");
            for (final DropReason reason : GoogleTaskEventsLoader.ATTEMPT_REASONS) {
                // a negative duration needs SUBMIT and SCHEDULE at time 0 and the end before 600 s: the
                // hand-written fixture of GoogleAttemptsRuleTest has one
                assertTrue(reason == DropReason.NEGATIVE_DURATION || byReason[reason.ordinal()] > 0,
                    "the generator never produced: " + reason.description());
            }
        }
    }
}
