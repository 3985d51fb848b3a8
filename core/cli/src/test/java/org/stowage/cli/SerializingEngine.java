package org.stowage.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;
import org.stowage.sweep.SweepFiles;

/**
 * A test engine that does what a cluster engine does, inside this JVM: it ships the work as serialised bytes,
 * rebuilds the runner from them (as an executor would), runs the units costliest first on one thread, and
 * sends each result back as the text of its unit file. A sweep on it must write the very files the local
 * engine writes. Found by the CLI as {@code --engine serializing} (test resources, META-INF/services).
 */
public final class SerializingEngine implements SweepEngine {
    /** The provider {@link java.util.ServiceLoader} finds. */
    public static final class Provider implements SweepEngine.Provider {
        @Override
        public String name() {
            return "serializing";
        }

        @Override
        public SweepEngine open(final String master) {
            if (master != null) {
                throw new IllegalArgumentException("invalid value for --master: '" + master + "' (serializing takes none)");
            }
            return new SerializingEngine();
        }
    }

    @Override
    public String description() {
        return "a serializing test engine";
    }

    @Override
    public void run(final List<Sweep.Unit> batch, final Sweep.Work work, final Finished finished) {
        if (work.portable() == null) {
            throw new IllegalArgumentException("the serializing engine needs a portable runner");
        }
        try {
            final Sweep.PointRunner runner = copy(work.portable()).rebuild();
            final List<Sweep.Unit> order = new ArrayList<>(batch);
            order.sort(Comparator.comparingDouble((Sweep.Unit unit) -> work.runner().cost(unit.point(), unit.scheduler()))
                .reversed());
            for (final Sweep.Unit unit : order) {
                final Sweep.Unit ran = new Sweep.Unit(unit.index(), unit.point(), unit.scheduler(),
                    runner.run(unit.point(), unit.scheduler()));
                final String text = SweepFiles.unitJson(ran);
                finished.accept(unit, SweepFiles.unitResult(text, unit, "unit " + unit.index()));
            }
        } catch (final IOException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Sweep.PortableRunner copy(final Sweep.PortableRunner portable) throws IOException, ClassNotFoundException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(portable);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Sweep.PortableRunner) in.readObject();
        }
    }

    @Override
    public void close() {
    }
}
