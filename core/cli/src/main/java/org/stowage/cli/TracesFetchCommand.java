package org.stowage.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.stowage.terminal.InvalidValueException;
import org.stowage.traces.TraceDownloader;
import org.stowage.traces.TraceSources;
import org.stowage.traces.TraceSources.RemoteFile;
import org.stowage.traces.TraceSources.Source;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code stowage traces fetch TRACE... [--parts 0-13] [--to DIR]}: downloads the public files of each trace
 * ({@link TraceSources}), resuming partial files, verifies each one ({@link TraceDownloader}), and prints the
 * {@code --trace} arguments that read them. Every argument is checked, and every published checksum read,
 * before the first byte of a trace is downloaded.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Download public traces over HTTPS, resume partial downloads, verify each file, and print the"
        + " --trace argument that reads them.",
    footer = {"", "TRACE: google2011 (Google cluster-data 2011 task_events; SHA-256 from the bucket's SHA256SUM),"
        + " swf-nasa, swf-hpc2n (Parallel Workloads Archive; no checksum published: size checked), alibaba2023"
        + " (Alibaba GPU 2023 openb; no checksum published: size checked). Sources: docs/TRACES.md.",
        "", "Examples:",
        "  stowage traces fetch google2011",
        "  stowage traces fetch google2011 --parts 0-3 --to data",
        "  stowage traces fetch swf-nasa alibaba2023",
        "", "An interrupted or cut download of google2011 leaves NAME.part; rerun the same command to resume it (the"
            + " published SHA-256 checks the whole). Other sources start a cut file again. A file that nothing can"
            + " verify (no published checksum or size, no declared length) is kept as NAME.unverified, never as NAME."})
final class TracesFetchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @ParentCommand
    private TracesCommand parent;

    /** The names TRACE takes (picocli lists them in the help). */
    static final class SourceNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return TraceSources.names().iterator();
        }
    }

    @Parameters(arity = "1..*", paramLabel = "TRACE", completionCandidates = SourceNames.class,
        description = "The traces to fetch: ${COMPLETION-CANDIDATES}.")
    private List<String> names;

    @Option(names = "--parts", paramLabel = "N|A-B[,...]",
        description = "The google2011 task_events parts, in 0-499 (default: " + TraceSources.DEFAULT_GOOGLE_PARTS
            + ", the ~19.6 hours the papers' figures read).")
    private String parts;

    @Option(names = "--to", paramLabel = "DIR", defaultValue = "traces",
        description = "Where the traces go, each in its own folder (default: ${DEFAULT-VALUE}).")
    private Path to;

    @Option(names = "--base-url", paramLabel = "URL",
        description = "Fetch from this http(s) URL instead of each source's published location (a mirror holding"
            + " the same paths).")
    private String baseUrl;

    @Override
    public Integer call() {
        final List<Source> sources = new ArrayList<>();
        for (final String name : names) {
            final Source source = TraceSources.byName(name);
            if (sources.contains(source)) {
                throw new InvalidValueException("TRACE", source.name() + " given twice");
            }
            sources.add(source);
        }
        final boolean google = sources.stream().anyMatch(source -> "google2011".equals(source.name()));
        if (parts != null && !google) {
            throw new InvalidValueException("--parts", "'" + parts + "': only google2011 has parts"
                + " (fetching " + String.join(", ", names) + ")");
        }
        final int[] googleParts = TraceSources.parseParts(parts == null ? TraceSources.DEFAULT_GOOGLE_PARTS : parts);
        if (baseUrl != null) {
            TraceDownloader.uri(withSlash(baseUrl), "");
        }
        checkDestination();
        final PrintWriter out = spec.commandLine().getOut();
        final TraceDownloader downloader = new TraceDownloader(TraceDownloader.defaultClient(), true,
            TraceDownloader.DEFAULT_IDLE_LIMIT);
        // every checksum file read before any download: a trace the checksums do not cover fails up front
        final Map<Source, Map<String, String>> checksums = new LinkedHashMap<>();
        final Map<Source, List<RemoteFile>> files = new LinkedHashMap<>();
        for (final Source source : sources) {
            final List<RemoteFile> list = TraceSources.files(source, googleParts);
            files.put(source, list);
            checksums.put(source, downloader.publishedChecksums(source, base(source), list));
        }
        // files already there checked, and partial files that are links refused, before the first byte
        final Map<RemoteFile, String> there = new LinkedHashMap<>();
        for (final Source source : sources) {
            for (final RemoteFile file : files.get(source)) {
                final Path target = to.resolve(file.localPath());
                TraceDownloader.checkPartial(target);
                final String line = downloader.existing(file, checksums.get(source).get(file.remotePath()), target);
                if (line != null) {
                    there.put(file, line);
                }
            }
        }
        final int[] fetched = new int[1];
        parent.cli().onInterrupt(() -> fetched[0] + " file(s) fetched and verified under " + to + "; a file cut short"
            + " is kept as NAME.part where its source publishes a SHA-256 (rerun the same command to resume it)");
        for (final Source source : sources) {
            out.println(source.title() + " from " + base(source) + ":");
            for (final RemoteFile file : files.get(source)) {
                final String line = there.get(file);
                out.println("  " + (line != null ? line : downloader.fetch(base(source), file,
                    checksums.get(source).get(file.remotePath()), to.resolve(file.localPath()))));
                out.flush();
                fetched[0]++;
            }
        }
        parent.cli().onInterrupt(() -> null);
        out.println("Read them with:");
        for (final Source source : sources) {
            final String path = to.resolve(source.specPath()).toString();
            out.println("  --trace " + source.traceSpecFormat() + ":" + path + "   (run, sweep, trace-summary)");
            if ("google2011".equals(source.name())) {
                out.println("  --trace " + path + "   (reproduce)");
            }
        }
        out.flush();
        return 0;
    }

    private String base(final Source source) {
        return baseUrl == null ? source.baseUrl() : withSlash(baseUrl);
    }

    private static String withSlash(final String url) {
        return url.endsWith("/") ? url : url + "/";
    }

    /** --to is a writable directory, or the nearest folder that exists above it is (made when a file arrives). */
    private void checkDestination() {
        if (Files.exists(to) && !Files.isDirectory(to)) {
            throw new InvalidValueException("--to", "'" + to + "' is not a directory");
        }
        Path existing = to.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)) {
            throw new InvalidValueException("--to", "'" + to + "' cannot be created"
                + (existing == null ? "" : " (" + existing + " is not a writable directory)"));
        }
    }
}
