package org.stowage.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The README and each reference in docs/ stay readable in minutes: at most {@link #MAX_LINES} lines each.
 * What grows without bound (rounds of measurements, sittings, tries not kept) belongs in docs/journal/, dated
 * and linked from the reference where it is evidence; the journal is not limited.
 */
class DocLengthTest {
    static final int MAX_LINES = 300;

    @Test
    void readmeAndReferencesStayShort() {
        final Path root = DocFiles.root();
        final Path journal = root.resolve("docs").resolve("journal");
        final List<String> tooLong = new ArrayList<>();
        int checked = 0;
        for (final Path doc : DocFiles.markdown(root)) {
            if (doc.startsWith(journal)) {
                continue;
            }
            checked++;
            final long lines = DocFiles.read(doc).lines().count();
            if (lines > MAX_LINES) {
                tooLong.add(root.relativize(doc) + ": " + lines + " lines");
            }
        }
        assertTrue(tooLong.isEmpty(), "over " + MAX_LINES + " lines (keep what is true now and why; move the history of"
            + " measurements to docs/journal/, dated, and link it):\n  " + String.join("\n  ", tooLong));
        assertTrue(checked > 10, "only " + checked + " docs found under " + root);
    }
}
