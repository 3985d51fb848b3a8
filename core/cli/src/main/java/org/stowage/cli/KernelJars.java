package org.stowage.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The jars and class folders named by {@value #VARIABLE}, whose kernel families join the registry of every
 * command: entries separated by {@code ':'} ({@link File#pathSeparator}), each a jar, a folder of classes, or
 * {@code DIR/*} for every jar in a folder (as {@code java -cp} takes them); empty entries are skipped. Relative
 * entries are read from the working directory.
 *
 * <p>Every entry is checked before anything runs: one that does not exist, is not a jar (a zip file) or a
 * folder, or cannot be read is refused in one line naming the entry and the path it was read as, since the JVM
 * would skip it silently and the kernel would only be "unknown". The same kernel family in two entries (an old
 * and a new copy of one jar) is refused by the registry ({@code KernelRegistry}), naming both.
 */
public final class KernelJars {
    /** The environment variable the launchers read. */
    public static final String VARIABLE = "STOWAGE_CLASSPATH";

    private KernelJars() {
    }

    /**
     * The entries of {@code value} (null or empty for none), each a jar or a folder, relative ones resolved
     * against {@code workingDirectory}, in order.
     *
     * @throws IllegalArgumentException one line naming the entry that is missing, not a jar or a folder, or
     *                                  unreadable
     */
    public static List<Path> entries(final String value, final Path workingDirectory) {
        final List<Path> paths = new ArrayList<>();
        if (value == null) {
            return paths;
        }
        for (final String entry : value.split(File.pathSeparator, -1)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                paths.addAll(jarsIn(entry, workingDirectory.resolve(entry.substring(0, entry.length() - 1))
                    .toAbsolutePath().normalize()));
                continue;
            }
            final Path path = workingDirectory.resolve(entry).toAbsolutePath().normalize();
            check(entry, path);
            paths.add(path);
        }
        return paths;
    }

    private static List<Path> jarsIn(final String entry, final Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(VARIABLE + " entry '" + entry + "' names no folder: " + folder
                + (Files.exists(folder) ? " is not a folder" : " does not exist"));
        }
        final List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.{jar,JAR}")) {
            for (final Path file : files) {
                jars.add(file.toAbsolutePath().normalize());
            }
        } catch (final IOException e) {
            throw new IllegalArgumentException(VARIABLE + " entry '" + entry + "': " + folder + " cannot be read ("
                + e.getMessage() + ")", e);
        }
        if (jars.isEmpty()) {
            throw new IllegalArgumentException(VARIABLE + " entry '" + entry + "' matches no jar in " + folder);
        }
        jars.sort(null);
        for (final Path jar : jars) {
            check(entry, jar);
        }
        return jars;
    }

    private static void check(final String entry, final Path path) {
        final String named = VARIABLE + " entry '" + entry + "'";
        if (Files.isDirectory(path)) {
            if (!Files.isReadable(path)) {
                throw new IllegalArgumentException(named + ": the folder " + path + " cannot be read");
            }
            return;
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(named + " does not exist: " + path);
        }
        final byte[] magic = new byte[4];
        int read = 0;
        try (InputStream in = Files.newInputStream(path)) {
            while (read < magic.length) {
                final int n = in.read(magic, read, magic.length - read);
                if (n < 0) {
                    break;
                }
                read += n;
            }
        } catch (final IOException e) {
            throw new IllegalArgumentException(named + ": " + path + " cannot be read (" + e.getMessage() + ")", e);
        }
        // a zip file (a jar) starts with a local file header, or with the end record when it is empty
        final boolean zip = read == 4 && magic[0] == 'P' && magic[1] == 'K'
            && (magic[2] == 3 && magic[3] == 4 || magic[2] == 5 && magic[3] == 6);
        if (!zip) {
            throw new IllegalArgumentException(named + " is neither a jar nor a folder: " + path + " is not a zip file");
        }
    }
}
