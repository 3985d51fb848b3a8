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

    /** The figures of the 2018 paper, in the paper's order; Fig. 8 only with the trace ({@code taskEvents} not null). */
    public static Map<String, Figure> paper2018(final Path taskEvents) {
        final Map<String, Figure> figures = new LinkedHashMap<>();
        for (final Figure figure : Paper2018.figures(taskEvents)) {
            figures.put(figure.name(), figure);
        }
        return figures;
    }

    /** The generated-workload figures of Tran et al. 2018 (LoTES), Sec. 5.4. */
    public static Map<String, Figure> lotesGenerated() {
        final Map<String, Figure> figures = new LinkedHashMap<>();
        for (final Figure figure : List.of(Paper2018Lotes.fig11(), Paper2018Lotes.fig12(), Paper2018Lotes.fig13())) {
            figures.put(figure.name(), figure);
        }
        return figures;
    }

    /** Every LoTES figure: Figs. 8-10 on the Google 2011 task_events parts in {@code taskEvents}, then 11-13. */
    public static Map<String, Figure> lotes(final Path taskEvents) {
        final Map<String, Figure> figures = new LinkedHashMap<>();
        final LotesTraceFigure.Setups setups = new LotesTraceFigure.Setups(taskEvents);
        for (final LotesTraceFigure.Kind kind : LotesTraceFigure.Kind.values()) {
            final Figure figure = new LotesTraceFigure(kind, setups);
            figures.put(figure.name(), figure);
        }
        figures.putAll(lotesGenerated());
        return figures;
    }

    /** Every known figure name, plus {@code all-2019}, {@code all-2018}, {@code all-lotes} and {@code all-djsf}. */
    public static List<String> names() {
        final List<String> names = new ArrayList<>(paper2019().keySet());
        names.add("fig5");
        names.add("all-2019");
        names.addAll(paper2018(null).keySet());
        names.add("2018-fig8");
        names.add("all-2018");
        names.addAll(List.of("lotes-fig8", "lotes-fig9", "lotes-fig10"));
        names.addAll(lotesGenerated().keySet());
        names.add("all-lotes");
        names.addAll(PaperDjsf.NAMES);
        names.add("all-djsf");
        return names;
    }
}
