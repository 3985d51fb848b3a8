package org.stowage.sweep;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.stowage.core.Messages;
import org.stowage.terminal.InvalidValueException;

/**
 * Checks an output directory before any work is done, so a bad {@code --out} costs nothing: the path must
 * be given, must not be a file, must be creatable and writable (tried, not guessed from permissions), and
 * must not hold another command's results. What a directory holds is told by the files each command
 * writes: a sweep (or a figure of {@code reproduce}) writes {@value SweepFiles#MANIFEST}, a run
 * {@value #RUN_SUMMARY}; rerunning the same kind of command into its own directory is allowed (a run
 * overwrites its files, a sweep resumes).
 */
public final class OutputDirectory {
    /** The file by which a directory is known to hold a {@code run}'s results. */
    public static final String RUN_SUMMARY = "summary.json";

    /**
     * Which command writes the directory: a run, a sweep, or {@code reproduce}, whose directory only holds
     * one sweep directory per figure (so it may be any directory).
     */
    public enum Owner {
        RUN, SWEEP, FIGURES
    }

    private OutputDirectory() {
    }

    /**
     * Creates {@code directory} if needed and checks it can take {@code owner}'s results.
     *
     * @param flag names the directory in messages ({@code --out}), or null for "output directory"
     * @throws IllegalArgumentException one line, {@code invalid value for FLAG: 'DIR' REASON}
     */
    public static void prepare(final Path directory, final Owner owner, final String flag) {
        checkOwner(directory, owner, flag);
        final String text = directory.toString();
        try {
            Files.createDirectories(directory);
        } catch (final FileAlreadyExistsException e) {
            throw error(flag, text, "cannot be created: " + Messages.printable(e.getFile()) + " is not a directory");
        } catch (final IOException | SecurityException e) {
            throw error(flag, text, "cannot be created (" + reason(e) + ")");
        }
        writable(directory, flag, text);
    }

    /**
     * Checks, as {@link #prepare} does, that {@code directory} could be created and written and can take
     * {@code owner}'s results, without creating it: the nearest existing directory on its path is tried
     * instead. For a command that writes nothing until it has results (a run), so an interrupted or failed
     * command leaves no empty directory behind.
     */
    public static void check(final Path directory, final Owner owner, final String flag) {
        checkOwner(directory, owner, flag);
        final String text = directory.toString();
        Path existing = directory.toAbsolutePath();
        while (!Files.exists(existing)) {
            notDangling(existing, flag, text);
            existing = existing.getParent();
            if (existing == null) {
                throw error(flag, text, "cannot be created (no existing directory on its path)");
            }
        }
        if (!Files.isDirectory(existing)) {
            throw error(flag, text, "cannot be created (Not a directory: " + Messages.printable(text) + ")");
        }
        writable(existing, flag, text);
    }

    private static void writable(final Path directory, final String flag, final String text) {
        try {
            Files.delete(Files.createTempFile(directory, ".stowage-write-check", ".tmp"));
        } catch (final IOException | SecurityException e) {
            throw error(flag, text, "is not writable (" + reason(e) + ")");
        }
    }

    /**
     * Holds {@code directory} for this command until closed: a lock on {@value #LOCK} in it, so a second
     * command writing into the same directory (two sweeps into one --out, in two terminals) is refused up
     * front, not left to fail late on a shared temporary file. The lock file stays (an empty file; removing
     * it would race with the next command's lock); the operating system lets the lock go when the process
     * ends, however it ends.
     *
     * @throws IllegalArgumentException one line naming {@code flag} when another command holds the directory
     */
    public static Held lock(final Path directory, final String flag) {
        final String text = directory.toString();
        final FileChannel channel;
        try {
            channel = FileChannel.open(directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (final IOException e) {
            throw error(flag, text, "cannot be locked (" + reason(e) + ")");
        }
        FileLock lock = null;
        try {
            lock = channel.tryLock();
        } catch (final OverlappingFileLockException e) {
            // held by this JVM already
        } catch (final IOException e) {
            close(channel);
            throw error(flag, text, "cannot be locked (" + reason(e) + ")");
        }
        if (lock == null) {
            close(channel);
            throw error(flag, text, "is being written by another stowage command (it holds " + LOCK + " there); wait"
                + " for it to end, or give another directory");
        }
        return () -> close(channel);
    }

    /** A directory held by {@link #lock} until closed. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** The lock file of {@link #lock}. */
    public static final String LOCK = ".stowage.lock";

    private static void close(final FileChannel channel) {
        try {
            channel.close();
        } catch (final IOException ignored) {
            // the lock is refused either way
        }
    }

    /** Refuses a dangling symbolic link on the way to the directory: it could never be created there. */
    private static void notDangling(final Path path, final String flag, final String text) {
        if (Files.isSymbolicLink(path)) {
            String target;
            try {
                target = Files.readSymbolicLink(path).toString();
            } catch (final IOException e) {
                target = "?";
            }
            throw error(flag, text, "cannot be created: " + Messages.printable(path.toString()) + " is a symbolic link to "
                + Messages.printable(target) + ", which does not exist");
        }
    }

    private static void checkOwner(final Path directory, final Owner owner, final String flag) {
        final String text = directory.toString();
        if (text.isBlank()) {
            throw error(flag, text, "is an empty path (give a directory, e.g. --out results)");
        }
        if (!Files.exists(directory)) {
            notDangling(directory.toAbsolutePath(), flag, text);
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw error(flag, text, "exists and is not a directory");
        }
        final boolean sweep = Files.exists(directory.resolve(SweepFiles.MANIFEST));
        final boolean run = Files.exists(directory.resolve(RUN_SUMMARY)) && !sweep;
        if (owner == Owner.RUN && sweep) {
            throw error(flag, text, "holds a sweep's results (" + SweepFiles.MANIFEST + "); a run would overwrite its "
                + SweepFiles.RESULTS + "; use another directory");
        }
        if (owner == Owner.SWEEP && run) {
            throw error(flag, text, "holds a run's results (" + RUN_SUMMARY + "); a sweep would overwrite its "
                + SweepFiles.RESULTS + "; use another directory");
        }
    }

    private static String reason(final Exception e) {
        if (e instanceof NoSuchFileException missing) {
            return "no such directory: " + missing.getFile();
        }
        if (e instanceof AccessDeniedException denied) {
            return "access denied: " + denied.getFile();
        }
        if (e instanceof FileSystemException failed && failed.getReason() != null) {
            return failed.getReason() + ": " + failed.getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static IllegalArgumentException error(final String flag, final String directory, final String reason) {
        return flag == null ? new IllegalArgumentException("output directory '" + directory + "' " + reason)
            : new InvalidValueException(flag, "'" + directory + "' " + reason);
    }
}
