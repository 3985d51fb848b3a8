package org.stowage.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A local HTTP server over a folder of fixture files, for the download tests (no network): GET of a path
 * serves the file under {@code root} (404 when absent), honours {@code Range: bytes=N-} with 206 (or 416 past
 * the end) unless told to ignore ranges, and can cut a file's body short after a number of bytes while
 * declaring its full length (a truncated transfer), or send some bytes then stall, or send whole files chunked.
 * Records every request as "PATH" or "PATH Range: ...".
 */
final class FixtureHttpServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-");

    private final Path root;
    private final HttpServer server;
    private final List<String> requests = new ArrayList<>();
    private final Map<String, Long> cutAfter = new ConcurrentHashMap<>();
    private volatile boolean ignoreRanges;
    private volatile boolean refuseRanges;
    private volatile boolean chunked;
    private final Map<String, Long> stallAfter = new ConcurrentHashMap<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    FixtureHttpServer(final Path root) throws IOException {
        this.root = root;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        // a stalled response must not hold up the next request
        server.setExecutor(Executors.newCachedThreadPool(task -> {
            final Thread thread = new Thread(task, "fixture-http");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    /** The base URL, ending in '/'. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** From now on the body of {@code path} stops after {@code bytes} bytes (its full length still declared). */
    void cutAfter(final String path, final long bytes) {
        cutAfter.put(path, bytes);
    }

    /** From now on the body of {@code path} sends {@code bytes} bytes, then nothing until the server closes. */
    void stallAfter(final String path, final long bytes) {
        stallAfter.put(path, bytes);
    }

    /** From now on {@code path} is served whole. */
    void serveWhole(final String path) {
        cutAfter.remove(path);
    }

    /** Answer every request with the whole file (200), as a server without range support does. */
    void ignoreRanges() {
        ignoreRanges = true;
    }

    /** Answer every Range request with 416 and no Content-Range, as a hostile mirror may (claiming it is all there). */
    void refuseRanges() {
        refuseRanges = true;
    }

    /** From now on whole files are sent chunked, with no Content-Length (the server declares no length). */
    void sendChunked() {
        chunked = true;
    }

    synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    private void handle(final HttpExchange exchange) throws IOException {
        final String path = exchange.getRequestURI().getPath().substring(1);
        final String range = exchange.getRequestHeaders().getFirst("Range");
        synchronized (this) {
            requests.add(range == null ? path : path + " Range: " + range);
        }
        try (exchange) {
            final Path file = root.resolve(path);
            if (path.isEmpty() || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            final byte[] bytes = Files.readAllBytes(file);
            if (range != null && refuseRanges) {
                exchange.sendResponseHeaders(416, -1);
                return;
            }
            int from = 0;
            final Matcher matcher = range == null || ignoreRanges ? null : RANGE.matcher(range);
            if (matcher != null && matcher.matches()) {
                from = Integer.parseInt(matcher.group(1));
                if (from >= bytes.length) {
                    exchange.getResponseHeaders().set("Content-Range", "bytes */" + bytes.length);
                    exchange.sendResponseHeaders(416, -1);
                    return;
                }
                exchange.getResponseHeaders().set("Content-Range", "bytes " + from + "-" + (bytes.length - 1) + "/"
                    + bytes.length);
                exchange.sendResponseHeaders(206, bytes.length - from);
            } else {
                exchange.sendResponseHeaders(200, chunked ? 0 : bytes.length);
            }
            final long cut = Math.min(cutAfter.getOrDefault(path, Long.MAX_VALUE),
                stallAfter.getOrDefault(path, Long.MAX_VALUE));
            final int end = (int) Math.min(bytes.length, Math.max(from, cut));
            final OutputStream body = exchange.getResponseBody();
            body.write(bytes, from, end - from);
            body.flush();
            if (end < bytes.length && stallAfter.containsKey(path)) {
                try {
                    closing.await();
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (end < bytes.length) {
                // drop the connection with the body short of its declared length, as a network failure does
                throw new IOException("cut on purpose after " + end + " bytes");
            }
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
    }
}
