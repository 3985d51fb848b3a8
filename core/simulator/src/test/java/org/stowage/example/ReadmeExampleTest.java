package org.stowage.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.bestfit.BestFitJobsServers;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/** The README's "library example", verbatim between the markers, so it always compiles and runs. */
class ReadmeExampleTest {

    @Test
    void readmeExampleRuns() {
        // README-EXAMPLE-START
        Units units = Units.defaults();                                   // 10^6 units = capacity 1.0
        ServerTable cluster = ServerTable.homogeneous(5, units.capacityUnits(1.0));

        SizeDistribution sizes = SizeDistribution.uniform(units, 0.1, 0.9);
        ServiceDistribution service = ServiceDistribution.geometric(100);  // mean 100 slots
        double lambda = SyntheticWorkload.lambdaForIntensity(0.95, 5, service.mean(), sizes.mean(0));
        SyntheticWorkload workload = new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes, service, 42);

        Simulation simulation = Simulation.builder()
            .servers(cluster)
            .workload(workload)
            .scheduler(new BestFitJobsServers())                           // BF-J/S
            .timeMode(TimeMode.SLOTTED)
            .build();
        RunMetrics metrics = new RunMetrics(simulation, 10_000, 1);         // ignore the first 10,000 slots
        simulation.addListener(metrics);

        simulation.runUntil(200_000);
        metrics.finish(200_000);
        System.out.printf("mean queue %.2f, p99 wait %.0f slots, utilization %.3f, %d jobs completed%n",
            metrics.meanQueueLength(), metrics.waitPercentile(99), metrics.utilization(0), simulation.completedCount());
        // README-EXAMPLE-END

        assertTrue(metrics.meanQueueLength() >= 0);
        assertEquals(lambda * sizes.mean(0) * service.mean() / 5, metrics.utilization(0), 0.03,
            "BF-J/S carries the offered load, lambda * E[R] * E[S] / L = 0.95");
        assertEquals(simulation.arrivedCount(),
            simulation.jobs().queuedCount() + simulation.jobs().runningCount() + simulation.completedCount());
    }

    /** The code above and the README's block say the same thing, line for line. */
    @Test
    void readmeShowsExactlyThisCode() throws IOException {
        Path readme = null;
        for (Path dir = Path.of("").toAbsolutePath(); dir != null && readme == null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("README.md")) && Files.exists(dir.resolve("core"))) {
                readme = dir.resolve("README.md");
            }
        }
        assertTrue(readme != null, "README.md not found above " + Path.of("").toAbsolutePath());
        final String text = Files.readString(readme);
        final int section = text.indexOf("## Library example");
        final int start = text.indexOf("```java\n", section) + "```java\n".length();
        final String shown = text.substring(start, text.indexOf("```", start)).strip();

        final Path source = readme.getParent().resolve("core/simulator/src/test/java/org/stowage/example/ReadmeExampleTest.java");
        final String test = Files.readString(source);
        final String between = test.substring(test.indexOf("// README-EXAMPLE-START") + "// README-EXAMPLE-START".length(),
            test.indexOf("// README-EXAMPLE-END"));
        final List<String> tested = new ArrayList<>();
        for (final String line : between.strip().split("\n")) {
            tested.add(line.startsWith("        ") ? line.substring(8) : line.strip());
        }
        assertEquals(String.join("\n", tested).strip(), shown);
    }
}
