package org.stowage.traces;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.stowage.terminal.InvalidValueException;
import org.stowage.terminal.Progress;
import org.stowage.traces.TraceSources.Check;
import org.stowage.traces.TraceSources.RemoteFile;
import org.stowage.traces.TraceSources.Source;

/**
 * Downloads a trace's files over HTTP(S) with {@link HttpClient}, resuming a partial file with an HTTP
 * Range request only where a published SHA-256 will check the result, and verifies each one before it
 * takes its final name.
 *
 * <p>A file being fetched is written to {@code NAME.part}; only once it passes the check it claims is it
 * renamed to {@code NAME}, atomically where the file system allows: its SHA-256 against the published one;
 * where the source publishes none, its size against the published size; where there is no published size
 * either, its size against the length the server declared for this transfer. So a file under its final name
 * has passed its check. A {@code .part} is resumed only for a source with a published SHA-256, which will
 * catch any splice (a {@code .part} left by another mirror, or a 416 reply that claims it complete); for any
 * other source it is started again. A download that nothing can verify (no published checksum or size, and
 * a body without a declared length) never takes the final name: it is kept as {@code NAME.unverified} and
 * the fetch fails, saying so. A {@code .part} that is a symbolic link is refused, never written through;
 * the file is opened without following links. A final file already present is verified again, never trusted.
 *
 * <p>Errors: a checksum file that does not list a file, a final file that fails its check, or a {@code .part}
 * that is a symbolic link is an {@link IllegalArgumentException} (one line, exit 2), found before any byte
 * is downloaded when the command checks first ({@link #existing}, {@link #checkPartial}); a download that
 * fails its check is deleted, and a transfer that fails (HTTP status, a connection that drops, a short body)
 * keeps its partial file where a resume can be checked: each a {@link TraceFetchFailure} (one line, exit 1)
 * that says what was kept. A body that sends nothing for the idle limit (60 s by default) is such a cut. Not
 * thread-safe; one per command.
 */
public final class TraceDownloader {
    /** A line of a sha256sum file: 64 hex digits, a space, then a space or '*' (binary mode), then the path. */
    private static final Pattern CHECKSUM_LINE = Pattern.compile("([0-9a-fA-F]{64}) [ *](.+)");
    private static final int BUFFER_BYTES = 1 << 16;
    static final String PARTIAL_SUFFIX = ".part";
    /** The name a download that nothing could verify is kept under. */
    public static final String UNVERIFIED_SUFFIX = ".unverified";
    private static final String USER_AGENT = "stowage/0.1.0 (traces fetch; java.net.http)";

    /** How long a transfer may go without a byte before it is given up as stalled. */
    public static final Duration DEFAULT_IDLE_LIMIT = Duration.ofSeconds(60);

    private final HttpClient client;
    private final boolean progress;
    private final Duration idleLimit;

    /**
     * @param client    the HTTP client (redirects followed)
     * @param progress  whether to show a progress bar (Progress hides it off a terminal and in CI anyway)
     * @param idleLimit how long a body may send nothing before the transfer is cut (the JDK client has no read
     *                  timeout of its own: its request timeout ends when the headers arrive)
     */
    public TraceDownloader(final HttpClient client, final boolean progress, final Duration idleLimit) {
        this.client = client;
        this.progress = progress;
        this.idleLimit = idleLimit;
    }

    /** A client that follows redirects (the sources redirect http to https and between mirrors). */
    public static HttpClient defaultClient() {
        return HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(30)).build();
    }

    /**
     * The published SHA-256 of each of {@code files} (lower-case hex by remote path), read from the source's
     * checksum file under {@code baseUrl}; an empty map when the source publishes none. Every file must be
     * listed: one that is not fails here, before anything is downloaded.
     */
    public Map<String, String> publishedChecksums(final Source source, final String baseUrl, final List<RemoteFile> files) {
        final Map<String, String> wanted = new HashMap<>();
        if (source.check() != Check.PUBLISHED_SHA256) {
            return wanted;
        }
        final URI uri = uri(baseUrl, source.checksumFile());
        final HttpResponse<String> response = send(uri, HttpRequest.newBuilder(uri).GET(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new TraceFetchFailure(uri + ": HTTP " + response.statusCode() + " for the published checksums; nothing"
                + " was downloaded", null);
        }
        final Map<String, String> listed = parseChecksums(uri, response.body());
        for (final RemoteFile file : files) {
            final String sha = find(uri, listed, file.remotePath());
            if (sha == null) {
                throw new IllegalArgumentException(uri + " lists no SHA-256 for " + file.remotePath()
                    + "; nothing was downloaded");
            }
            wanted.put(file.remotePath(), sha);
        }
        return wanted;
    }

    /** The entries of a sha256sum file (path as written, hash in lower case); a line of another form is an error. */
    static Map<String, String> parseChecksums(final URI where, final String text) {
        final Map<String, String> listed = new HashMap<>();
        final String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            final Matcher matcher = CHECKSUM_LINE.matcher(lines[i]);
            if (!matcher.matches()) {
                throw new IllegalArgumentException(where + " line " + (i + 1) + " = '" + abbreviated(lines[i])
                    + "': not a sha256sum line (64 hex digits, two spaces or ' *', a path); nothing was downloaded");
            }
            final String path = matcher.group(2).strip();
            final String sha = matcher.group(1).toLowerCase(Locale.ROOT);
            final String before = listed.put(path, sha);
            if (before != null && !before.equals(sha)) {
                throw new IllegalArgumentException(where + " line " + (i + 1) + ": " + abbreviated(path)
                    + " is listed twice with different SHA-256 (" + before + ", " + sha + "); nothing was downloaded");
            }
        }
        return listed;
    }

    /**
     * The hash of {@code remotePath}, listed as the path itself, as {@code ./path}, or under a prefix; null when
     * none is listed; an error when prefixed entries disagree.
     */
    private static String find(final URI where, final Map<String, String> listed, final String remotePath) {
        final String direct = listed.get(remotePath);
        if (direct != null) {
            return direct;
        }
        String found = null;
        for (final Map.Entry<String, String> entry : listed.entrySet()) {
            if (entry.getKey().endsWith("/" + remotePath)) {
                if (found != null && !found.equals(entry.getValue())) {
                    throw new IllegalArgumentException(where + " lists different SHA-256 for paths ending in "
                        + remotePath + "; nothing was downloaded");
                }
                found = entry.getValue();
            }
        }
        return found;
    }

    /**
     * Makes {@code target} a verified copy of {@code file}: checks an existing one, else downloads (resuming
     * {@code target.part}) and verifies. {@code sha256} is the published hash, or null for a size-only source.
     *
     * @return a line saying what was done and how the file was verified
     */
    public String fetch(final String baseUrl, final RemoteFile file, final String sha256, final Path target) {
        final URI uri = uri(baseUrl, file.remotePath());
        final String there = existing(file, sha256, target);
        if (there != null) {
            return there;
        }
        final Path partial = checkPartial(target);
        try {
            Files.createDirectories(target.getParent());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create " + target.getParent() + ": " + e.getMessage(), e);
        }
        final long declared = download(uri, partial, file, sha256 != null);
        final String problem = problem(partial, file, sha256, declared);
        if (problem != null) {
            delete(partial);
            throw new TraceFetchFailure(uri + ": the download " + problem + "; it was deleted, nothing kept", null);
        }
        if (sha256 == null && file.size() < 0 && declared < 0) {
            // nothing verifies these bytes: never the trace's name, which a reader would trust
            final Path unverified = target.resolveSibling(target.getFileName() + UNVERIFIED_SUFFIX);
            rename(partial, unverified);
            throw new TraceFetchFailure(uri + ": " + String.format(Locale.ROOT, "%,d", size(unverified)) + " bytes kept"
                + " as " + unverified + ", NOT verified: no checksum or size is published and the server declared no"
                + " length; check it and rename it to " + target.getFileName() + " to use it", null);
        }
        rename(partial, target);
        return target + ": " + String.format(Locale.ROOT, "%,d", size(target)) + " bytes, "
            + verifiedBy(file, sha256, size(target), declared);
    }

    /**
     * What to say of {@code target} when it is there already and passes its check (it is never downloaded
     * again); null when it is not there.
     *
     * @throws IllegalArgumentException when it is there and fails its check (it is never trusted, nor replaced)
     */
    public String existing(final RemoteFile file, final String sha256, final Path target) {
        if (!Files.isRegularFile(target)) {
            return null;
        }
        final String problem = problem(target, file, sha256, -1);
        if (problem != null) {
            throw new IllegalArgumentException(target + " is already there but " + problem
                + "; delete it to fetch it again");
        }
        return target + ": already there, " + (sha256 == null && file.size() < 0
            ? "not checked (no checksum or size is published; delete it to fetch it again)"
            : verifiedBy(file, sha256, size(target), -1));
    }

    /**
     * The partial file of {@code target}, after checking that it is not a symbolic link: a download is never
     * written through one (into wherever it points).
     *
     * @throws IllegalArgumentException naming the link and its target when it is one
     */
    public static Path checkPartial(final Path target) {
        final Path partial = target.resolveSibling(target.getFileName() + PARTIAL_SUFFIX);
        if (Files.isSymbolicLink(partial)) {
            String to;
            try {
                to = Files.readSymbolicLink(partial).toString();
            } catch (final IOException e) {
                to = "?";
            }
            throw new IllegalArgumentException(partial + " is a symbolic link (to " + to + "); a download is never"
                + " written through one: remove it and rerun");
        }
        return partial;
    }

    private static void rename(final Path from, final Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (final IOException e) {
            try {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            } catch (final IOException again) {
                throw new UncheckedIOException("cannot rename " + from + " to " + to + ": " + again.getMessage(), again);
            }
        }
    }

    /** How a file that passed {@link #problem} was verified, in words ({@code declared} -1 when not known). */
    private static String verifiedBy(final RemoteFile file, final String sha256, final long size, final long declared) {
        if (sha256 != null) {
            return "SHA-256 matches the published " + sha256;
        }
        if (file.size() >= 0) {
            return "size matches the table's " + String.format(Locale.ROOT, "%,d", file.size())
                + " bytes (no checksum is published)";
        }
        if (declared >= 0) {
            return "size " + String.format(Locale.ROOT, "%,d", size) + " bytes as the server declared (no checksum or"
                + " size is published)";
        }
        return "NOT verified: no checksum or size is published, and the server declared no length";
    }

    /**
     * Why {@code path} is not a good copy (null when it is): its SHA-256 against {@code sha256}, else its size
     * against the table's, else against {@code declared} (the server's total length, -1 unknown).
     */
    private static String problem(final Path path, final RemoteFile file, final String sha256, final long declared) {
        final long size = size(path);
        if (sha256 != null) {
            final String actual = sha256(path);
            return actual.equals(sha256) ? null : "has SHA-256 " + actual + ", not the published " + sha256
                + " (" + String.format(Locale.ROOT, "%,d", size) + " bytes)";
        }
        if (file.size() >= 0) {
            return size == file.size() ? null : "has " + String.format(Locale.ROOT, "%,d", size) + " bytes, not the "
                + String.format(Locale.ROOT, "%,d", file.size()) + " of the published file (no checksum is published)";
        }
        if (declared >= 0 && size != declared) {
            return "has " + String.format(Locale.ROOT, "%,d", size) + " bytes, not the " + String.format(Locale.ROOT,
                "%,d", declared) + " the server declared";
        }
        return null;
    }

    /**
     * Downloads {@code uri} into {@code partial}: when {@code resumable} (a published SHA-256 will check the
     * result), continuing after the bytes it already holds if the server honours the Range request (206),
     * starting over when it sends the whole file (200); otherwise always from the first byte, any partial
     * file deleted first (nothing could tell a good prefix from a spliced one).
     *
     * @return the file's total length as the server declared it, or -1 when it did not
     */
    private long download(final URI uri, final Path partial, final RemoteFile file, final boolean resumable) {
        long have = Files.isRegularFile(partial, LinkOption.NOFOLLOW_LINKS) ? size(partial) : 0;
        if (!resumable || file.size() >= 0 && have > file.size()) {
            // not checkable after a splice, or longer than the published file (cannot be a prefix of it)
            delete(partial);
            have = 0;
        }
        final HttpRequest.Builder request = HttpRequest.newBuilder(uri).GET();
        if (have > 0) {
            request.header("Range", "bytes=" + have + "-");
        }
        final HttpResponse<InputStream> response = send(uri, request, HttpResponse.BodyHandlers.ofInputStream());
        final int status = response.statusCode();
        final long contentLength = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        final long start;
        final long total;
        if (status == 206 && have > 0) {
            start = rangeStart(uri, response);
            if (start != have) {
                close(response);
                throw new TraceFetchFailure(uri + ": the server resumed at byte " + start + ", not at " + have
                    + "; delete " + partial + " and rerun", null);
            }
            total = rangeTotal(response);
        } else if (status == 416 && have > 0) {
            // the partial file already holds every byte (or more): let the check decide
            close(response);
            return response.headers().firstValue("Content-Range").map(TraceDownloader::totalOf).orElse(-1L);
        } else if (status == 200) {
            start = 0;
            total = contentLength;
        } else {
            close(response);
            throw new TraceFetchFailure(uri + ": HTTP " + status + (status == 404 ? " (not found)" : "")
                + "; nothing was downloaded" + (have > 0 ? " (" + partial + " kept for a later resume)" : ""), null);
        }
        final long expected = total >= 0 ? total : file.size();
        long written = start;
        final IdleWatch watch = new IdleWatch(response.body(), idleLimit);
        try (watch;
             InputStream body = response.body();
             OutputStream sink = Files.newOutputStream(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                 start == 0 ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
             Progress bar = progress && expected > 0 ? Progress.ofBytes(
                 Path.of(file.localPath()).getFileName().toString(), expected) : Progress.silent()) {
            final byte[] buffer = new byte[BUFFER_BYTES];
            int read;
            while ((read = body.read(buffer)) >= 0) {
                sink.write(buffer, 0, read);
                written += read;
                watch.progressed();
                bar.stepTo(written);
            }
        } catch (final IOException e) {
            throw stopped(uri, partial, written, expected, watch.stalled()
                ? "no data for " + BigDecimal.valueOf(idleLimit.toMillis(), 3).stripTrailingZeros().toPlainString() + " s"
                : describe(e), resumable);
        }
        if (total >= 0 && written < total) {
            throw stopped(uri, partial, written, total, "the body ended early", resumable);
        }
        return total;
    }

    /**
     * Closes a response body that has sent nothing for the idle limit, which ends a read blocked on it with an
     * IOException; checks four times per limit on a daemon thread, stopped by {@link #close}.
     */
    private static final class IdleWatch implements AutoCloseable {
        private final ScheduledExecutorService timer;
        private volatile long lastProgress = System.nanoTime();
        private volatile boolean stalled;

        IdleWatch(final InputStream body, final Duration limit) {
            timer = Executors.newSingleThreadScheduledExecutor(task -> {
                final Thread thread = new Thread(task, "stowage-download-idle-watch");
                thread.setDaemon(true);
                return thread;
            });
            final long limitNanos = limit.toNanos();
            final long period = Math.max(1, limitNanos / 4);
            timer.scheduleAtFixedRate(() -> {
                if (!stalled && System.nanoTime() - lastProgress > limitNanos) {
                    stalled = true;
                    try {
                        body.close();
                    } catch (final IOException ignored) {
                        // the blocked read fails either way
                    }
                }
            }, period, period, TimeUnit.NANOSECONDS);
        }

        void progressed() {
            lastProgress = System.nanoTime();
        }

        boolean stalled() {
            return stalled;
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
    }

    private static TraceFetchFailure stopped(final URI uri, final Path partial, final long written, final long expected,
                                          final String why, final boolean resumable) {
        if (!resumable) {
            // a partial file no check could vouch for after a resume: gone, and the next run starts over
            delete(partial);
        }
        return new TraceFetchFailure(uri + ": the transfer stopped after " + String.format(Locale.ROOT, "%,d", written)
            + (expected >= 0 ? " of " + String.format(Locale.ROOT, "%,d", expected) : "") + " bytes (" + why + "); "
            + (resumable ? partial + " was kept: rerun the same command to resume" : "nothing was kept (this source"
            + " publishes no SHA-256 to check a resumed file against): rerun the same command to start again"), null);
    }

    /** The first byte of a 206 response's {@code Content-Range: bytes A-B/T}. */
    private static long rangeStart(final URI uri, final HttpResponse<?> response) {
        final String range = response.headers().firstValue("Content-Range").orElse("");
        final Matcher matcher = Pattern.compile("bytes (\\d+)-\\d+/(\\d+|\\*)").matcher(range.strip());
        if (!matcher.matches()) {
            close(response);
            throw new TraceFetchFailure(uri + ": a partial response (206) with Content-Range '" + abbreviated(range)
                + "', not 'bytes A-B/T'", null);
        }
        return Long.parseLong(matcher.group(1));
    }

    private static long rangeTotal(final HttpResponse<?> response) {
        return response.headers().firstValue("Content-Range").map(TraceDownloader::totalOf).orElse(-1L);
    }

    /** T of {@code bytes A-B/T} or {@code bytes * /T}; -1 when it is '*' or absent. */
    private static long totalOf(final String contentRange) {
        final int slash = contentRange.lastIndexOf('/');
        if (slash < 0) {
            return -1;
        }
        try {
            return Long.parseLong(contentRange.substring(slash + 1).strip());
        } catch (final NumberFormatException e) {
            return -1;
        }
    }

    private <T> HttpResponse<T> send(final URI uri, final HttpRequest.Builder request,
                                     final HttpResponse.BodyHandler<T> handler) {
        try {
            // identity: the checks are over the bytes as published, never a transfer encoding of them
            return client.send(request.timeout(Duration.ofMinutes(2)).header("Accept-Encoding", "identity")
                .header("User-Agent", USER_AGENT).build(), handler);
        } catch (final IOException e) {
            throw new TraceFetchFailure(uri + ": cannot fetch it (" + describe(e) + "); check the network (or give"
                + " --base-url a mirror) and rerun the same command: a file cut short is kept as NAME.part and"
                + " resumed", e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TraceFetchFailure(uri + ": interrupted", e);
        }
    }

    /** The exception's message, or its class's name where it has none (ConnectException, for one). */
    private static String describe(final Exception e) {
        final String name = e.getClass().getSimpleName();
        return e.getMessage() == null || e.getMessage().isBlank() ? name : name + ": " + e.getMessage();
    }

    private static void close(final HttpResponse<?> response) {
        if (response.body() instanceof InputStream stream) {
            try {
                stream.close();
            } catch (final IOException ignored) {
                // the response is abandoned either way
            }
        }
    }

    /** {@code base} + {@code path}, checked to be an http or https URL. */
    public static URI uri(final String base, final String path) {
        try {
            final URI uri = new URI(base + path);
            if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
                throw new InvalidValueException("--base-url", "'" + base + "' (an http or https URL)");
            }
            return uri;
        } catch (final URISyntaxException e) {
            throw new InvalidValueException("--base-url", "'" + base + "': " + e.getReason(), e);
        }
    }

    /** The SHA-256 of {@code path} in lower-case hex. */
    public static String sha256(final Path path) {
        final MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        try (InputStream in = Files.newInputStream(path)) {
            final byte[] buffer = new byte[BUFFER_BYTES];
            int read;
            while ((read = in.read(buffer)) >= 0) {
                digest.update(buffer, 0, read);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static long size(final Path path) {
        try {
            return Files.size(path);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private static void delete(final Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
        }
    }

    private static String abbreviated(final String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
