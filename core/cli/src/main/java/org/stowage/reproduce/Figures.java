package org.stowage.reproduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Predicate;

import org.stowage.terminal.InvalidValueException;

/**
 * Every reproducible figure and table of the four papers, by name: the one registry that {@code reproduce}
 * dispatches through and its help, its errors and the docs' checks read. Each paper declares its figures
 * ({@link Paper}); a paper's group {@code all-KEY} runs them all; a figure declares whether it reads the
 * Google 2011 trace ({@link Figure#readsGoogleTrace}). No other list of names exists.
 *
 * <p>Building the registry is cheap: figures load their traces when a run first needs them.
 */
public final class Figures {
    private final List<Paper> papers;
    private final Map<String, Figure> byName = new LinkedHashMap<>();
    private final Map<String, Paper> byGroup = new LinkedHashMap<>();

    /**
     * @throws IllegalStateException naming the name when two figures, or a figure and a group, share one
     */
    Figures(final List<Paper> papers) {
        this.papers = List.copyOf(papers);
        for (final Paper paper : this.papers) {
            for (final Figure figure : paper.figures()) {
                claim(figure.name(), paper);
                byName.put(figure.name(), figure);
            }
            claim(paper.group(), paper);
            byGroup.put(paper.group(), paper);
        }
    }

    private void claim(final String name, final Paper paper) {
        if (byName.containsKey(name) || byGroup.containsKey(name)) {
            throw new IllegalStateException("figure name '" + name + "' is declared twice (again by " + paper.citation()
                + ")");
        }
    }

    /**
     * The figures of every paper on the class path ({@link PaperSource}), in the papers' order: Psychas and
     * Ghaderi 2019 and 2018, Tran et al. 2018 (LoTES), Hu and Li 2022 (DJSF). Those that read the Google 2011
     * trace read it from {@code taskEvents} when they first run.
     *
     * @throws IllegalStateException when two sources claim one place in the order
     */
    public static Figures of(final Path taskEvents) {
        return of(taskEvents, null);
    }

    /**
     * As {@link #of(Path)}, the figures that read the Alibaba openb pod lists ({@link Figure#readsOpenbTrace})
     * reading them from {@code openb} (null: their default, ../shared/traces/alibaba-gpu-2023).
     */
    public static Figures of(final Path taskEvents, final Path openb) {
        final List<PaperSource> sources = new ArrayList<>();
        ServiceLoader.load(PaperSource.class, Figures.class.getClassLoader()).forEach(sources::add);
        sources.sort(Comparator.comparingInt(PaperSource::order));
        for (int i = 1; i < sources.size(); i++) {
            if (sources.get(i).order() == sources.get(i - 1).order()) {
                throw new IllegalStateException("papers " + sources.get(i - 1).getClass().getName() + " and "
                    + sources.get(i).getClass().getName() + " both declare order " + sources.get(i).order());
            }
        }
        final List<Paper> papers = new ArrayList<>();
        for (final PaperSource source : sources) {
            papers.add(source.paper(taskEvents, openb));
        }
        return new Figures(papers);
    }

    public List<Paper> papers() {
        return papers;
    }

    /** Every figure, paper by paper, each paper's in its order. */
    public List<Figure> all() {
        return List.copyOf(byName.values());
    }

    /** The figure named {@code name}, or null. */
    public Figure figure(final String name) {
        return byName.get(name);
    }

    /** Every name {@code reproduce} takes: each paper's figures, then its group. */
    public List<String> names() {
        final List<String> names = new ArrayList<>();
        for (final Paper paper : papers) {
            for (final Figure figure : paper.figures()) {
                names.add(figure.name());
            }
            names.add(paper.group());
        }
        return names;
    }

    /** The names of the figures that read the openb pod lists ({@code reproduce --trace}), in order. */
    public List<String> openbFigureNames() {
        return namesOf(Figure::readsOpenbTrace);
    }

    /** The group ({@code all-KEY}) of the paper of the figure named {@code name}, or null for no such figure. */
    public String groupOf(final String name) {
        for (final Paper paper : papers) {
            for (final Figure figure : paper.figures()) {
                if (figure.name().equals(name)) {
                    return paper.group();
                }
            }
        }
        return null;
    }

    /** The names of the figures that read the Google 2011 trace ({@code reproduce --trace}), in order. */
    public List<String> traceFigureNames() {
        return namesOf(Figure::readsGoogleTrace);
    }

    private List<String> namesOf(final Predicate<Figure> reads) {
        final List<String> names = new ArrayList<>();
        for (final Figure figure : byName.values()) {
            if (reads.test(figure)) {
                names.add(figure.name());
            }
        }
        return names;
    }

    /**
     * The figures a name selects: one figure, or a paper's group.
     *
     * @throws IllegalArgumentException naming the value and every known name
     */
    public List<Figure> select(final String name) {
        final Figure figure = byName.get(name);
        if (figure != null) {
            return List.of(figure);
        }
        final Paper paper = byGroup.get(name);
        if (paper != null) {
            return paper.figures();
        }
        throw new InvalidValueException("FIGURE", "'" + name + "' (known: "
            + String.join(", ", names()) + ")");
    }
}
