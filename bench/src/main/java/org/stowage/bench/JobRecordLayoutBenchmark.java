package org.stowage.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one job's visit costs under three layouts of the job table (issue 12, targets 1 and 6): the visit a
 * placement or departure makes, read the job's links, size, state and service, then write its state and
 * a link, on a job found through the previous job's link (a dependent chain over a random permutation of
 * {@code jobs} jobs, so every visit is a cache miss, as at a million queued jobs).
 * <ul>
 *   <li>{@code structOfArrays}: today's {@code JobTable}: links {@code int[4N]}, size {@code int[N]},
 *       state {@code byte[N]}, service {@code double[N]}: four arrays, up to four cache lines per visit.</li>
 *   <li>{@code packedInts}: one 32-byte record per job in an {@code int[8N]} (four links, state and class,
 *       size, service as two ints): one or two lines per visit.</li>
 *   <li>{@code agronaFlyweight}: the same 32-byte record through Agrona's {@link UnsafeBuffer} over one
 *       {@code byte[]} ({@code getInt}/{@code getDouble}/{@code putInt} at {@code job << 5}); run with
 *       {@code -jvmArgsAppend -Dagrona.disable.bounds.checks=true} for the unchecked variant.</li>
 * </ul>
 * One operation is one visit. Allocation-free.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// Agrona 2.x reaches jdk.internal.misc.Unsafe, which Java 17 opens only on request
@Fork(value = 3, jvmArgsAppend = {"-Xmx4g", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class JobRecordLayoutBenchmark {
    private static final int PREV = 0;
    private static final int NEXT = 1;
    private static final int LEFT = 2;
    private static final int RIGHT = 3;
    private static final int STATE = 4;
    private static final int SIZE = 5;
    private static final int SERVICE = 6;
    private static final int STRIDE = 8;
    private static final int RECORD_BYTES = STRIDE * Integer.BYTES;
    private static final int RECORD_SHIFT = 5;

    @Param({"1000000", "10000000"})
    public int jobs;

    private int[] links;
    private int[] size;
    private byte[] state;
    private double[] service;
    private int[] records;
    private UnsafeBuffer buffer;

    private int soaJob;
    private int packedJob;
    private int agronaJob;

    @Setup(Level.Trial)
    public void setUp() {
        if (!BitUtil.isPowerOfTwo(RECORD_BYTES) || 1 << RECORD_SHIFT != RECORD_BYTES) {
            throw new IllegalStateException("record stride must be a power of two");
        }
        final int[] order = new int[jobs];
        for (int i = 0; i < jobs; i++) {
            order[i] = i;
        }
        final SplittableRandom random = new SplittableRandom(12);
        for (int i = jobs - 1; i > 0; i--) {
            final int j = random.nextInt(i + 1);
            final int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        links = new int[4 * jobs];
        size = new int[jobs];
        state = new byte[jobs];
        service = new double[jobs];
        records = new int[STRIDE * jobs];
        buffer = new UnsafeBuffer(new byte[RECORD_BYTES * jobs]);
        for (int i = 0; i < jobs; i++) {
            final int job = order[i];
            final int following = order[(i + 1) % jobs];
            final int units = 1 + random.nextInt(1 << 20);
            final double serviceTime = 1 + random.nextInt(200);
            links[4 * job + RIGHT] = following;
            size[job] = units;
            state[job] = 2;
            service[job] = serviceTime;
            records[STRIDE * job + RIGHT] = following;
            records[STRIDE * job + STATE] = 2;
            records[STRIDE * job + SIZE] = units;
            final long bits = Double.doubleToRawLongBits(serviceTime);
            records[STRIDE * job + SERVICE] = (int) bits;
            records[STRIDE * job + SERVICE + 1] = (int) (bits >>> 32);
            final int at = job << RECORD_SHIFT;
            buffer.putInt(at + RIGHT * Integer.BYTES, following);
            buffer.putInt(at + STATE * Integer.BYTES, 2);
            buffer.putInt(at + SIZE * Integer.BYTES, units);
            buffer.putDouble(at + SERVICE * Integer.BYTES, serviceTime);
        }
        soaJob = order[0];
        packedJob = order[0];
        agronaJob = order[0];
    }

    @Benchmark
    public double structOfArrays() {
        final int job = soaJob;
        final int base = 4 * job;
        final int following = links[base + RIGHT];
        final double value = size[job] + service[job] + state[job] + links[base + PREV] + links[base + LEFT];
        state[job] = (byte) (state[job] ^ 1);
        links[base + NEXT] = following;
        soaJob = following;
        return value;
    }

    @Benchmark
    public double packedInts() {
        final int job = packedJob;
        final int base = STRIDE * job;
        final int[] r = records;
        final int following = r[base + RIGHT];
        final double serviceTime = Double.longBitsToDouble(
            (r[base + SERVICE] & 0xFFFF_FFFFL) | (long) r[base + SERVICE + 1] << 32);
        final double value = r[base + SIZE] + serviceTime + (r[base + STATE] & 0xFF) + r[base + PREV] + r[base + LEFT];
        r[base + STATE] ^= 1;
        r[base + NEXT] = following;
        packedJob = following;
        return value;
    }

    @Benchmark
    public double agronaFlyweight() {
        final int job = agronaJob;
        final int at = job << RECORD_SHIFT;
        final UnsafeBuffer b = buffer;
        final int following = b.getInt(at + RIGHT * Integer.BYTES);
        final double value = b.getInt(at + SIZE * Integer.BYTES) + b.getDouble(at + SERVICE * Integer.BYTES)
            + (b.getInt(at + STATE * Integer.BYTES) & 0xFF) + b.getInt(at + PREV * Integer.BYTES)
            + b.getInt(at + LEFT * Integer.BYTES);
        b.putInt(at + STATE * Integer.BYTES, b.getInt(at + STATE * Integer.BYTES) ^ 1);
        b.putInt(at + NEXT * Integer.BYTES, following);
        agronaJob = following;
        return value;
    }
}
