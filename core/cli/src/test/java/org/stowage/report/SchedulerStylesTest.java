package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.stowage.core.kernel.Kernels;

class SchedulerStylesTest {
    /** The kernels of the four papers, implemented or not. */
    private static final List<String> PAPER_KERNELS = List.of(
        "BF-J/S", "BF-J", "BF-S", "FIFO-FF", "VQS", "VQS-BF",
        "RMS", "RMS-RF", "RMS-BF", "RMS-AD", "RMS-RF-AD", "RMS-BF-AD", "RMS-RF-AD+", "RMS+JSQ", "RMS+Po2",
        "BF", "MWR", "MWR+JSQ", "MWS", "FIFO-RF", "LoTES", "Greedy", "Tetris", "SJF", "DJSF", "DJSF-pooled",
        "FGD", "BestFit", "GpuPacking", "GpuClustering", "DotProd", "Random");

    @Test
    void everyKernelOfThePapersHasItsOwnColourAndMarker() {
        final Map<String, SchedulerStyles.Style> table = SchedulerStyles.table();
        assertEquals(Set.copyOf(PAPER_KERNELS), table.keySet());
        final Set<Color> colours = new HashSet<>();
        for (final Map.Entry<String, SchedulerStyles.Style> entry : table.entrySet()) {
            final SchedulerStyles.Style style = entry.getValue();
            assertTrue(colours.add(style.color()), "colour of " + entry.getKey() + " is used twice");
            assertEquals(SchedulerStyles.Pattern.SOLID, style.pattern(), entry.getKey());
            assertTrue(List.of(SchedulerStyles.MARKERS).contains(style.marker()), entry.getKey());
            assertNotEquals(SchedulerStyles.ZERO_COLOR, style.color(), entry.getKey());
            assertSame(style, SchedulerStyles.of(entry.getKey()), entry.getKey());
        }
    }

    @Test
    void everyRegisteredKernelHasATableEntry() {
        for (final String name : Kernels.names()) {
            if (name.startsWith("Test-")) {
                continue; // test doubles on the tests' class path only (org.stowage.cli.ExhaustingFamily), never drawn
            }
            final String kernel = name.endsWith(SchedulerStyles.NAIVE_SUFFIX)
                ? name.substring(0, name.length() - SchedulerStyles.NAIVE_SUFFIX.length()) : name;
            assertTrue(SchedulerStyles.table().containsKey(kernel), name + " has no entry in SchedulerStyles");
        }
    }

    @Test
    void theZeroMarkerIsNoSchedulers() {
        assertSame(SeriesMarkers.CROSS, SchedulerStyles.ZERO_MARKER);
        assertTrue(!List.of(SchedulerStyles.MARKERS).contains(SchedulerStyles.ZERO_MARKER));
    }

    @Test
    void aVariantKeepsItsKernelsColourAndMarkerAndChangesOnlyThePattern() {
        final SchedulerStyles.Style vqs = SchedulerStyles.of("VQS");
        assertSame(vqs, SchedulerStyles.of("VQS:J=7"));
        assertSame(vqs, SchedulerStyles.of("VQS:stall=false"));
        assertSame(vqs, SchedulerStyles.of("VQS:stall=0,J=5"));
        assertEquals(new SchedulerStyles.Style(vqs.color(), vqs.marker(), SchedulerStyles.Pattern.DASHED),
            SchedulerStyles.of("VQS:stall=0.5"));
        assertEquals(new SchedulerStyles.Style(vqs.color(), vqs.marker(), SchedulerStyles.Pattern.DASHED),
            SchedulerStyles.of("VQS:J=7, Stall = 0.5"));
        final SchedulerStyles.Style bfjs = SchedulerStyles.of("BF-J/S");
        assertEquals(SchedulerStyles.Pattern.DASHED, SchedulerStyles.of("BF-J/S:stall=true").pattern());
        assertEquals(bfjs.color(), SchedulerStyles.of("BF-J/S:stall=true").color());
        assertEquals(new SchedulerStyles.Style(bfjs.color(), bfjs.marker(), SchedulerStyles.Pattern.DOTTED),
            SchedulerStyles.of("BF-J/S-naive"));
        assertEquals(SchedulerStyles.Pattern.DOTTED, SchedulerStyles.of("VQS-naive:J=7").pattern());
    }

    @Test
    void theFallbackIsTotalAndStable() {
        // pinned: a change of the hash or the palette would recolour every figure of an unknown kernel
        assertEquals(SchedulerStyles.fallback("MyKernel"), SchedulerStyles.of("MyKernel:x=1"));
        assertEquals(new Color(137, 39, 59), SchedulerStyles.fallback("MyKernel").color());
        assertSame(SeriesMarkers.TRAPEZOID, SchedulerStyles.fallback("MyKernel").marker());
        final long seed = Long.getLong("stowage.seed", 20261123L);
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 2000; i++) {
            final StringBuilder name = new StringBuilder();
            final int length = random.nextInt(12);
            for (int c = 0; c < length; c++) {
                name.append((char) random.nextInt(0x20, 0x3000));
            }
            final String spec = name.toString();
            final SchedulerStyles.Style style = SchedulerStyles.of(spec);
            assertNotNull(style, "seed " + seed + ": " + spec);
            assertEquals(style, SchedulerStyles.of(spec), "seed " + seed + ": " + spec);
            assertNotEquals(SchedulerStyles.ZERO_MARKER, style.marker(), "seed " + seed + ": " + spec);
            final float[] hsb = Color.RGBtoHSB(style.color().getRed(), style.color().getGreen(),
                style.color().getBlue(), null);
            assertTrue(hsb[2] >= 0.44f && hsb[2] <= 0.76f, "seed " + seed + ": " + spec + " brightness " + hsb[2]);
        }
    }

    @Test
    void unknownNamesUsuallyDiffer() {
        final Set<SchedulerStyles.Style> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            seen.add(SchedulerStyles.of("kernel-" + i));
        }
        assertTrue(seen.size() >= 45, "only " + seen.size() + " looks for 50 names");
    }
}
