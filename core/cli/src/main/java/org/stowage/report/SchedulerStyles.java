package org.stowage.report;

import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One look per scheduler across every figure: a colour and a marker per kernel name, and a line pattern
 * that tells a variant from its kernel. A reader who learns that BF-J/S is the blue circles in one figure
 * finds it so in all of them, whichever paper the figure comes from.
 *
 * <h2>Names and variants</h2>
 * A scheduler spec is {@code NAME} or {@code NAME:key=value,...} (the CLI's syntax). The colour and marker
 * come from {@code NAME} alone, so {@code VQS:J=7} looks like {@code VQS}: {@code J} only sets the
 * resolution of the same algorithm, and Fig. 4's {@code VQS:J=7} is the paper's VQS. What changes the
 * line pattern is a change of algorithm:
 * <ul>
 *   <li>{@link Pattern#DASHED}: a stalled variant (Sec. VIII of the 2019 paper), that is a spec with a
 *       {@code stall} parameter other than {@code false} or {@code 0};</li>
 *   <li>{@link Pattern#DOTTED}: a naive reference twin ({@code NAME-naive}), in its kernel's colour;</li>
 *   <li>{@link Pattern#SOLID}: everything else.</li>
 * </ul>
 *
 * <h2>The table</h2>
 * Every kernel of the papers has an entry, those that are not implemented yet included, so the
 * figures of the next papers need no new colours: each paper's family shares a hue range (the 2019
 * kernels the Tableau 10 colours; the RMS family purples, pinks and olives, its AD variants a darker shade
 * of their base; LoTES, Greedy and Tetris greens, greys and crimson; SJF and DJSF browns; FGD red and its baselines a
 * diverging palette), and no two
 * entries share a colour. Markers repeat across families but never with the same colour. The black cross
 * ({@link #ZERO_MARKER}) is kept for values of zero drawn on a logarithmic axis and is no scheduler's.
 *
 * <h2>Unknown names</h2>
 * A name outside the table gets a colour and a marker derived from the 64-bit FNV-1a hash of its UTF-8
 * bytes, mixed by MurmurHash3's finaliser: the same name gets the same look in every run, JVM and figure, and
 * different names usually
 * differ (a clash is possible; the legend still names each line).
 */
public final class SchedulerStyles {
    /** How a line is drawn. */
    public enum Pattern {
        /** A kernel as the paper defines it. */
        SOLID,
        /** A stalled variant. */
        DASHED,
        /** A naive reference twin. */
        DOTTED
    }

    /**
     * The look of one scheduler.
     *
     * @param color   line and marker colour
     * @param marker  marker of its points
     * @param pattern line pattern
     */
    public record Style(Color color, Marker marker, Pattern pattern) {
    }

    /** Marker of a zero drawn at the floor of a logarithmic axis (black); no scheduler uses it. */
    public static final Marker ZERO_MARKER = SeriesMarkers.CROSS;

    /** Colour of {@link #ZERO_MARKER}. */
    public static final Color ZERO_COLOR = Color.BLACK;

    /** Suffix of a naive reference twin's name. */
    static final String NAIVE_SUFFIX = "-naive";

    /** Markers a scheduler may get (every xchart marker but NONE and {@link #ZERO_MARKER}). */
    static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.PLUS, SeriesMarkers.TRAPEZOID,
        SeriesMarkers.OVAL, SeriesMarkers.RECTANGLE};

    private static final Map<String, Style> TABLE = build();

    private SchedulerStyles() {
    }

    private static Map<String, Style> build() {
        final Map<String, Style> table = new LinkedHashMap<>();
        // Psychas and Ghaderi 2019
        put(table, "BF-J/S", 0x1F77B4, SeriesMarkers.CIRCLE);
        put(table, "VQS-BF", 0xFF7F0E, SeriesMarkers.DIAMOND);
        put(table, "VQS", 0xD62728, SeriesMarkers.SQUARE);
        put(table, "FIFO-FF", 0x2CA02C, SeriesMarkers.TRIANGLE_DOWN);
        put(table, "BF-J", 0x17BECF, SeriesMarkers.TRIANGLE_UP);
        put(table, "BF-S", 0x8C564B, SeriesMarkers.PLUS);
        // Psychas and Ghaderi 2018: RMS and its variants, the best-fit and max-weight baselines
        put(table, "RMS", 0x9467BD, SeriesMarkers.CIRCLE);
        put(table, "RMS-RF", 0xE377C2, SeriesMarkers.DIAMOND);
        put(table, "RMS-BF", 0xBCBD22, SeriesMarkers.SQUARE);
        put(table, "RMS-AD", 0x5B3F8C, SeriesMarkers.TRIANGLE_UP);
        put(table, "RMS-RF-AD", 0xA8327F, SeriesMarkers.TRIANGLE_DOWN);
        put(table, "RMS-BF-AD", 0x7A7B10, SeriesMarkers.TRAPEZOID);
        put(table, "RMS-RF-AD+", 0xD61F9E, SeriesMarkers.OVAL);
        put(table, "RMS+JSQ", 0x4C6A92, SeriesMarkers.RECTANGLE);
        put(table, "RMS+Po2", 0x2F8F83, SeriesMarkers.PLUS);
        put(table, "BF", 0x0B3C6E, SeriesMarkers.DIAMOND);
        put(table, "MWR", 0xE5A50A, SeriesMarkers.CIRCLE);
        put(table, "MWS", 0xB3590E, SeriesMarkers.SQUARE);
        put(table, "MWR+JSQ", 0xF2C75C, SeriesMarkers.TRIANGLE_DOWN);
        put(table, "FIFO-RF", 0x3A9E6F, SeriesMarkers.OVAL);
        // Tran et al. 2018
        put(table, "LoTES", 0x1B7F3B, SeriesMarkers.SQUARE);
        put(table, "Greedy", 0x7F7F7F, SeriesMarkers.TRIANGLE_UP);
        put(table, "Tetris", 0x8B1A1A, SeriesMarkers.DIAMOND);
        // Hu and Li 2022
        put(table, "SJF", 0x6A3D9A, SeriesMarkers.TRAPEZOID);
        put(table, "DJSF", 0xB15928, SeriesMarkers.OVAL);
        put(table, "DJSF-pooled", 0xD98C5F, SeriesMarkers.RECTANGLE);
        // Weng et al. 2023: FGD and the five baselines of its evaluation
        put(table, "FGD", 0xD7191C, SeriesMarkers.CIRCLE);
        put(table, "BestFit", 0x2C7BB6, SeriesMarkers.SQUARE);
        put(table, "GpuPacking", 0xFDAE61, SeriesMarkers.DIAMOND);
        put(table, "GpuClustering", 0x7B3294, SeriesMarkers.TRIANGLE_UP);
        put(table, "DotProd", 0x1A9641, SeriesMarkers.TRIANGLE_DOWN);
        put(table, "Random", 0x636363, SeriesMarkers.PLUS);
        return Collections.unmodifiableMap(table);
    }

    private static void put(final Map<String, Style> table, final String name, final int rgb, final Marker marker) {
        table.put(name, new Style(new Color(rgb), marker, Pattern.SOLID));
    }

    /** Kernel names with a fixed look, in table order (each paper's kernels together). */
    public static Map<String, Style> table() {
        return TABLE;
    }

    /** The look of {@code spec}: total (any string gets one) and the same in every call, run and JVM. */
    public static Style of(final String spec) {
        final int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).trim();
        final String parameters = colon < 0 ? "" : spec.substring(colon + 1);
        Pattern pattern = stalled(parameters) ? Pattern.DASHED : Pattern.SOLID;
        if (name.endsWith(NAIVE_SUFFIX) && name.length() > NAIVE_SUFFIX.length()) {
            name = name.substring(0, name.length() - NAIVE_SUFFIX.length());
            pattern = Pattern.DOTTED;
        }
        final Style known = TABLE.get(name);
        final Style base = known != null ? known : fallback(name);
        return pattern == base.pattern() ? base : new Style(base.color(), base.marker(), pattern);
    }

    /** Whether a parameter list such as {@code J=7,stall=0.5} turns stalling on. */
    static boolean stalled(final String parameters) {
        for (final String parameter : parameters.split(",")) {
            final int equals = parameter.indexOf('=');
            if (equals > 0 && "stall".equals(parameter.substring(0, equals).trim().toLowerCase(Locale.ROOT))) {
                final String value = parameter.substring(equals + 1).trim().toLowerCase(Locale.ROOT);
                return !(value.equals("false") || value.isEmpty() || isZero(value));
            }
        }
        return false;
    }

    private static boolean isZero(final String value) {
        try {
            return Double.parseDouble(value) == 0;
        } catch (final NumberFormatException notANumber) {
            return false;
        }
    }

    /**
     * The look of a name outside the table: hue, saturation and brightness and the marker from the FNV-1a
     * hash of its UTF-8 bytes, mixed. Brightness stays within [0.45, 0.75] so the line reads on a white background.
     */
    static Style fallback(final String name) {
        long hash = 0xcbf29ce484222325L;
        for (final byte b : name.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        // FNV-1a leaves the high bits of short names that differ in one character alike: mix them in
        // (the 64-bit finaliser of MurmurHash3)
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        final float hue = (hash >>> 40) / (float) (1 << 24);
        final float saturation = 0.55f + 0.4f * ((hash >>> 32 & 0xff) / 255f);
        final float brightness = 0.45f + 0.3f * ((hash >>> 24 & 0xff) / 255f);
        final Marker marker = MARKERS[(int) Long.remainderUnsigned(hash, MARKERS.length)];
        return new Style(Color.getHSBColor(hue, saturation, brightness), marker, Pattern.SOLID);
    }
}
