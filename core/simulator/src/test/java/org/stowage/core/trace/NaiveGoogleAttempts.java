package org.stowage.core.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.stowage.core.Units;

/**
 * The attempts rule (Tran et al. 2018, Sec. 5.3) written the obvious way, as the reference twin of
 * {@link GoogleTaskEventsLoader} under {@link GoogleRule#ATTEMPTS}: every task's rows in a list (from
 * {@link NaiveGoogleRule}), the list cut into attempts, each attempt judged on its own rows.
 *
 * <p>Cutting: a SUBMIT starts an attempt; any other row that is not an update starts one when none is open;
 * an attempt ends after its first end event (EVICT, FAIL, FINISH, KILL, LOST), at the next SUBMIT, or at the
 * end of the input. An attempt is kept when it starts with a SUBMIT at a time &gt; 0 (or 0 when before-window
 * attempts are kept), its SUBMIT has both requests in [0, 1], it holds exactly one SCHEDULE and that before
 * its last row, its last row is an end event, no row is of an unknown type or (updates aside) at 2^63-1, and
 * the end is not before the SCHEDULE once time 0 is read as 600 s.
 */
final class NaiveGoogleAttempts {
    final List<NaiveGoogleRule.Kept> kept = new ArrayList<>();
    long attempts;

    NaiveGoogleAttempts(final List<Path> files, final Units units, final int dimensions, final boolean beforeWindow) {
        final NaiveGoogleRule rows = new NaiveGoogleRule(files, units, dimensions);
        for (final List<NaiveGoogleRule.Row> events : rows.tasks.values()) {
            List<NaiveGoogleRule.Row> attempt = null;
            for (final NaiveGoogleRule.Row row : events) {
                final boolean update = row.type() == 7 || row.type() == 8;
                if (row.type() == 0 || (attempt == null && !update)) {
                    if (attempt != null) {
                        judge(attempt, units, dimensions, beforeWindow);
                    }
                    attempt = new ArrayList<>();
                }
                if (attempt == null) {
                    continue; // an update outside any attempt
                }
                attempt.add(row);
                if (row.type() >= 2 && row.type() <= 6) {
                    judge(attempt, units, dimensions, beforeWindow);
                    attempt = null;
                }
            }
            if (attempt != null) {
                judge(attempt, units, dimensions, beforeWindow);
            }
        }
        kept.sort(Comparator.comparingLong(NaiveGoogleRule.Kept::arrival).thenComparingLong(NaiveGoogleRule.Kept::job)
            .thenComparingLong(NaiveGoogleRule.Kept::index));
    }

    private void judge(final List<NaiveGoogleRule.Row> attempt, final Units units, final int dimensions,
                       final boolean beforeWindow) {
        attempts++;
        final NaiveGoogleRule.Row first = attempt.get(0);
        final NaiveGoogleRule.Row last = attempt.get(attempt.size() - 1);
        if (first.type() != 0 || (first.time() == 0 && !beforeWindow) || last.type() < 2 || last.type() > 6) {
            return;
        }
        int schedules = 0;
        int scheduleAt = -1;
        for (int i = 0; i < attempt.size(); i++) {
            final NaiveGoogleRule.Row row = attempt.get(i);
            final boolean update = row.type() == 7 || row.type() == 8;
            if (row.type() > 8 || (!update && row.time() == NaiveGoogleRule.AFTER_WINDOW)) {
                return;
            }
            if (row.type() == 1) {
                schedules++;
                scheduleAt = i;
            }
        }
        if (schedules != 1 || !inUnitRange(first.cpu()) || !inUnitRange(first.memory())) {
            return;
        }
        final long arrival = window(first.time(), beforeWindow);
        final long schedule = window(attempt.get(scheduleAt).time(), beforeWindow);
        if (last.time() < schedule) {
            return;
        }
        final double cpu = Double.parseDouble(first.cpu());
        final double memory = Double.parseDouble(first.memory());
        final int[] size = dimensions == 1
            ? new int[] {units.sizeUnits(Math.max(cpu, memory))}
            : new int[] {units.sizeUnits(cpu), units.sizeUnits(memory)};
        kept.add(new NaiveGoogleRule.Kept(arrival, last.time() - schedule, first.job(), first.index(), size, 0));
    }

    private static long window(final long time, final boolean beforeWindow) {
        return time == 0 && beforeWindow ? 600_000_000L : time;
    }

    private static boolean inUnitRange(final String request) {
        if (request.isEmpty()) {
            return false;
        }
        final double value = Double.parseDouble(request);
        return value >= 0 && value <= 1;
    }
}
