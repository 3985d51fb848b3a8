package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.traces.TraceDownloader;
import org.stowage.traces.TraceFetchFailure;
import org.stowage.traces.TraceSources;

/**
 * {@code stowage traces fetch} against {@link FixtureHttpServer} (a local server over fixture files; no
 * network): the Google parts with a SHA256SUM computed here over what the server serves, the size-only
 * sources with files of the table's sizes, and every failure: a partial file resumed, a transfer cut short,
 * a checksum or size that does not match, a 404, a checksum file that does not list a part, bad --parts.
 */
class TracesFetchCommandTest {
    private static final String PART0 = "task_events/part-00000-of-00500.csv.gz";
    private static final String PART1 = "task_events/part-00001-of-00500.csv.gz";

    @TempDir
    Path temp;
    private Path served;
    private Path to;
    private FixtureHttpServer server;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void serveTheFixtures() throws IOException, URISyntaxException {
        served = Files.createDirectories(temp.resolve("served"));
        to = temp.resolve("traces");
        Files.createDirectories(served.resolve("task_events"));
        // the loaders' two-part Google fixture, as parts 0 and 1 of the real trace's names (both gzip)
        final Path rules = Path.of(getClass().getResource("/traces/google/rules").toURI());
        Files.write(served.resolve(PART0), gzip(Files.readAllBytes(rules.resolve("part-00000-of-00002.csv"))));
        Files.copy(rules.resolve("part-00001-of-00002.csv.gz"), served.resolve(PART1));
        writeChecksums(PART0, PART1);
        server = new FixtureHttpServer(served);
        out = new StringWriter();
        err = new StringWriter();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int fetch(final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        final String[] full = new String[args.length + 6];
        full[0] = "traces";
        full[1] = "fetch";
        System.arraycopy(args, 0, full, 2, args.length);
        full[args.length + 2] = "--base-url";
        full[args.length + 3] = server.baseUrl();
        full[args.length + 4] = "--to";
        full[args.length + 5] = to.toString();
        return StowageCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), full);
    }

    /** The exit code, and exactly one line on standard error that starts as {@code start}. */
    private void assertOneLine(final int code, final String start, final int actual) {
        assertEquals(code, actual, out + "\n" + err);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith(start), err.toString());
    }

    private void writeChecksums(final String... paths) throws IOException {
        final StringBuilder text = new StringBuilder();
        for (final String path : paths) {
            // sha256sum's binary-mode form, as GNU coreutils writes with -b
            text.append(TraceDownloader.sha256(served.resolve(path))).append(" *").append(path).append('\n');
        }
        Files.writeString(served.resolve("SHA256SUM"), text);
    }

    private static byte[] gzip(final byte[] bytes) throws IOException {
        final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(buffer)) {
            zip.write(bytes);
        }
        return buffer.toByteArray();
    }

    private static byte[] randomBytes(final int size, final long seed) {
        final byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private Path local(final String remote) {
        return to.resolve("google-2011").resolve(remote);
    }

    private long partRequests() {
        return server.requests().stream().filter(request -> request.startsWith("task_events/")).count();
    }

    @Test
    void fetchesVerifiesAndPrintsTheTraceArgumentThatReadsIt() throws IOException {
        assertEquals(0, fetch("google2011", "--parts", "0-1"), err.toString());
        for (final String part : List.of(PART0, PART1)) {
            assertArrayEquals(Files.readAllBytes(served.resolve(part)), Files.readAllBytes(local(part)), part);
            assertFalse(Files.exists(Path.of(local(part) + ".part")), part);
        }
        final String text = out.toString();
        assertTrue(text.contains(local(PART0) + ": " + String.format("%,d", Files.size(local(PART0)))
            + " bytes, SHA-256 matches the published " + TraceDownloader.sha256(served.resolve(PART0))), text);
        final String traceDir = to.resolve("google-2011/task_events").toString();
        assertTrue(text.contains("  --trace google2011:" + traceDir + "   (run, sweep, trace-summary)"), text);
        assertTrue(text.contains("  --trace " + traceDir + "   (reproduce)"), text);
        assertEquals("", err.toString());
        assertEquals(List.of("SHA256SUM", PART0, PART1), server.requests());

        // the printed argument reads the fetched parts: the same counts as the loaders' fixture
        final StringWriter summary = new StringWriter();
        assertEquals(0, StowageCli.execute(new PrintWriter(summary, true), new PrintWriter(err, true),
            "trace-summary", "google2011:" + traceDir));
        assertTrue(summary.toString().contains("tasks: 22 seen = 4 kept + 18 dropped"), summary.toString());

        // a second run verifies what is there and downloads nothing
        assertEquals(0, fetch("google2011", "--parts", "0-1"), err.toString());
        assertTrue(out.toString().contains(local(PART1) + ": already there, SHA-256 matches the published"), out.toString());
        assertEquals(2, partRequests());
    }

    @Test
    void resumesAPartialFileWithARangeRequest() throws IOException {
        final byte[] whole = Files.readAllBytes(served.resolve(PART0));
        Files.createDirectories(local(PART0).getParent());
        final int have = whole.length / 3;
        Files.write(Path.of(local(PART0) + ".part"), Arrays.copyOf(whole, have));
        assertEquals(0, fetch("google2011", "--parts", "0"), err.toString());
        assertEquals(List.of("SHA256SUM", PART0 + " Range: bytes=" + have + "-"), server.requests());
        assertArrayEquals(whole, Files.readAllBytes(local(PART0)));
        assertFalse(Files.exists(Path.of(local(PART0) + ".part")));
    }

    @Test
    void aServerThatIgnoresTheRangeSendsTheWholeFileAndItIsWrittenFromTheStart() throws IOException {
        final byte[] whole = Files.readAllBytes(served.resolve(PART0));
        Files.createDirectories(local(PART0).getParent());
        Files.write(Path.of(local(PART0) + ".part"), Arrays.copyOf(whole, whole.length / 2));
        server.ignoreRanges();
        assertEquals(0, fetch("google2011", "--parts", "0"), err.toString());
        assertArrayEquals(whole, Files.readAllBytes(local(PART0)));
    }

    @Test
    void aTruncatedTransferKeepsThePartialFileAndTheNextRunResumesIt() throws IOException {
        final byte[] whole = Files.readAllBytes(served.resolve(PART0));
        final int cut = whole.length / 2;
        server.cutAfter(PART0, cut);
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + PART0 + ": ", fetch("google2011", "--parts", "0"));
        assertTrue(err.toString().contains("rerun the same command to resume"), err.toString());
        assertFalse(Files.exists(local(PART0)), "a cut file never takes the final name");
        final Path partial = Path.of(local(PART0) + ".part");
        assertTrue(Files.exists(partial));
        assertTrue(Files.size(partial) <= cut, Files.size(partial) + " > " + cut);

        server.serveWhole(PART0);
        assertEquals(0, fetch("google2011", "--parts", "0"), err.toString());
        assertArrayEquals(whole, Files.readAllBytes(local(PART0)));
        final String last = server.requests().get(server.requests().size() - 1);
        assertTrue(last.startsWith(PART0 + " Range: bytes="), server.requests().toString());
    }

    @Test
    void aTransferThatStallsIsCutAfterTheIdleLimitAndKeepsItsPartialFile() throws IOException {
        final byte[] whole = Files.readAllBytes(served.resolve(PART0));
        server.stallAfter(PART0, whole.length / 2);
        final TraceDownloader downloader = new TraceDownloader(TraceDownloader.defaultClient(), false,
            java.time.Duration.ofMillis(300));
        final TraceSources.RemoteFile file = new TraceSources.RemoteFile(PART0, "google-2011/" + PART0, -1);
        final long started = System.nanoTime();
        final TraceFetchFailure failure = org.junit.jupiter.api.Assertions.assertThrows(TraceFetchFailure.class,
            () -> downloader.fetch(server.baseUrl(), file, TraceDownloader.sha256(served.resolve(PART0)), local(PART0)));
        assertTrue(System.nanoTime() - started < 20_000_000_000L, "cut long after the idle limit");
        assertEquals(server.baseUrl() + PART0 + ": the transfer stopped after " + String.format("%,d", whole.length / 2)
            + " of " + String.format("%,d", whole.length) + " bytes (no data for 0.3 s); " + local(PART0) + ".part was"
            + " kept: rerun the same command to resume", failure.getMessage());
        assertEquals(whole.length / 2, Files.size(Path.of(local(PART0) + ".part")));
        assertFalse(Files.exists(local(PART0)));
    }

    @Test
    void aChecksumMismatchIsRefusedAndLeavesNoFileBehind() throws IOException {
        writeChecksums(PART0, PART1);
        // part 1 changes on the server after its checksum was published
        Files.write(served.resolve(PART1), gzip("2000000,,100,0,m1,1,u,0,0,0.5,0.25,0,0\n".getBytes(
            StandardCharsets.US_ASCII)));
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + PART1 + ": the download has SHA-256 "
            + TraceDownloader.sha256(served.resolve(PART1)) + ", not the published ", fetch("google2011", "--parts", "0-1"));
        assertTrue(err.toString().endsWith("; it was deleted, nothing kept\n"), err.toString());
        assertTrue(Files.exists(local(PART0)), "the good part before it stays");
        assertFalse(Files.exists(local(PART1)));
        assertFalse(Files.exists(Path.of(local(PART1) + ".part")));
    }

    @Test
    void aFileAlreadyThereThatFailsItsCheckIsRefusedNotTrusted() throws IOException {
        Files.createDirectories(local(PART0).getParent());
        Files.writeString(local(PART0), "not the part");
        assertOneLine(2, "stowage traces fetch: " + local(PART0) + " is already there but has SHA-256 ",
            fetch("google2011", "--parts", "0"));
        assertTrue(err.toString().contains("delete it to fetch it again"), err.toString());
        assertEquals("not the part", Files.readString(local(PART0)));
    }

    @Test
    void aMissingFileIsOneLineAndLeavesNothing() throws IOException {
        Files.copy(served.resolve(PART1), served.resolve("task_events/part-00002-of-00500.csv.gz"));
        writeChecksums(PART0, PART1, "task_events/part-00002-of-00500.csv.gz");
        Files.delete(served.resolve("task_events/part-00002-of-00500.csv.gz"));
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + "task_events/part-00002-of-00500.csv.gz: HTTP 404"
            + " (not found); nothing was downloaded", fetch("google2011", "--parts", "2"));
        assertFalse(Files.exists(local("task_events/part-00002-of-00500.csv.gz")));
        assertFalse(Files.exists(Path.of(local("task_events/part-00002-of-00500.csv.gz") + ".part")));
    }

    @Test
    void aPartTheChecksumFileDoesNotListFailsBeforeAnyDownload() {
        assertOneLine(2, "stowage traces fetch: " + server.baseUrl() + "SHA256SUM lists no SHA-256 for"
            + " task_events/part-00005-of-00500.csv.gz; nothing was downloaded", fetch("google2011", "--parts", "0,5"));
        assertEquals(List.of("SHA256SUM"), server.requests());
        assertFalse(Files.exists(to));
    }

    @Test
    void aMalformedChecksumFileIsRefusedNamingItsLine() throws IOException {
        Files.writeString(served.resolve("SHA256SUM"), TraceDownloader.sha256(served.resolve(PART0)) + "  " + PART0
            + "\nsha256 of everything else\n");
        assertOneLine(2, "stowage traces fetch: " + server.baseUrl() + "SHA256SUM line 2 = 'sha256 of everything else':"
            + " not a sha256sum line", fetch("google2011", "--parts", "0"));
        final String hash = TraceDownloader.sha256(served.resolve(PART0));
        final String other = TraceDownloader.sha256(served.resolve(PART1));
        Files.writeString(served.resolve("SHA256SUM"), hash + "  " + PART0 + "\n" + other + "  " + PART0 + "\n");
        assertOneLine(2, "stowage traces fetch: " + server.baseUrl() + "SHA256SUM line 2: " + PART0 + " is listed twice"
            + " with different SHA-256 (" + hash + ", " + other + "); nothing was downloaded", fetch("google2011",
            "--parts", "0"));
        assertFalse(Files.exists(to));
    }

    @Test
    void badArgumentsAreOneLineBeforeAnyRequest() {
        final String hint = " (parts are N, A-B or a comma-separated list of them, in 0-499)";
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '14-3': the range 14-3 goes backwards" + hint,
            fetch("google2011", "--parts", "14-3"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '500': part 500 is outside 0-499" + hint,
            fetch("google2011", "--parts", "500"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '-1': part -1 is outside 0-499" + hint,
            fetch("google2011", "--parts", "-1"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: 'x': 'x' is not a part number" + hint,
            fetch("google2011", "--parts", "x"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '0-3,,5': an empty item" + hint,
            fetch("google2011", "--parts", "0-3,,5"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '0-3,2': part 2 is named twice" + hint,
            fetch("google2011", "--parts", "0-3,2"));
        assertOneLine(2, "stowage traces fetch: invalid value for --parts: '0-3': only google2011 has parts (fetching"
            + " swf-nasa)", fetch("swf-nasa", "--parts", "0-3"));
        assertOneLine(2, "stowage traces fetch: invalid value for TRACE: 'google' (known: google2011, swf-nasa,"
            + " swf-hpc2n, alibaba2023)", fetch("google"));
        assertOneLine(2, "stowage traces fetch: invalid value for TRACE: google2011 given twice",
            fetch("google2011", "google2011"));
        assertEquals(List.of(), server.requests());
        assertFalse(Files.exists(to));
    }

    @Test
    void aDestinationThatIsAFileIsRefused() throws IOException {
        Files.writeString(to, "a file");
        assertOneLine(2, "stowage traces fetch: invalid value for --to: '" + to + "' is not a directory",
            fetch("swf-nasa"));
        assertEquals(List.of(), server.requests());
    }

    @Test
    void sourcesWithoutPublishedChecksumsAreCheckedBySize() throws IOException {
        Files.createDirectories(served.resolve("l_nasa_ipsc"));
        Files.createDirectories(served.resolve("l_hpc2n"));
        final byte[] nasa = randomBytes(207_976, 1);
        Files.write(served.resolve("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), nasa);
        Files.write(served.resolve("l_hpc2n/HPC2N-2002-2.2-cln.swf.gz"), randomBytes(5_000, 2));
        int fill = 3;
        for (final TraceSources.RemoteFile file : TraceSources.files(TraceSources.byName("alibaba2023"), new int[0])) {
            Files.write(served.resolve(file.remotePath()), randomBytes((int) file.size(), fill++));
        }
        assertEquals(0, fetch("swf-nasa", "swf-hpc2n", "alibaba2023"), err.toString());
        final String text = out.toString();
        assertTrue(text.contains(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz") + ": 207,976 bytes, size matches"
            + " the table's 207,976 bytes (no checksum is published)"), text);
        assertTrue(text.contains(to.resolve("swf/HPC2N-2002-2.2-cln.swf.gz") + ": 5,000 bytes, size 5,000 bytes as the"
            + " server declared (no checksum or size is published)"), text);
        assertTrue(text.contains("  --trace swf:" + to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")), text);
        assertTrue(text.contains("  --trace alibaba:" + to.resolve("alibaba-gpu-2023")), text);
        assertArrayEquals(nasa, Files.readAllBytes(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")));
        assertFalse(server.requests().contains("SHA256SUM"), server.requests().toString());
    }

    /**
     * Issue 39: a download nothing can verify (no published checksum or size, a body without a declared
     * length) never takes the trace's name, which a reader would trust: it is kept as NAME.unverified and
     * the fetch fails saying so; a rerun starts again, never resuming.
     */
    @Test
    void aFileWithNothingToCheckAgainstIsKeptUnderAnUnverifiedName() throws IOException {
        Files.createDirectories(served.resolve("l_hpc2n"));
        final byte[] log = randomBytes(3_000, 6);
        Files.write(served.resolve("l_hpc2n/HPC2N-2002-2.2-cln.swf.gz"), log);
        server.sendChunked();
        final Path target = to.resolve("swf/HPC2N-2002-2.2-cln.swf.gz");
        final Path unverified = Path.of(target + ".unverified");
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + "l_hpc2n/HPC2N-2002-2.2-cln.swf.gz: 3,000 bytes"
            + " kept as " + unverified + ", NOT verified: no checksum or size is published and the server declared no"
            + " length; check it and rename it to HPC2N-2002-2.2-cln.swf.gz to use it", fetch("swf-hpc2n"));
        assertFalse(Files.exists(target), "never the trace's name");
        assertArrayEquals(log, Files.readAllBytes(unverified));
        assertFalse(Files.exists(Path.of(target + ".part")));
        // the user vouches for it by renaming it: from then on it is there, not checked
        Files.move(unverified, target);
        assertEquals(0, fetch("swf-hpc2n"), err.toString());
        assertTrue(out.toString().contains(target + ": already there, not checked (no checksum or size is published;"
            + " delete it to fetch it again)"), out.toString());
    }

    /** Issue 39: where nothing but a size checks a file, a .part (another mirror's, say) is never resumed. */
    @Test
    void aPartialFileIsNeverSplicedWhereNoChecksumWouldCatchIt() throws IOException {
        Files.createDirectories(served.resolve("l_nasa_ipsc"));
        final byte[] nasa = randomBytes(207_976, 9);
        Files.write(served.resolve("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), nasa);
        Files.createDirectories(to.resolve("swf"));
        // the right length minus a tail, but other bytes: a resume would splice it into a file of the right size
        Files.write(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz.part"), randomBytes(100_000, 10));
        assertEquals(0, fetch("swf-nasa"), err.toString());
        assertEquals(List.of("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), server.requests(), "no Range request");
        assertArrayEquals(nasa, Files.readAllBytes(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")));
        // and a cut transfer of such a source keeps nothing to splice later
        Files.delete(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz"));
        server.cutAfter("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz", 50_000);
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + "l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz: the"
            + " transfer stopped after ", fetch("swf-nasa"));
        assertTrue(err.toString().contains("nothing was kept (this source publishes no SHA-256 to check a resumed file"
            + " against): rerun the same command to start again"), err.toString());
        assertFalse(Files.exists(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz.part")));
        assertFalse(Files.exists(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")));
    }

    /** Issue 39: a 416 reply without Content-Range cannot make a stale .part the trace: the SHA-256 decides. */
    @Test
    void aRangeRefusedWithoutAContentRangeCannotMakeAStalePartTheTrace() throws IOException {
        final byte[] whole = Files.readAllBytes(served.resolve(PART0));
        Files.createDirectories(local(PART0).getParent());
        Files.write(Path.of(local(PART0) + ".part"), randomBytes(whole.length, 11));
        server.refuseRanges();
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + PART0 + ": the download has SHA-256 ",
            fetch("google2011", "--parts", "0"));
        assertTrue(err.toString().endsWith("; it was deleted, nothing kept\n"), err.toString());
        assertFalse(Files.exists(local(PART0)));
        assertFalse(Files.exists(Path.of(local(PART0) + ".part")));
    }

    /** Issue 39: a .part that is a symbolic link is refused up front, never written through to its target. */
    @Test
    void aPartialFileThatIsALinkIsRefusedNotWrittenThrough() throws IOException {
        final Path victim = temp.resolve("victim.txt");
        Files.writeString(victim, "precious");
        Files.createDirectories(local(PART0).getParent());
        Files.createSymbolicLink(Path.of(local(PART0) + ".part"), victim);
        assertOneLine(2, "stowage traces fetch: " + local(PART0) + ".part is a symbolic link (to " + victim + "); a"
            + " download is never written through one: remove it and rerun", fetch("google2011", "--parts", "0"));
        assertEquals("precious", Files.readString(victim));
        assertEquals(List.of("SHA256SUM"), server.requests(), "refused before any download");
    }

    @Test
    void checksumFilesInEitherSha256sumFormAndWithAPrefixAreRead() throws IOException {
        // text mode (two spaces), "./" before the path, and a bucket prefix: each names the same object
        Files.writeString(served.resolve("SHA256SUM"), TraceDownloader.sha256(served.resolve(PART0)) + "  ./" + PART0
            + "\n\n" + TraceDownloader.sha256(served.resolve(PART1)).toUpperCase(Locale.ROOT)
            + " *clusterdata-2011-2/" + PART1 + "\r\n");
        assertEquals(0, fetch("google2011", "--parts", "0-1"), err.toString());
        assertArrayEquals(Files.readAllBytes(served.resolve(PART1)), Files.readAllBytes(local(PART1)));
    }

    @Test
    void aPartialFileLongerThanThePublishedSizeIsStartedAgain() throws IOException {
        Files.createDirectories(served.resolve("l_nasa_ipsc"));
        final byte[] nasa = randomBytes(207_976, 7);
        Files.write(served.resolve("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), nasa);
        Files.createDirectories(to.resolve("swf"));
        Files.write(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz.part"), randomBytes(207_977, 8));
        assertEquals(0, fetch("swf-nasa"), err.toString());
        assertEquals(List.of("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), server.requests());
        assertArrayEquals(nasa, Files.readAllBytes(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")));
    }

    @Test
    void aSizeThatDiffersFromTheTableIsRefusedAndDeleted() throws IOException {
        Files.createDirectories(served.resolve("l_nasa_ipsc"));
        Files.write(served.resolve("l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz"), randomBytes(1_000, 5));
        assertOneLine(1, "stowage traces fetch: " + server.baseUrl() + "l_nasa_ipsc/NASA-iPSC-1993-3.1-cln.swf.gz: the"
            + " download has 1,000 bytes, not the 207,976 of the published file (no checksum is published); it was"
            + " deleted, nothing kept", fetch("swf-nasa"));
        assertFalse(Files.exists(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz")));
        assertFalse(Files.exists(to.resolve("swf/NASA-iPSC-1993-3.1-cln.swf.gz.part")));
    }

    @Test
    void aMissingTraceNamesTheCommandThatFetchesIt() {
        final String missing = temp.resolve("nowhere").toString();
        final StringWriter runErr = new StringWriter();
        assertEquals(2, StowageCli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(runErr, true),
            "run", "--trace", "alibaba:" + missing, "--resources", "2"));
        assertEquals("stowage run: invalid value for --trace: 'alibaba:" + missing + "': no such file or directory "
            + missing + "; get the public trace with `stowage traces fetch alibaba2023` (docs/TRACES.md)\n",
            runErr.toString());
        final StringWriter reproduceErr = new StringWriter();
        assertEquals(2, StowageCli.execute(new PrintWriter(new StringWriter(), true),
            new PrintWriter(reproduceErr, true), "reproduce", "fig5", "--quick", "--trace", missing, "--out",
            temp.resolve("out").toString()));
        assertEquals("stowage reproduce: invalid value for --trace: '" + missing + "' does not exist; get it with"
            + " `stowage traces fetch google2011` (about 29 MB), then pass --trace traces/google-2011/task_events\n",
            reproduceErr.toString());
        assertFalse(Files.exists(temp.resolve("out")));
    }

    @Test
    void everySourceIsPublishedOverHttpsAndLandsWhereItsTraceArgumentPoints() {
        for (final String name : TraceSources.names()) {
            final TraceSources.Source source = TraceSources.byName(name);
            assertTrue(source.baseUrl().startsWith("https://") && source.baseUrl().endsWith("/"), source.baseUrl());
            assertEquals(source.checksumFile() != null, source.check() == TraceSources.Check.PUBLISHED_SHA256, name);
            final List<TraceSources.RemoteFile> files = TraceSources.files(source,
                TraceSources.parseParts(TraceSources.DEFAULT_GOOGLE_PARTS));
            assertFalse(files.isEmpty(), name);
            for (final TraceSources.RemoteFile file : files) {
                assertEquals("https", TraceDownloader.uri(source.baseUrl(), file.remotePath()).getScheme());
                // the trace spec's path is the file itself or the folder holding it
                assertTrue(file.localPath().equals(source.specPath())
                    || file.localPath().startsWith(source.specPath() + "/"), file.localPath());
                // a source without a checksum has a size in the table or takes the server's word, said so
                assertTrue(source.check() == TraceSources.Check.PUBLISHED_SHA256 || file.size() != 0, file.toString());
            }
        }
        assertEquals(14, TraceSources.files(TraceSources.byName("google2011"),
            TraceSources.parseParts(TraceSources.DEFAULT_GOOGLE_PARTS)).size());
        assertArrayEquals(new int[] {0, 1, 2, 3, 7, 9, 10}, TraceSources.parseParts("9-10, 7,0-3"));
    }
}
