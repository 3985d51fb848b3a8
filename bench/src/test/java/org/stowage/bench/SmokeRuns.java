package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The smoke tests' JMH runs: one 30 ms iteration in process, no warm-up, at the smallest parameters; what ran,
 * by benchmark ({@code "Class.method"}) and by kernel. Measures nothing.
 */
final class SmokeRuns {
    final Set<String> benchmarks = new TreeSet<>();
    final Set<String> kernels = new TreeSet<>();

    SmokeRuns() {
        // the smoke runs measure nothing, so a JMH session running beside the build must not fail them
        System.setProperty("jmh.ignoreLock", "true");
    }

    /** The options of a smoke run of the benchmarks of {@code org.stowage.bench} that {@code include} matches. */
    static OptionsBuilder options(final String include) {
        final OptionsBuilder builder = new OptionsBuilder();
        builder.include("org\\.stowage\\.bench" + (include.startsWith("\\") ? include : "\\." + include))
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(30))
            .forks(0)
            .param("servers", "1000")
            .param("queued", "10000")
            .param("perConfiguration", "100")
            // one value of the axes that change only the scale: every method still runs, at the smallest
            .param("dimensions", "2")
            .param("jobs", "1000000")
            .shouldFailOnError(true);
        return builder;
    }

    /** Runs {@code options}, fails on a benchmark without a score, and records what ran. */
    void run(final ChainedOptionsBuilder options) throws RunnerException {
        final Collection<RunResult> results = new Runner(options.build()).run();
        for (final RunResult result : results) {
            final String label = result.getParams().getBenchmark();
            benchmarks.add(label.substring(label.lastIndexOf('.', label.lastIndexOf('.') - 1) + 1));
            final String kernel = result.getParams().getParam("kernel");
            if (kernel != null) {
                kernels.add(kernel);
            }
            assertFalse(Double.isNaN(result.getPrimaryResult().getScore()), label);
        }
    }
}
