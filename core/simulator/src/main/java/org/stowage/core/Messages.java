package org.stowage.core;

/**
 * How error messages echo what they were given (a flag's value, a trace field, a file name): every
 * character that would not print as itself is escaped, so binary garbage in an input cannot ring the
 * terminal's bell, move its cursor, recolour it, reverse the text or split a one-line message.
 *
 * <p>Escaped: ISO control characters (C0, DEL and C1) as {@code \xNN}, and invisible or unprintable code
 * points (format characters such as the byte-order mark or a direction override, line and paragraph
 * separators, lone surrogates, unassigned and private-use code points) as <code>&#92;uNNNN</code>. Letters, digits,
 * punctuation and symbols of any script print as they are. A backslash is left alone, so a Windows path
 * reads naturally; an escape is therefore recognisable but not reversible, which is all a message needs.
 * Escaping is idempotent.
 */
public final class Messages {
    /** Marks text cut by {@link #printable(CharSequence, int)}. */
    public static final String ELLIPSIS = "...";

    private Messages() {
    }

    /** {@code text} with every character that would not print as itself escaped (see the class comment). */
    public static String printable(final CharSequence text) {
        return printable(text, Integer.MAX_VALUE);
    }

    /**
     * Like {@link #printable(CharSequence)}, keeping at most {@code maxChars} characters of {@code text}
     * (before escaping) and marking a cut with {@value #ELLIPSIS}. A cut never splits an escape.
     */
    public static String printable(final CharSequence text, final int maxChars) {
        if (text == null) {
            return "null";
        }
        final int length = text.length();
        final int kept = Math.min(length, maxChars);
        StringBuilder out = null;
        for (int i = 0; i < kept; i++) {
            final char c = text.charAt(i);
            if (printsAsItself(text, i, c)) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(kept + 16).append(text, 0, i);
            }
            if (c <= 0xFF) {
                out.append("\\x").append(HEX[c >>> 4]).append(HEX[c & 0xF]);
            } else {
                out.append("\\u").append(HEX[c >>> 12]).append(HEX[(c >>> 8) & 0xF]).append(HEX[(c >>> 4) & 0xF])
                    .append(HEX[c & 0xF]);
            }
        }
        if (out == null && kept == length) {
            return text.toString();
        }
        if (out == null) {
            out = new StringBuilder(kept + ELLIPSIS.length()).append(text, 0, kept);
        }
        return kept < length ? out.append(ELLIPSIS).toString() : out.toString();
    }

    /**
     * {@code error} in one line, for a message that must not be a stack trace: its simple class name, its
     * message on one line (at most 300 characters), and the first frame of the code that threw it, outside
     * the JDK ({@code NullPointerException: ... (at com.acme.MyKernel.decide(MyKernel.java:42))}); then its
     * cause's class and message, when it has one of its own. Not escaped ({@link #printable} is for the
     * line as printed).
     */
    public static String describe(final Throwable error) {
        final StringBuilder text = new StringBuilder(error.getClass().getSimpleName());
        final String message = error.getMessage();
        if (message != null && !message.isBlank()) {
            text.append(": ").append(oneLine(message, 300));
        }
        for (final StackTraceElement frame : error.getStackTrace()) {
            final String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("javax.") && !type.startsWith("jdk.")
                && !type.startsWith("sun.")) {
                text.append(" (at ").append(frame(frame)).append(')');
                break;
            }
        }
        final Throwable cause = error.getCause();
        if (cause != null && cause != error && (message == null || !message.contains(String.valueOf(cause.getMessage())))) {
            text.append("; caused by ").append(cause.getClass().getSimpleName());
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                text.append(": ").append(oneLine(cause.getMessage(), 200));
            }
        }
        return text.toString();
    }

    /** {@code com.acme.MyKernel.decide(MyKernel.java:42)}: a stack frame without its class loader or module. */
    public static String frame(final StackTraceElement frame) {
        return frame.getClassName() + "." + frame.getMethodName() + "(" + (frame.isNativeMethod() ? "Native Method"
            : frame.getFileName() == null ? "Unknown Source" : frame.getLineNumber() >= 0 ? frame.getFileName() + ":"
            + frame.getLineNumber() : frame.getFileName()) + ")";
    }

    private static String oneLine(final String text, final int maxChars) {
        final String line = text.replace('\r', ' ').replace('\n', ' ').strip();
        return line.length() <= maxChars ? line : line.substring(0, maxChars) + ELLIPSIS;
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static boolean printsAsItself(final CharSequence text, final int i, final char c) {
        if (c >= 0x20 && c < 0x7F) {
            return true;
        }
        if (Character.isISOControl(c)) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                && visible(Character.toCodePoint(c, text.charAt(i + 1)));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(text.charAt(i - 1))
                && visible(Character.toCodePoint(text.charAt(i - 1), c));
        }
        return visible(c);
    }

    private static boolean visible(final int codePoint) {
        switch (Character.getType(codePoint)) {
            case Character.FORMAT:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
            case Character.SURROGATE:
            case Character.UNASSIGNED:
            case Character.PRIVATE_USE:
            case Character.CONTROL:
                return false;
            default:
                return true;
        }
    }
}
