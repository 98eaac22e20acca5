package org.bgctl.report.html;

/**
 * The frame of a plot: its area inside margins, the scales from data to picture units, and the axes with their
 * marks and names. Drawing goes to {@link #svg()}.
 */
final class Frame {

    static final int WIDTH = 900;
    static final int LEFT = 70;
    static final int RIGHT = 20;
    static final int TOP = 14;
    static final int BOTTOM = 42;

    private final Svg svg;
    private final int height;
    private final double x0;
    private final double x1;
    private final double y0;
    private final double y1;

    /** A plot {@code height} units high showing {@code x0..x1} across and {@code y0..y1} up. */
    Frame(String label, int height, double x0, double x1, double y0, double y1) {
        this.svg = new Svg(WIDTH, height, label);
        this.height = height;
        this.x0 = x0;
        this.x1 = x1 > x0 ? x1 : x0 + 1;
        this.y0 = y0;
        this.y1 = y1 > y0 ? y1 : y0 + 1;
    }

    Svg svg() {
        return svg;
    }

    double left() {
        return LEFT;
    }

    double right() {
        return WIDTH - RIGHT;
    }

    double top() {
        return TOP;
    }

    double bottom() {
        return height - BOTTOM;
    }

    double px(double x) {
        return LEFT + (x - x0) / (x1 - x0) * (right() - LEFT);
    }

    double py(double y) {
        return bottom() - (y - y0) / (y1 - y0) * (bottom() - TOP);
    }

    /** The axes: marks and a grid from {@code xs} and {@code ys} (none for null), and the axes' names. */
    Frame axes(Ticks xs, String xName, Ticks ys, String yName) {
        svg.rect(LEFT, TOP, right() - LEFT, bottom() - TOP, "#fafafa", null);
        if (xs != null) {
            for (double v : xs.values()) {
                double x = px(v);
                svg.line(x, TOP, x, bottom(), "#e2e2e2").line(x, bottom(), x, bottom() + 4, "#555")
                        .text(x, bottom() + 16, "middle", xs.label().apply(v));
            }
        }
        if (ys != null) {
            for (double v : ys.values()) {
                double y = py(v);
                svg.line(LEFT, y, right(), y, "#e2e2e2").line(LEFT - 4, y, LEFT, y, "#555")
                        .text(LEFT - 7, y + 4, "end", ys.label().apply(v));
            }
        }
        svg.line(LEFT, bottom(), right(), bottom(), "#555").line(LEFT, TOP, LEFT, bottom(), "#555");
        svg.text((LEFT + right()) / 2, height - 6, "middle", xName);
        if (yName != null) svg.verticalText(14, (TOP + bottom()) / 2, yName);
        return this;
    }

    @Override
    public String toString() {
        return svg.toString();
    }
}
