package org.stowage.cli;

import org.stowage.core.Messages;

import picocli.CommandLine.TypeConversionException;

/**
 * A value that a spec type ({@link SizesSpec}, {@link ServersSpec}, ...) cannot parse: the value and the
 * reason, without the flag. Picocli adds the flag when it converts an option ({@link StowageCli} prints
 * {@code invalid value for --FLAG: 'VALUE': REASON}); a caller that parses a value itself (a sweep axis)
 * names its own flag with {@link #forFlag}.
 */
final class SpecException extends TypeConversionException {
    private static final long serialVersionUID = 1L;

    private final String value;
    private final String reason;

    SpecException(final String value, final String reason) {
        super("'" + Messages.printable(value) + "': " + reason);
        this.value = value;
        this.reason = reason;
    }

    /** The value as given. */
    String value() {
        return value;
    }

    /** What is wrong with it. */
    String reason() {
        return reason;
    }

    /** The one-line error for {@code flag}: {@code invalid value for FLAG: 'VALUE': REASON}. */
    IllegalArgumentException forFlag(final String flag) {
        return new IllegalArgumentException("invalid value for " + flag + ": " + getMessage(), this);
    }
}
