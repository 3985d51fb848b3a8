package org.stowage.terminal;

/**
 * A value the command line refuses: the option (or parameter) that gave it and why, printed by the
 * command's error handler as the one line {@code invalid value for OPTION: PROBLEM} with exit code 2. Every
 * check of a value throws this rather than spelling the line out, so the line has one form. An
 * {@link IllegalArgumentException}, so code that refuses input in general terms catches it too.
 */
public final class InvalidValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String option;
    private final String problem;

    /**
     * @param option  the flag as the user writes it ({@code --sizes}), or a parameter's label ({@code TRACE})
     * @param problem what is wrong, usually the value quoted and the reason ({@code 'x': not a number})
     */
    public InvalidValueException(final String option, final String problem) {
        this(option, problem, null);
    }

    public InvalidValueException(final String option, final String problem, final Throwable cause) {
        super("invalid value for " + option + ": " + problem, cause);
        this.option = option;
        this.problem = problem;
    }

    /** The option or parameter whose value is refused. */
    public String option() {
        return option;
    }

    /** Why, without the option. */
    public String problem() {
        return problem;
    }
}
