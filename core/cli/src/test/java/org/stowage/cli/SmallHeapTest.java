package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, root cause 5, in a child JVM with a real small heap: a job list of 10^6 rows under -Xmx64m used
 * to end in an OutOfMemoryError stack trace followed by a wrong "stowage: interrupted"; it is one line now,
 * naming the flag, the file and the heap, exit code 2.
 */
class SmallHeapTest {
    @TempDir
    Path temp;

    @Test
    void aMillionRowJobListUnderSixtyFourMebibytesIsOneLine() throws IOException, InterruptedException {
        final Path jobs = temp.resolve("million.csv");
        final SplittableRandom random = new SplittableRandom(23);
        try (BufferedWriter out = Files.newBufferedWriter(jobs)) {
            out.write("arrival,duration,r1\n");
            for (int i = 0; i < 1_000_000; i++) {
                out.write("0," + (1 + random.nextInt(100)) + ",0." + (100 + random.nextInt(400)) + "\n");
            }
        }
        final Process process = new ProcessBuilder(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
            System.getProperty("java.class.path"), StowageCli.class.getName(), "run", "--jobs", jobs.toString(),
            "--scheduler", "SJF", "--time-mode", "continuous", "--servers", "100"))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        final String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "finishes");
        assertEquals(2, process.exitValue(), stderr);
        assertEquals(1, stderr.lines().count(), stderr);
        assertTrue(stderr.startsWith("stowage run: invalid value for --jobs: '" + jobs + "': reading its 10."), stderr);
        assertTrue(stderr.contains("ran out of the 64.0 MiB of heap this JVM may use"), stderr);
    }
}
