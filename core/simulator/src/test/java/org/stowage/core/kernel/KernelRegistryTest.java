package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.kernel.bestfit.BestFitFamily;
import org.stowage.core.kernel.bestfit.FifoFirstFit;
import org.stowage.core.kernel.bestfit.reference.NaiveFifoFirstFit;
import org.stowage.core.testing.AnyModel;

/**
 * The registry as a user's jar meets it: families from chosen lists and from a class loader, the order of
 * their kernels, and the one-line refusals (a name declared twice, an undeclared twin, a family that fails),
 * which a loaded registry defers to every method.
 */
class KernelRegistryTest {
    private static final String SERVICES = "META-INF/services/" + KernelFamily.class.getName();

    /** A kernel of a user's own, under a new name, with its twin. */
    public static final class UserFamily implements KernelFamily {
        @Override
        public String name() {
            return "user";
        }

        @Override
        public List<KernelDefinition> definitions() {
            return KernelDefinition.kernel("MY-FF").summary("first fit under another name").paper("none")
                .factory(model -> new FifoFirstFit()).withTwin("MY-FF-naive", model -> new NaiveFifoFirstFit());
        }
    }

    @Test
    void twoFamiliesThatDeclareOneNameAreRefusedInOneLineNamingBoth() {
        final KernelRegistryException clash = assertThrows(KernelRegistryException.class,
            () -> KernelRegistry.of(List.of(new BestFitFamily(), new ClashingFamily())));
        final String message = clash.getMessage();
        assertTrue(message.startsWith("scheduler name 'FIFO-FF' is declared twice: by kernel family 'bestfit' ("
            + BestFitFamily.class.getName()), message);
        assertTrue(message.contains(" and by 'clashing' (" + ClashingFamily.class.getName() + " in "), message);
        assertTrue(message.endsWith("; rename one, or take one of the jars off the class path"), message);
        assertFalse(message.contains("\n"), message);
    }

    @Test
    void aFamilyOfNewNamesJoinsAfterTheOthersWithTwinsLast() {
        final KernelRegistry registry = KernelRegistry.of(List.of(new BestFitFamily(), new UserFamily()));
        final List<String> names = List.copyOf(registry.names());
        assertEquals(List.of("BF-J", "BF-S", "BF-J/S", "FIFO-FF", "FIFO-RF", "MY-FF"), names.subList(0, 6));
        assertEquals("MY-FF-naive", names.get(names.size() - 1));
        assertEquals("MY-FF-naive", registry.twinOf("MY-FF"));
        assertInstanceOf(FifoFirstFit.class, registry.byName("MY-FF").create(AnyModel.any()));
        assertTrue(registry.describe().contains("  MY-FF          first fit under another name (none)\n"),
            registry.describe());
        assertThrows(IllegalArgumentException.class, () -> registry.definition("VQS"), "only the families given");
    }

    @Test
    void aKernelThatNamesAnUndeclaredTwinIsRefused() {
        final KernelFamily orphan = new KernelFamily() {
            @Override
            public String name() {
                return "orphan";
            }

            @Override
            public List<KernelDefinition> definitions() {
                final KernelDefinition.Builder kernel = KernelDefinition.kernel("LONELY").summary("s").paper("p")
                    .factory(model -> new FifoFirstFit());
                KernelDefinition.referenceFor(kernel, "LONELY-naive");
                return List.of(kernel.build());
            }
        };
        final KernelRegistryException e = assertThrows(KernelRegistryException.class,
            () -> KernelRegistry.of(List.of(orphan)));
        assertTrue(e.getMessage().startsWith("kernel LONELY of family 'orphan' ("), e.getMessage());
        assertTrue(e.getMessage().endsWith(" names an undeclared twin LONELY-naive"), e.getMessage());
    }

    @Test
    void aFamilyThatFailsToDeclareIsNamed() {
        final KernelFamily broken = new KernelFamily() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public List<KernelDefinition> definitions() {
                return List.of(KernelDefinition.kernel("BAD:NAME").summary("s").paper("p")
                    .factory(model -> new FifoFirstFit()).build());
            }
        };
        final KernelRegistryException e = assertThrows(KernelRegistryException.class,
            () -> KernelRegistry.of(List.of(broken)));
        assertTrue(e.getMessage().startsWith("kernel family 'broken' ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("failed to declare its kernels: java.lang.IllegalArgumentException: kernel"
            + " names may not be empty or contain ':', ',' or '=': BAD:NAME"), e.getMessage());
    }

    /** Issue 39: a name with escape characters would drive the terminal each time it is printed: refused. */
    @Test
    void aNameThatDoesNotPrintAsItselfIsRefusedEscaped() {
        final KernelFamily loud = new KernelFamily() {
            @Override
            public String name() {
                return "loud\u001b[31m";
            }

            @Override
            public List<KernelDefinition> definitions() {
                return List.of(KernelDefinition.kernel("RED\u001b[31mFF\u0007").summary("s").paper("p")
                    .factory(model -> new FifoFirstFit()).build());
            }
        };
        final KernelRegistryException e = assertThrows(KernelRegistryException.class,
            () -> KernelRegistry.of(List.of(loud)));
        assertTrue(e.getMessage().startsWith("kernel family 'loud\\x1B[31m' ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("kernel names may not contain spaces or characters that do not print:"
            + " 'RED\\x1B[31mFF\\x07'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KernelDefinition.kernel("TWO WORDS").summary("s").paper("p")
            .factory(model -> new FifoFirstFit()).build());
    }

    /** Issue 39: where a kernel comes from, for the lines that name a failing one. */
    @Test
    void theOriginOfAKernelNamesItsFamilyAndWhetherItIsOurs() {
        final KernelRegistry registry = KernelRegistry.of(List.of(new BestFitFamily(), new UserFamily()));
        assertTrue(registry.origin("MY-FF").startsWith("'user' (" + UserFamily.class.getName() + " in "),
            registry.origin("MY-FF"));
        assertTrue(registry.origin("BF-J:stall=true").startsWith("'bestfit' (" + BestFitFamily.class.getName()));
        assertTrue(registry.isOwn("BF-J"));
        assertFalse(registry.isOwn("NOPE"), "no family of ours declares it");
        assertEquals(null, registry.origin("NOPE"));
    }

    @Test
    void aLoadedRegistryWithAClashThrowsTheSameLineFromEveryMethod(@TempDir final Path extra) throws IOException {
        final KernelRegistry registry = loadWithServices(extra, ClashingFamily.class.getName());
        final String expected = assertThrows(KernelRegistryException.class, registry::names).getMessage();
        assertTrue(expected.startsWith("scheduler name 'FIFO-FF' is declared twice"), expected);
        assertEquals(expected, assertThrows(KernelRegistryException.class, registry::definitions).getMessage());
        assertEquals(expected, assertThrows(KernelRegistryException.class, () -> registry.byName("BF-J")).getMessage());
        assertEquals(expected, assertThrows(KernelRegistryException.class, registry::describe).getMessage());
    }

    @Test
    void aLoadedRegistryPutsStowagesFamiliesFirst(@TempDir final Path extra) throws IOException {
        final KernelRegistry registry = loadWithServices(extra, UserFamily.class.getName());
        final List<String> primary = registry.primaryDefinitions().stream().map(KernelDefinition::name).toList();
        assertEquals("BF-J", primary.get(0));
        assertEquals("MY-FF", primary.get(primary.size() - 1));
        assertEquals(Kernels.primaryDefinitions().size() + 1, primary.size());
    }

    @Test
    void aListedFamilyThatCannotBeLoadedIsReportedInOneLine(@TempDir final Path extra) throws IOException {
        final KernelRegistry registry = loadWithServices(extra, "org.example.MissingFamily");
        final String message = assertThrows(KernelRegistryException.class, registry::names).getMessage();
        assertTrue(message.startsWith("a kernel family on the class path cannot be loaded: "), message);
        assertTrue(message.contains("org.example.MissingFamily"), message);
        assertFalse(message.contains("\n"), message);
    }

    @Test
    void theSameFamilyFromTwoEntriesIsRefusedNamingBoth(@TempDir final Path temp) throws IOException {
        final Path older = temp.resolve("old");
        final Path newer = temp.resolve("new");
        for (final Path copy : List.of(older, newer)) {
            Files.createDirectories(copy.resolve(SERVICES).getParent());
            Files.writeString(copy.resolve(SERVICES), "# a user's kernels\n" + UserFamily.class.getName() + "\n");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {older.toUri().toURL(), newer.toUri().toURL(),
            older.toUri().toURL()}, KernelRegistryTest.class.getClassLoader())) {
            final String message = assertThrows(KernelRegistryException.class, KernelRegistry.load(loader)::names)
                .getMessage();
            assertEquals("kernel family " + UserFamily.class.getName() + " is on the class path twice, in " + older
                + " and in " + newer + " (only the first would run): take one off the class path (STOWAGE_CLASSPATH)",
                message);
        }
        try (URLClassLoader once = new URLClassLoader(new URL[] {older.toUri().toURL(), older.toUri().toURL()},
            KernelRegistryTest.class.getClassLoader())) {
            assertTrue(KernelRegistry.load(once).names().contains("MY-FF"), "one entry listed twice is one entry");
        }
    }

    /** The registry of this class path plus a directory whose service file lists {@code family}. */
    private static KernelRegistry loadWithServices(final Path directory, final String family) throws IOException {
        final Path services = directory.resolve(SERVICES);
        Files.createDirectories(services.getParent());
        Files.writeString(services, family + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()},
            KernelRegistryTest.class.getClassLoader())) {
            return KernelRegistry.load(loader);
        }
    }
}
