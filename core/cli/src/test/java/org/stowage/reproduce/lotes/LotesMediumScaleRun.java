package org.stowage.reproduce.lotes;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Reproduction;
import org.stowage.reproduce.Scale;

/**
 * The medium-scale runs of docs/journal/: LoTES figures with the figures' own code at a size between quick
 * and the paper's (more machines per configuration, longer runs, more instances than {@code --quick}), which
 * this 2-core machine can afford in minutes. Not a test (surefire does not pick it up); run it after
 * {@code ./mvnw -B -ntp -q -pl core/cli -am package -DskipTests} (which compiles the tests too) with
 * <pre>
 * java -cp core/cli/target/stowage.jar:core/cli/target/test-classes org.stowage.reproduce.lotes.LotesMediumScaleRun \
 *     OUT_DIR lotes-load:100:10:2 lotes-fig11:50:10:2 ...
 * </pre>
 * Each argument after the directory is {@code FIGURE:MACHINES_PER_CONFIGURATION:HOURS:INSTANCES}; the figure's
 * claims are decided as at paper scale, its report is printed and written to {@code OUT_DIR/FIGURE/report.txt}
 * beside its CSV and plots. Rerunning resumes, as {@code reproduce} does. Deterministic: seed 2018, 2 threads.
 */
public final class LotesMediumScaleRun {
    private LotesMediumScaleRun() {
    }

    public static void main(final String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: OUT_DIR FIGURE:MACHINES:HOURS:INSTANCES ...");
        }
        final Path out = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            final String[] parts = args[i].split(":", -1);
            if (parts.length != 4) {
                throw new IllegalArgumentException("expected FIGURE:MACHINES:HOURS:INSTANCES, got '" + args[i] + "'");
            }
            final Paper2018Lotes.Size size = new Paper2018Lotes.Size(Integer.parseInt(parts[1]),
                Double.parseDouble(parts[2]), Integer.parseInt(parts[3]));
            final Figure figure = switch (parts[0]) {
                case "lotes-fig11" -> Paper2018Lotes.fig11(size);
                case "lotes-fig12" -> Paper2018Lotes.fig12(size);
                case "lotes-fig13" -> Paper2018Lotes.fig13(size);
                case LotesLoadFigure.NAME -> LotesLoadFigure.figure(size);
                default -> throw new IllegalArgumentException("not a generated LoTES figure: '" + parts[0] + "'");
            };
            final Path directory = out.resolve(parts[0]);
            final Reproduction reproduction = Reproduction.run(figure, Scale.PAPER, directory, 2, 2018, done -> { });
            final StringWriter text = new StringWriter();
            final PrintWriter printer = new PrintWriter(text);
            printer.println("size: " + size);
            reproduction.print(printer);
            printer.flush();
            System.out.print(text);
            System.out.flush();
            Files.writeString(directory.resolve("report.txt"), text.toString());
        }
    }
}
