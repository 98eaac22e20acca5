package org.bgctl.sweep;

import java.util.List;
import java.util.Objects;

/**
 * One plot of a sweep's results: y against x, one line per combination of the series
 * parameters' values, points sorted by x.
 *
 * @param x      a column of results.csv: a swept parameter or a metric
 * @param y      a metric column of results.csv
 * @param series the swept parameters whose values tell the lines apart; null for the default
 *               (every swept parameter with several values, except x — or, when x is a metric,
 *               except the first numeric axis, along which the lines run)
 * @param title  the chart's title; null for "y vs x"
 * @param name   the file name without extension; null for "y-vs-x"
 * @param logY   a logarithmic y axis (points with y ≤ 0 are left out)
 * @param origin where the plot is written, {@code FILE (line N)}, for the errors that name it; null when not
 *               from a file
 */
public record PlotSpec(String x, String y, List<String> series, String title, String name, boolean logY,
                       String origin) {

    public PlotSpec {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        if (series != null) series = List.copyOf(series);
    }

    /** A plot that is not from a file. */
    public PlotSpec(String x, String y, List<String> series, String title, String name, boolean logY) {
        this(x, y, series, title, name, logY, null);
    }

    /** How an error names this plot: {@code plot NAME}, and where it is written when it is from a file. */
    public String named() {
        return "plot " + fileName() + (origin != null ? " (" + origin + ")" : "");
    }

    /** A plot of y against x with the default series, title and name. */
    public static PlotSpec of(String x, String y) {
        return new PlotSpec(x, y, null, null, null, false);
    }

    /** The title to show. */
    public String shownTitle() {
        return title != null ? title : y + " vs " + x;
    }

    /** The file name to use, without extension. */
    public String fileName() {
        return (name != null ? name : y + "-vs-" + x).replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
