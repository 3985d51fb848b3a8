package org.stowage.cli.spec;

import org.stowage.core.Messages;
import org.stowage.terminal.InvalidValueException;

import picocli.CommandLine.TypeConversionException;

/**
 * A value that a spec type ({@link SizesSpec}, {@link ServersSpec}, ...) cannot parse: the value and the
 * reason, without the flag. Picocli adds the flag when it converts an option (the command line prints
 * {@code invalid value for --FLAG: 'VALUE': REASON}); a caller that parses a value itself (a sweep axis)
 * names its own flag with {@link #forFlag}.
 */
public final class SpecException extends TypeConversionException {
    private static final long serialVersionUID = 1L;

    private final String value;
    private final String reason;

    public SpecException(final String value, final String reason) {
        super("'" + Messages.printable(value) + "': " + reason);
        this.value = value;
        this.reason = reason;
    }

    /** The value as given. */
    String value() {
        return value;
    }

    /** What is wrong with it. */
    public String reason() {
        return reason;
    }

    /** The one-line error for {@code flag}: {@code invalid value for FLAG: 'VALUE': REASON}. */
    public IllegalArgumentException forFlag(final String flag) {
        return new InvalidValueException(flag, getMessage(), this);
    }
}
