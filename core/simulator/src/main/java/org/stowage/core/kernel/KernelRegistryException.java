package org.stowage.core.kernel;

/**
 * The kernel registry cannot be used: two families declare one scheduler name, a kernel names a twin no
 * family declares, or a family listed in {@code META-INF/services/org.stowage.core.kernel.KernelFamily} cannot
 * be loaded. The message is one line naming the families (and the jars they come from); the remedy is on the
 * class path, not in a command's arguments, so the command line reports it as a usage error (exit code 2).
 */
public final class KernelRegistryException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public KernelRegistryException(final String message) {
        super(message);
    }

    KernelRegistryException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
