package org.bgctl.sweep;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * Draws a sweep's plots with XChart, each as PNG and SVG: y against x, one line with markers per
 * series, points sorted by x. Only runs that succeeded are drawn. Rendering needs no display.
 */
public final class SweepPlots {

    /** Pixel size of the PNG files (the SVG has the same proportions). */
    public static final int WIDTH = 900;
    public static final int HEIGHT = 600;

    /** Axis labels: thousands grouped, up to three decimals, a leading zero (0.09, 16,000). */
    private static final String NUMBERS = "#,##0.###";

    static {
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
    }

    private SweepPlots() {
    }

    /**
     * Writes {@code NAME.png} and {@code NAME.svg} for each plot into {@code dir}; a plot with no
     * point to draw (every run failed, or no finite value) is left out, and its files of an earlier
     * drawing are removed.
     *
     * @return the files written, in plot order, PNG before SVG
     */
    public static List<Path> write(List<PlotSpec> plots, SweepResults results, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (PlotSpec plot : plots) {
            XYChart chart = chart(plot, results);
            Path png = dir.resolve(plot.fileName() + ".png");
            Path svg = dir.resolve(plot.fileName() + ".svg");
            if (chart == null) {
                remove(plot.fileName(), dir);
                continue;
            }
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            written.add(png);
            written.add(svg);
        }
        return written;
    }

    /**
     * Removes from {@code dir} the files of the plots named {@code earlier} (the plots of an earlier sweep into the
     * same directory) that are not among {@code plots}, so that the folder holds only the plots of the sweep now.
     * Only those two files of each name are removed: nothing else in {@code dir} is touched.
     */
    public static void removeEarlier(List<String> earlier, List<PlotSpec> plots, Path dir) throws IOException {
        Set<String> now = new HashSet<>();
        for (PlotSpec plot : plots) now.add(plot.fileName());
        for (String name : earlier) if (!now.contains(name)) remove(name, dir);
    }

    /** Removes {@code NAME.png} and {@code NAME.svg} from {@code dir}, where they are. */
    private static void remove(String name, Path dir) throws IOException {
        Files.deleteIfExists(dir.resolve(name + ".png"));
        Files.deleteIfExists(dir.resolve(name + ".svg"));
    }

    /** The chart of one plot, or null when it has no point to draw. */
    static XYChart chart(PlotSpec plot, SweepResults results) {
        Map<String, List<double[]>> series = points(plot, results);
        if (series.isEmpty()) return null;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(plot.shownTitle())
                .xAxisTitle(plot.x()).yAxisTitle(plot.y()).build();
        chart.getStyler()
                .setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
                .setYAxisLogarithmic(plot.logY())
                .setLegendPosition(Styler.LegendPosition.OutsideE)
                .setLegendVisible(series.size() > 1 || !plot.series().isEmpty())
                .setMarkerSize(7)
                .setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisDecimalPattern(NUMBERS).setYAxisDecimalPattern(NUMBERS);
        series.forEach((name, points) -> chart.addSeries(name,
                points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray()));
        return chart;
    }

    /** Series label to its (x, y) points sorted by x; series in the order their first run appears. */
    static Map<String, List<double[]>> points(PlotSpec plot, SweepResults results) {
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (ResultRow row : results.rows()) {
            if (!row.ok()) continue;
            double x = row.number(plot.x());
            double y = row.number(plot.y());
            if (!Double.isFinite(x) || !Double.isFinite(y) || plot.logY() && y <= 0) continue;
            series.computeIfAbsent(label(plot, row), k -> new ArrayList<>()).add(new double[] {x, y});
        }
        series.values().forEach(points -> points.sort(Comparator.comparingDouble(p -> p[0])));
        return series;
    }

    /** {@code easy} for one series parameter, {@code machine=flat:128, scheduler=easy} for several. */
    private static String label(PlotSpec plot, ResultRow row) {
        if (plot.series().isEmpty()) return plot.y();
        if (plot.series().size() == 1) {
            String key = plot.series().get(0);
            String value = row.get(key);
            return Axis.decimal(value) == null ? value : key + "=" + value;
        }
        return plot.series().stream().map(s -> s + "=" + row.get(s)).collect(Collectors.joining(", "));
    }
}
