package org.stowage.cli;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.stowage.core.Messages;

/**
 * The main class of {@code stowage.jar} ({@code java -jar stowage.jar}, and {@code bin/stowage}): reads
 * {@value KernelJars#VARIABLE}, refuses a bad entry in one line with exit code 2 ({@link KernelJars}), and runs
 * {@link StowageCli} with the jars' kernel families in its registry. A jar launched with {@code -jar} has a
 * fixed class path, so with entries to add the command line runs in a class loader of its own over this
 * JVM's class path and the entries, which loads every class it can itself before it asks the JVM's (so that
 * Stowage's classes, the registry's among them, see the entries) and is the thread's context loader.
 */
public final class Launcher {
    /** The command line's main class, named, so that this class does not load it where it must not run. */
    private static final String COMMAND_LINE = "org.stowage.cli.StowageCli";

    private Launcher() {
    }

    public static void main(final String[] args) throws Throwable {
        final List<Path> jars;
        try {
            jars = KernelJars.entries(System.getenv(KernelJars.VARIABLE), Path.of(""));
        } catch (final IllegalArgumentException e) {
            System.err.println(Messages.printable("stowage: " + e.getMessage()));
            System.exit(StowageCli.USAGE_ERROR);
            return;
        }
        if (jars.isEmpty()) {
            StowageCli.main(args);
            return;
        }
        final List<URL> urls = new ArrayList<>();
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(url(Path.of(entry).toAbsolutePath().normalize()));
            }
        }
        for (final Path jar : jars) {
            urls.add(url(jar));
        }
        // not closed: the command line exits the JVM from within, and its classes stay in use until then
        final ClassLoader loader = new OwnFirst(urls.toArray(URL[]::new));
        Thread.currentThread().setContextClassLoader(loader);
        try {
            Class.forName(COMMAND_LINE, true, loader).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (final InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static URL url(final Path path) {
        try {
            return path.toUri().toURL();
        } catch (final MalformedURLException e) {
            throw new IllegalStateException("no URL for " + path, e);
        }
    }

    /**
     * Loads a class from its own entries first and asks its parent (the JVM's application loader) only for
     * what they lack, the JDK's classes: the parent's class path is among the entries, so Stowage's classes are
     * all loaded here, where the added jars' classes link to them; the JDK's modules (and the services they
     * provide, such as the random generators) stay visible through the parent.
     */
    private static final class OwnFirst extends URLClassLoader {
        static {
            ClassLoader.registerAsParallelCapable();
        }

        OwnFirst(final URL[] urls) {
            super("stowage", urls, ClassLoader.getSystemClassLoader());
        }

        @Override
        protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                if (type == null && !name.startsWith("java.")) {
                    try {
                        type = findClass(name);
                    } catch (final ClassNotFoundException e) {
                        type = null;   // not in the entries: the parent's
                    }
                }
                if (type == null) {
                    return super.loadClass(name, resolve);
                }
                if (resolve) {
                    resolveClass(type);
                }
                return type;
            }
        }

        @Override
        public URL getResource(final String name) {
            final URL own = findResource(name);
            return own != null ? own : super.getResource(name);
        }
    }
}
