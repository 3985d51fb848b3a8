package org.stowage.reproduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The reproducible figures by name. */
public final class Figures {
    private Figures() {
    }

    /** The synthetic figures of the 2019 paper, in the paper's order. */
    public static Map<String, Figure> paper2019() {
        final Map<String, Figure> figures = new LinkedHashMap<>();
        for (final Figure figure : List.of(Paper2019.fig3a(), Paper2019.fig3b(), Paper2019.fig4a(), Paper2019.fig4b())) {
            figures.put(figure.name(), figure);
        }
        return figures;
    }

    /** Every figure of the 2019 paper, Fig. 5 reading the Google 2011 task_events parts in {@code taskEvents}. */
    public static Map<String, Figure> paper2019(final Path taskEvents) {
        final Map<String, Figure> figures = paper2019();
        figures.put("fig5", Paper2019.fig5(taskEvents));
        return figures;
    }

    /** Every known figure name, plus {@code all-2019}. */
    public static List<String> names() {
        final List<String> names = new ArrayList<>(paper2019().keySet());
        names.add("fig5");
        names.add("all-2019");
        names.addAll(PaperDjsf.NAMES);
        names.add("all-djsf");
        return names;
    }
}
