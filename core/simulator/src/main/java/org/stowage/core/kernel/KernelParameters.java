package org.stowage.core.kernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parsed parameters of one scheduler spec: every key the kernel declares, given or defaulted, as typed
 * values. Made by {@link KernelDefinition#factoryFor} (which {@link Kernels#byName} calls); read by the
 * definition's factory maker.
 */
public final class KernelParameters {
    private final String kernel;
    private final Map<String, Object> values;
    private final Map<String, String> given;

    KernelParameters(final String kernel, final Map<String, Object> values, final Map<String, String> given) {
        this.kernel = kernel;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    /** The value of {@code key} (null for an absent key without default). */
    public Object value(final String key) {
        if (!values.containsKey(key)) {
            throw new IllegalArgumentException("kernel " + kernel + " declares no parameter '" + key + "'");
        }
        return values.get(key);
    }

    public int integer(final String key) {
        return (Integer) value(key);
    }

    public double real(final String key) {
        return (Double) value(key);
    }

    public boolean flag(final String key) {
        final Object value = value(key);
        return value != null && (Boolean) value;
    }

    /** Whether the spec gave {@code key} explicitly. */
    public boolean given(final String key) {
        return given.containsKey(key);
    }

    /** The text given for {@code key}, or null. */
    public String text(final String key) {
        return given.get(key);
    }
}
