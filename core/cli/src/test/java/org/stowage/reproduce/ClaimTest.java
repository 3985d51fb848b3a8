package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClaimTest {
    @Test
    void aPaperScaleClaimIsNotCheckedAtQuickScaleAndKeepsWhatTheRunMeasured() {
        final Claim differs = Claim.atPaperScale("X grows without bound", "0 of 1 seeds unstable", false);
        final Claim quick = differs.at(Scale.QUICK);
        assertEquals(Claim.Verdict.NOT_CHECKED, quick.verdict());
        assertEquals("not checked at quick scale (quick run: 0 of 1 seeds unstable)", quick.ours());
        assertSame(differs, differs.at(Scale.PAPER));
    }

    @Test
    void aClaimEveryScaleDecidesKeepsItsVerdictAndItsReason() {
        final Claim claim = Claim.of("A below B", "A 3 vs B 2", false).withEvidence("B is ours", "docs/X.md#y");
        final Claim quick = claim.at(Scale.QUICK);
        assertEquals(Claim.Verdict.DIFFERS, quick.verdict());
        assertEquals("B is ours", quick.reason());
        assertEquals("docs/X.md#y", quick.evidence());
        assertTrue(Claim.of("A below B", "A 1 vs B 2", true).withEvidence("docs/X.md#y").reason() == null);
    }
}
