package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.SharedTraces;

/** The openb trace with its GPUs: nodes, pod shapes, constraints, every bad-row rule, and the real lists. */
class OpenbTraceTest {
    private static final String NODES = """
        sn,cpu_milli,memory_mib,gpu,model
        n0,96000,393216,8,G2
        n1,32000,262144,0,
        n2,104000,524288,2,T4
        """;

    @TempDir
    Path dir;

    private OpenbTrace load(final String pods) throws IOException {
        return load(pods, NODES);
    }

    private OpenbTrace load(final String pods, final String nodes) throws IOException {
        final Path podFile = dir.resolve("pods.csv");
        final Path nodeFile = dir.resolve("nodes.csv");
        Files.writeString(podFile, pods);
        Files.writeString(nodeFile, nodes);
        return OpenbTrace.load(podFile, nodeFile);
    }

    @Test
    void nodesBecomeServersWithGpusOfSortedModels() throws IOException {
        final OpenbTrace trace = load("cpu_milli,memory_mib,num_gpu\n1000,1024,0\n");
        assertEquals(List.of("G2", "T4"), trace.models());
        assertEquals(3, trace.nodeCount());
        assertEquals(10, trace.totalGpus());
        assertEquals(0, trace.nodeModel(0));
        assertEquals(DeviceTable.NO_MODEL, trace.nodeModel(1));
        assertEquals(1, trace.nodeModel(2));
        assertEquals("n2", trace.nodeName(2));
        final ServerTable servers = trace.servers();
        assertEquals(2, servers.dimensions());
        assertEquals(104000, servers.capacity(2, 0));
        assertEquals(524288, servers.capacity(2, 1));
        final DeviceTable devices = trace.devices();
        assertEquals(8, devices.deviceCount(0));
        assertEquals(0, devices.deviceCount(1));
        assertEquals(1000, devices.unitsPerDevice());
    }

    @Test
    void podsAreCpuOnlyAFractionOrWholeGpusWithTheirConstraints() throws IOException {
        final OpenbTrace trace = load("""
            name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,creation_time,deletion_time,scheduled_time
            a,4000,15258,1,220,,10,20,11
            b,88000,327680,8,1000,,12,,
            c,6000,12288,0,0,G2,13,30,13
            d,16000,32768,1,1000,T4||G2,14,40,15
            e,1000,1024,1,500,X100|Y200,15,50,16
            f,1000,1024,2,1000,|,16,50,16
            """);
        assertEquals(6, trace.podCount());
        assertEquals(DeviceDemand.of(1, 220, DeviceDemand.ANY_MODEL), trace.podDemand(0));
        assertEquals(DeviceDemand.of(8, 1000, DeviceDemand.ANY_MODEL), trace.podDemand(1));
        assertEquals(DeviceDemand.NONE, trace.podDemand(2));
        assertEquals(DeviceDemand.of(1, 1000, 0b11), trace.podDemand(3));
        assertEquals("T4|G2", trace.podSpec(3));
        assertEquals(0, DeviceDemand.models(trace.podDemand(4)), "only models the cluster lacks");
        assertEquals(1, trace.podsWithUnknownModelsOnly());
        assertEquals(1, trace.specsOnCpuPods());
        assertEquals("", trace.podSpec(2), "CPU-only pods carry no GPU constraint");
        assertEquals(DeviceDemand.ANY_MODEL, DeviceDemand.models(trace.podDemand(5)), "an empty list allows every model");
        assertEquals(8000, trace.podGpuMilli(1));
        assertEquals(220 + 8000 + 1000 + 500 + 2000, trace.totalGpuMilli());
        assertTrue(trace.hasTimes());
        assertEquals(11, trace.scheduledTime(0));
        assertTrue(Double.isNaN(trace.deletionTime(1)));
        assertEquals("b", trace.podName(1));
    }

    @Test
    void listsWithoutTimesSpecsOrMilliAreRead() throws IOException {
        final OpenbTrace trace = load("cpu_milli,memory_mib,num_gpu\n2000,4096,2\n2000,4096,0\n");
        assertFalse(trace.hasTimes());
        assertEquals(DeviceDemand.of(2, 1000, DeviceDemand.ANY_MODEL), trace.podDemand(0), "no gpu_milli: whole GPUs");
        assertTrue(Double.isNaN(trace.creationTime(0)));
        assertEquals("1", trace.podName(0), "rows are named by their number");
    }

    @Test
    void badRowsNameTheirFileLineAndField() {
        bad("cpu_milli,memory_mib,num_gpu,gpu_milli\n1000,1024,2,500\n", 2, "gpu_milli", "takes them whole");
        bad("cpu_milli,memory_mib,num_gpu,gpu_milli\n1000,1024,1,0\n", 2, "gpu_milli", "1 to 1000");
        bad("cpu_milli,memory_mib,num_gpu,gpu_milli\n1000,1024,1,1200\n", 2, "gpu_milli", "1 to 1000");
        bad("cpu_milli,memory_mib,num_gpu,gpu_milli\n1000,1024,0,300\n", 2, "gpu_milli", "num_gpu is 0");
        bad("cpu_milli,memory_mib,num_gpu\n1000,1024,17\n", 2, "num_gpu", "at most 16");
        bad("cpu_milli,memory_mib,num_gpu\n1000,1024,1.5\n", 2, "num_gpu", "whole number");
        bad("cpu_milli,memory_mib,num_gpu\n-5,1024,0\n", 2, "cpu_milli", "whole number");
        bad("cpu_milli,memory_mib,num_gpu\n5,x,0\n", 2, "memory_mib", "not a number");
        bad("cpu_milli,memory_mib,num_gpu,creation_time\n5,5,0,-1\n", 2, "creation_time", "seconds");
        bad("cpu_milli,memory_mib\n5,5\n", 1, "header", "num_gpu");
        badNodes("cpu_milli,memory_mib,gpu,model\n1000,1024,2,\n", 2, "model", "needs its GPU model");
        badNodes("cpu_milli,memory_mib,gpu,model\n1000,1024,0,T4\n", 2, "model", "without GPUs");
        badNodes("cpu_milli,memory_mib,gpu,model\n0,1024,0,\n", 2, "cpu_milli", ">= 1");
        badNodes("cpu_milli,memory_mib,gpu\n1000,1024,2\n", 2, "gpu", "needs its GPU model");
    }

    private void bad(final String pods, final long line, final String field, final String problem) {
        final TraceFormatException e = assertThrows(TraceFormatException.class, () -> load(pods));
        check(e, "pods.csv", line, field, problem);
    }

    private void badNodes(final String nodes, final long line, final String field, final String problem) {
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> load("cpu_milli,memory_mib,num_gpu\n1,1,0\n", nodes));
        check(e, "nodes.csv", line, field, problem);
    }

    private static void check(final TraceFormatException e, final String file, final long line, final String field,
                              final String problem) {
        assertTrue(e.file().toString().endsWith(file), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(field), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    // ---- the real lists ----

    private static Path openb() {
        final Path folder = SharedTraces.folder().resolve("alibaba-gpu-2023");
        assumeTrue(Files.isRegularFile(folder.resolve(OpenbTrace.GPU_NODE_FILE)),
            "the openb trace is not in " + folder + " (../shared/traces, or -Dstowage.traces=DIR)");
        return folder;
    }

    @Test
    void theDefaultListOnTheGpuNodesIsThePapersCluster() {
        final OpenbTrace trace = OpenbTrace.loadPodList(openb(), "default");
        assertEquals(1213, trace.nodeCount());
        assertEquals(6212, trace.totalGpus(), "the paper's 6,200 GPUs");
        assertEquals(8152, trace.podCount());
        assertEquals(6_086_800, trace.totalGpuMilli());
        int cpuOnly = 0;
        int fractions = 0;
        int whole = 0;
        for (int p = 0; p < trace.podCount(); p++) {
            final int demand = trace.podDemand(p);
            if (demand == DeviceDemand.NONE) {
                cpuOnly++;
            } else if (DeviceDemand.units(demand) < 1000) {
                fractions++;
            } else {
                whole++;
            }
        }
        assertEquals(1088, cpuOnly);
        assertEquals(3078, fractions);
        assertEquals(3911 + 16 + 15 + 44, whole);
        assertTrue(trace.hasTimes());
    }

    @Test
    void everyPodListOfTheEvaluationLoads() throws IOException {
        final Path folder = openb();
        final List<Path> lists;
        try (Stream<Path> files = Files.list(folder)) {
            lists = files.filter(f -> f.getFileName().toString().startsWith("openb_pod_list_")).sorted().toList();
        }
        assertEquals(24, lists.size());
        for (final Path list : lists) {
            final OpenbTrace trace = OpenbTrace.load(list, folder.resolve(OpenbTrace.GPU_NODE_FILE));
            assertTrue(trace.podCount() > 7000 || list.toString().contains("multigpu"), list.toString());
            assertEquals(0, trace.podsWithUnknownModelsOnly(), list.toString());
            assertEquals(list.toString().contains("multigpu"), !trace.hasTimes(), list.toString());
        }
        final OpenbTrace all = OpenbTrace.load(folder.resolve("openb_pod_list_gpuspec33.csv"),
            folder.resolve(OpenbTrace.ALL_NODE_FILE));
        assertEquals(1523, all.nodeCount());
        int constrained = 0;
        for (int p = 0; p < all.podCount(); p++) {
            if (!all.podSpec(p).isEmpty()) {
                constrained++;
            }
        }
        assertEquals(2388, constrained);
    }
}
