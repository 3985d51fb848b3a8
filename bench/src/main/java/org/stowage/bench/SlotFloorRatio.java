package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The slot as a multiple of its memory floor, from one run: {@link SlotDecisionBenchmark} and
 * {@link SlotFloorBenchmark} with the same JMH options, in {@code PAIRS} pairs of one fork each (slot then
 * floor, then floor then slot, alternating, so that neither always runs first and a drifting load falls on
 * both alike). Prints every pair's scores, the pair's ratio, the median ratio, {@code gc.alloc.rate.norm}
 * when {@code -prof gc} is given, and the system load average before each fork.
 *
 * <pre>
 *   java -cp bench/target/benchmarks.jar org.stowage.bench.SlotFloorRatio 3 -p kernel=BF-J/S -p servers=10000 \
 *        -p queued=1000000 -prof gc
 * </pre>
 * Every argument after {@code PAIRS} is JMH's ({@code -p}, {@code -wi}, {@code -i}, {@code -w}, {@code -r},
 * {@code -prof}); {@code -f} sets forks per half of a pair (default 1). Bad arguments exit with code 2.
 */
public final class SlotFloorRatio {
    private static final String SLOT = "org\\.stowage\\.bench\\.SlotDecisionBenchmark\\.slot$";
    private static final String FLOOR = "org\\.stowage\\.bench\\.SlotFloorBenchmark\\.floor$";

    private SlotFloorRatio() {
    }

    public static void main(final String[] args) throws RunnerException {
        if (args.length < 1 || !args[0].matches("[1-9][0-9]{0,2}")) {
            System.err.println("usage: SlotFloorRatio PAIRS [JMH options] (PAIRS a whole number from 1 to 999): "
                + String.join(" ", args));
            System.exit(2);
        }
        final int pairs = Integer.parseInt(args[0]);
        final CommandLineOptions jmh;
        try {
            jmh = new CommandLineOptions(Arrays.copyOfRange(args, 1, args.length));
        } catch (final CommandLineOptionException e) {
            System.err.println("SlotFloorRatio: " + e.getMessage());
            System.exit(2);
            return;
        }
        final Map<String, List<double[]>> runs = new LinkedHashMap<>();
        final List<String> loads = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            final boolean slotFirst = pair % 2 == 0;
            final Map<String, double[]> first = run(jmh, slotFirst ? SLOT : FLOOR, loads);
            final Map<String, double[]> second = run(jmh, slotFirst ? FLOOR : SLOT, loads);
            final Map<String, double[]> slot = slotFirst ? first : second;
            final Map<String, double[]> floor = slotFirst ? second : first;
            for (final Map.Entry<String, double[]> entry : slot.entrySet()) {
                final double[] f = floor.get(entry.getKey());
                if (f != null) {
                    final double[] s = entry.getValue();
                    runs.computeIfAbsent(entry.getKey(), k -> new ArrayList<>())
                        .add(new double[] {s[0], s[1], s[2], f[0], f[1], f[2]});
                }
            }
        }
        System.out.println();
        System.out.println("slot / floor (us per slot, JMH score +- error; load average before each fork: "
            + String.join(", ", loads) + ")");
        for (final Map.Entry<String, List<double[]>> entry : runs.entrySet()) {
            final double[] ratios = new double[entry.getValue().size()];
            int i = 0;
            for (final double[] r : entry.getValue()) {
                ratios[i] = r[0] / r[3];
                System.out.printf("%s pair %d: slot %.2f +- %.2f, floor %.2f +- %.2f: %.2fx%s%n", entry.getKey(), i + 1,
                    r[0], r[1], r[3], r[4], ratios[i],
                    Double.isNaN(r[2]) ? "" : String.format("; gc.alloc.rate.norm slot %.3f, floor %.3f B/op", r[2], r[5]));
                i++;
            }
            Arrays.sort(ratios);
            System.out.printf("%s: slot = %.2fx floor (median of %d pairs; min %.2f, max %.2f)%n", entry.getKey(),
                ratios[ratios.length / 2], ratios.length, ratios[0], ratios[ratios.length - 1]);
        }
    }

    /** One JMH run of {@code include}; per parameter combination: score, error, allocation per op (or NaN). */
    private static Map<String, double[]> run(final CommandLineOptions jmh, final String include,
                                            final List<String> loads) throws RunnerException {
        loads.add(String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        final OptionsBuilder options = new OptionsBuilder();
        options.parent(jmh).include(include).forks(jmh.getForkCount().orElse(1));
        final Collection<RunResult> results = new Runner(options.build()).run();
        final Map<String, double[]> scores = new LinkedHashMap<>();
        for (final RunResult result : results) {
            final StringBuilder key = new StringBuilder();
            for (final String name : result.getParams().getParamsKeys()) {
                key.append(key.length() == 0 ? "" : " ").append(name).append('=').append(result.getParams().getParam(name));
            }
            final Result<?> gc = result.getSecondaryResults().get("gc.alloc.rate.norm");
            scores.put(key.toString(), new double[] {result.getPrimaryResult().getScore(),
                result.getPrimaryResult().getScoreError(), gc == null ? Double.NaN : gc.getScore()});
        }
        return scores;
    }
}
