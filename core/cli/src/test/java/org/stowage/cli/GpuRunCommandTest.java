package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --trace alibaba:... --gpus}: the openb trace with its GPUs in continuous time, its outputs, and
 * the refusals of options and kernels that do not go with it.
 */
class GpuRunCommandTest {
    private final CliSession cli = CliSession.withThisHeap();

    @TempDir
    Path temp;

    /** Three GPU nodes and a dozen pods with creation, scheduled and deletion times; one never ran. */
    private Path trace() throws IOException {
        final Path folder = temp.resolve("openb");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("openb_node_list_all_node.csv"), """
            sn,cpu_milli,memory_mib,gpu,model
            n0,32000,131072,2,T4
            n1,64000,262144,8,G2
            n2,16000,65536,0,
            """);
        final StringBuilder pods = new StringBuilder(
            "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n");
        for (int p = 0; p < 12; p++) {
            final String gpu = switch (p % 4) {
                case 0 -> "1,500,";
                case 1 -> "2,1000,";
                case 2 -> "0,0,";
                default -> "1,1000,T4";
            };
            pods.append(String.format("pod-%02d,4000,8192,%s,LS,Running,%d,%d,%s%n", p, gpu, 10 * p, 10 * p + 35,
                p == 7 ? "" : Integer.toString(10 * p)));
        }
        Files.writeString(folder.resolve("openb_pod_list_default.csv"), pods);
        return folder;
    }

    @Test
    void theGpuKernelsRunTheTraceWithItsGpus() throws IOException {
        final Path out = temp.resolve("out");
        assertEquals(0, cli.run("run", "--trace", "alibaba:" + trace(), "--gpus", "--scheduler", "FGD,BestFit,Random",
            "--horizon", "200", "--out", out.toString()), cli.transcript());
        final String printed = cli.out();
        assertTrue(printed.contains("3 servers (10 GPUs, from the trace)"), printed);
        assertTrue(printed.contains("11 pods (1 never ran"), printed);
        assertTrue(printed.contains("GPUs (time averages after the warm-up): FGD allocation"), printed);
        for (final String file : new String[] {"results.csv", "gpu-series.csv", "gpu.png", "gpu.svg", "index.html"}) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        final String results = Files.readString(out.resolve("results.csv"));
        assertTrue(results.contains("FGD,gpu_allocation,") && results.contains("BestFit,gpu_fragment,"), results);
        assertTrue(results.contains("FGD,completed_total,11"), results);
    }

    @Test
    void podCopiesInflateTheTrace() throws IOException {
        assertEquals(0, cli.run("run", "--trace", "alibaba:" + trace(), "--gpus", "--pod-copies", "3", "--scheduler",
            "FGD", "--horizon", "400"), cli.transcript());
        assertTrue(cli.out().contains("x 3 copies"), cli.out());
        assertTrue(cli.out().lines().anyMatch(line -> line.startsWith("FGD") && line.contains(" 33 ")), cli.out());
    }

    private void assertRefused(final String expected, final String... args) {
        assertEquals(2, cli.run(args), cli.transcript());
        assertEquals("stowage run: " + expected + System.lineSeparator(), cli.err());
    }

    @Test
    void optionsAndKernelsThatDoNotGoWithGpusAreRefused() throws IOException {
        final String spec = "alibaba:" + trace();
        assertRefused("--gpus applies to --trace alibaba:... only (the Alibaba openb trace carries GPUs)",
            "run", "--gpus", "--scheduler", "FGD");
        assertRefused("--pod-copies applies with --gpus only (the copies of the openb trace's pods)",
            "run", "--trace", spec, "--pod-copies", "2");
        assertRefused("--resources does not apply with --gpus (the GPU model reads the trace's own CPU milli-cores,"
            + " memory MiB and GPUs)", "run", "--trace", spec, "--gpus", "--resources", "2", "--scheduler", "FGD");
        assertRefused("--time-mode 'slotted' does not apply with --gpus (the pods' creation and deletion times are"
            + " continuous; use --time-mode continuous)", "run", "--trace", spec, "--gpus", "--time-mode", "slotted",
            "--scheduler", "FGD");
        assertRefused("invalid value for --scheduler: 'BF-J' does not place GPUs, and --trace '" + spec + "' --gpus asks"
            + " for them (use one of the GPU kernels: Random, DotProd, GpuClustering, GpuPacking, BestFit, FGD)",
            "run", "--trace", spec, "--gpus", "--scheduler", "FGD,BF-J");
        assertRefused("invalid value for --scheduler: 'FGD' places pods on GPUs, and --trace '" + spec + "' has none"
            + " (use --trace alibaba:DIR --gpus)", "run", "--trace", spec, "--scheduler", "FGD", "--resources", "2");
        assertRefused("invalid value for --pod-copies: 0 (must be in [1, 1000])", "run", "--trace", spec, "--gpus",
            "--pod-copies", "0", "--scheduler", "FGD");
    }
}
