package org.stowage.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every {@code bin/stowage} command line of README.md and docs/*.md, as a reader would copy it: the lines of code
 * blocks (a {@code $ } prompt dropped, lines ending in a backslash joined to the next, a trailing {@code # comment}
 * dropped) and the code spans of the prose, split into words as a POSIX shell splits them (quotes, backslashes),
 * with their {@code NAME=value} environment in front. A synopsis is not a command: a line or span with {@code ...},
 * {@code " | "}, {@code "[--"} or a placeholder word ({@link #PLACEHOLDERS}), and the bare launcher names.
 */
final class DocCommands {
    /** Words the docs write for "put yours here". */
    static final Set<String> PLACEHOLDERS = Set.of("FIGURE", "DIR", "TRACE", "FILE", "PATH", "LIST", "SERVERS", "SPEC",
        "NAME", "VALUES", "ARGS", "URL", "N", "PAPER");
    private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern LAUNCHER = Pattern.compile("bin/stowage(-spark)?");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    /**
     * One command line.
     *
     * @param where       {@code FILE:LINE} of its first line
     * @param text        as written (continuations joined)
     * @param environment its {@code NAME=value} words
     * @param launcher    {@code bin/stowage} or {@code bin/stowage-spark}
     * @param arguments   the words after the launcher
     */
    record Command(String where, String text, Map<String, String> environment, String launcher, List<String> arguments) {
        @Override
        public String toString() {
            return where + ": " + text;
        }

        /** Whether it runs on Spark: the Spark launcher, or {@code --engine spark} (which bin/stowage hands to it). */
        boolean onSpark() {
            if (launcher.equals("bin/stowage-spark")) {
                return true;
            }
            for (int i = 0; i < arguments.size(); i++) {
                if (arguments.get(i).equals("--engine=spark")
                    || arguments.get(i).equals("--engine") && i + 1 < arguments.size()
                    && arguments.get(i + 1).equals("spark")) {
                    return true;
                }
            }
            return false;
        }
    }

    private DocCommands() {
    }

    /** The repository's root, from this module's folder (surefire runs in core/cli). */
    static Path root() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("../..").normalize();
    }

    /** README.md, then docs/*.md in name order. */
    static List<Path> files(final Path root) throws IOException {
        final List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** Every command line of {@code files}, in order. */
    static List<Command> of(final Path root, final List<Path> files) throws IOException {
        final List<Command> commands = new ArrayList<>();
        for (final Path file : files) {
            final String name = root.relativize(file).toString();
            final List<String> lines = Files.readAllLines(file);
            final StringBuilder prose = new StringBuilder();
            final List<Integer> proseLines = new ArrayList<>();
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                final String line = lines.get(i);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (!fenced) {
                    prose.append(line).append('\n');
                    proseLines.add(i + 1);
                    continue;
                }
                String text = line.strip();
                final int first = i + 1;
                while (text.endsWith("\\") && i + 1 < lines.size()) {
                    text = text.substring(0, text.length() - 1).stripTrailing() + " " + lines.get(++i).strip();
                }
                if (text.startsWith("$ ")) {
                    text = text.substring(2);
                }
                add(commands, name + ":" + first, text);
            }
            final Matcher span = SPAN.matcher(prose);
            while (span.find()) {
                final int line = proseLines.get((int) prose.substring(0, span.start()).chars().filter(c -> c == '\n').count());
                add(commands, name + ":" + line, span.group(1).replace('\n', ' ').strip());
            }
        }
        return commands;
    }

    /** Adds {@code text} when it is a command line (not a synopsis, not another program). */
    private static void add(final List<Command> commands, final String where, final String text) {
        final List<String> words = words(text);
        final Map<String, String> environment = new LinkedHashMap<>();
        int at = 0;
        while (at < words.size() && ASSIGNMENT.matcher(words.get(at)).matches()
            && !LAUNCHER.matcher(words.get(at)).matches()) {
            final String assignment = words.get(at++);
            environment.put(assignment.substring(0, assignment.indexOf('=')), assignment.substring(assignment.indexOf('=') + 1));
        }
        if (at >= words.size() || !LAUNCHER.matcher(words.get(at)).matches() || at + 1 == words.size()
            || synopsis(text, words)) {
            return;
        }
        commands.add(new Command(where, text, environment, words.get(at), List.copyOf(words.subList(at + 1, words.size()))));
    }

    private static boolean synopsis(final String text, final List<String> words) {
        if (text.contains("...") || text.contains(" | ") || text.contains("[--")) {
            return true;
        }
        for (final String word : words) {
            for (final String part : word.split("[^A-Za-z0-9_]+")) {
                if (PLACEHOLDERS.contains(part)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The words of a shell line: quotes and backslashes as sh reads them; a {@code #} word starts a comment. */
    static List<String> words(final String line) {
        final List<String> words = new ArrayList<>();
        final StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (c == '\'') {
                final int end = line.indexOf('\'', i + 1);
                word.append(line, i + 1, end < 0 ? line.length() : end);
                i = end < 0 ? line.length() : end;
                inWord = true;
            } else if (c == '"') {
                for (i++; i < line.length() && line.charAt(i) != '"'; i++) {
                    if (line.charAt(i) == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                        i++;
                    }
                    word.append(line.charAt(i));
                }
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
