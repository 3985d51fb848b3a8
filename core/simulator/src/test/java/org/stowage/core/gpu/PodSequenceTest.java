package org.stowage.core.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.trace.OpenbTrace;

/** The artifact's shuffle and workload tuning, with streams of our own. */
class PodSequenceTest {
    @TempDir
    Path dir;

    /** 4 nodes of 2 GPUs (8000 milli); pods p00..p19: a whole GPU, 300 milli, 2 whole GPUs, or none. */
    private OpenbTrace trace() throws IOException {
        final StringBuilder pods = new StringBuilder("name,cpu_milli,memory_mib,num_gpu,gpu_milli\n");
        for (int p = 0; p < 20; p++) {
            final String gpu = switch (p % 4) {
                case 0 -> "1,1000";
                case 1 -> "1,300";
                case 2 -> "2,1000";
                default -> "0,0";
            };
            pods.append(String.format("p%02d,1000,1024,%s%n", 19 - p, gpu));
        }
        Files.writeString(dir.resolve("pods.csv"), pods);
        Files.writeString(dir.resolve("nodes.csv"), "cpu_milli,memory_mib,gpu,model\n" + "64000,262144,2,G\n".repeat(4));
        return OpenbTrace.load(dir.resolve("pods.csv"), dir.resolve("nodes.csv"));
    }

    private static int[] pods(final PodSequence sequence) {
        final int[] pods = new int[sequence.length()];
        for (int i = 0; i < pods.length; i++) {
            pods[i] = sequence.pod(i);
        }
        return pods;
    }

    @Test
    void withoutTuningTheSequenceIsAShuffleOfEveryPod() throws IOException {
        final OpenbTrace trace = trace();
        final int[] a = pods(PodSequence.of(trace, 0, 42));
        final int[] sorted = a.clone();
        Arrays.sort(sorted);
        final int[] all = new int[20];
        Arrays.setAll(all, i -> i);
        assertArrayEquals(all, sorted);
        assertArrayEquals(a, pods(PodSequence.of(trace, 0, 42)), "seed-determined");
        assertFalse(Arrays.equals(a, pods(PodSequence.of(trace, 0, 43))), "another seed, another order");
    }

    @Test
    void tuningUpAppendsSampledPodsUntilTheNextDrawWouldPassTheTarget() throws IOException {
        final OpenbTrace trace = trace();
        // the pods ask for 5 x (1000 + 300 + 2000) = 16,500 milli; 1.3 x 8000 = 10,400: tuned down instead
        final PodSequence down = PodSequence.of(trace, 1.3, 42);
        assertTrue(down.requestedMilli() <= 10_400);
        assertTrue(down.length() < 20);
        final PodSequence up = PodSequence.of(trace, 3.0, 42);
        assertEquals(24_000, up.targetMilli());
        assertTrue(up.length() > 20);
        long total = 0;
        for (int i = 0; i < up.length(); i++) {
            total += trace.podGpuMilli(up.pod(i));
        }
        assertEquals(total, up.requestedMilli());
        // the stop test adds one GPU's milli of the drawn pod, the total its whole request: it may pass the
        // target by one 2-GPU pod's second GPU, never more
        assertTrue(total <= 24_000 + 1000, "total " + total);
        final int[] prefix = Arrays.copyOf(pods(up), 20);
        Arrays.sort(prefix);
        final int[] all = new int[20];
        Arrays.setAll(all, i -> i);
        assertArrayEquals(all, prefix, "the shuffled list first, then the appended pods");
    }

    @Test
    void aListWithoutGpuPodsCannotBeTuned() throws IOException {
        Files.writeString(dir.resolve("cpu.csv"), "cpu_milli,memory_mib,num_gpu\n1000,1024,0\n");
        Files.writeString(dir.resolve("nodes.csv"), "cpu_milli,memory_mib,gpu,model\n64000,262144,2,G\n");
        final OpenbTrace trace = OpenbTrace.load(dir.resolve("cpu.csv"), dir.resolve("nodes.csv"));
        assertThrows(IllegalArgumentException.class, () -> PodSequence.of(trace, 1.3, 1));
        assertEquals(1, PodSequence.of(trace, 0, 1).length());
        assertEquals(DeviceDemand.NONE, trace.podDemand(0));
    }
}
