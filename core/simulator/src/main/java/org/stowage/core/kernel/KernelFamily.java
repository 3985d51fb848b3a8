package org.stowage.core.kernel;

import java.util.List;

/**
 * A family of kernels, found by {@link java.util.ServiceLoader}: a jar lists its families in
 * {@code META-INF/services/org.stowage.core.kernel.KernelFamily}, and {@link Kernels} gathers every family on
 * the class path, Stowage's own first. A family declares each kernel with its naive twin
 * ({@link KernelDefinition.Builder#withTwin}), so the differential, allocation and smoke checks, the CLI's
 * {@code schedulers} listing and every command that takes {@code --scheduler} cover it without further
 * registration.
 *
 * <p>Implementations need a public no-argument constructor and must return the same definitions every time.
 */
public interface KernelFamily {
    /** A short name for messages, for example {@code bestfit} or {@code rms}. */
    String name();

    /** The family's kernels, each followed by its naive twin, in the order {@code schedulers} lists them. */
    List<KernelDefinition> definitions();
}
