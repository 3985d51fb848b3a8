package org.stowage.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class MessagesTest {
    @Test
    void printableTextIsReturnedAsItIs() {
        final String text = "uniform:0.1,0.9 C:\\traces\\josé/集群 ✓ 😀";
        assertSame(text, Messages.printable(text));
    }

    @Test
    void controlAndInvisibleCharactersAreEscaped() {
        assertEquals("BF\\x1B[31mX\\x07", Messages.printable("BF\u001b[31mX\u0007"));
        assertEquals("a\\x0Ab\\x0Dc\\x09d\\x00", Messages.printable("a\nb\rc\td\0"));
        assertEquals("\\x7F\\x85\\x9F", Messages.printable("\u007f\u0085\u009f"));
        assertEquals("\\uFEFFsize", Messages.printable("\uFEFFsize"), "byte-order mark");
        assertEquals("abc\\u202Edef", Messages.printable("abc\u202Edef"), "right-to-left override");
        assertEquals("x\\u2028y", Messages.printable("x\u2028y"), "line separator");
        assertEquals("\\uD800z", Messages.printable("\uD800z"), "lone surrogate");
        assertEquals("\\uE000", Messages.printable("\uE000"), "private use");
    }

    @Test
    void escapingIsIdempotent() {
        final String once = Messages.printable("a\u001b\u0007\uFEFFb\u202E");
        assertEquals(once, Messages.printable(once));
    }

    @Test
    void aCutKeepsWholeEscapesAndIsMarked() {
        assertEquals("ab\\x1B...", Messages.printable("ab\u001bcdef", 3));
        assertEquals("abc", Messages.printable("abc", 3));
        assertEquals("null", Messages.printable(null));
    }
}
