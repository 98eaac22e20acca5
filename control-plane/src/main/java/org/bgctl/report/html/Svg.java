package org.bgctl.report.html;


/** An SVG picture written as text: shapes in user units, with text escaped for HTML. */
final class Svg {

    private final StringBuilder out = new StringBuilder(4096);

    /** A picture {@code width} by {@code height} units, labelled {@code label} for screen readers and tests. */
    Svg(int width, int height, String label) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" role=\"img\" aria-label=\"").append(escape(label)).append("\">\n");
    }

    Svg rect(double x, double y, double w, double h, String fill, String title) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill).append('"');
        if (title == null) return close();
        out.append("><title>").append(escape(title)).append("</title></rect>\n");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(stroke).append('"');
        return close();
    }

    /** A line through {@code xs[i], ys[i]}. */
    Svg polyline(double[] xs, double[] ys, String stroke) {
        out.append("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"").append(stroke).append("\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            if (i > 0) out.append(' ');
            out.append(n(xs[i])).append(',').append(n(ys[i]));
        }
        out.append('"');
        return close();
    }

    /** Text at {@code x, y}; {@code anchor} start, middle or end. */
    Svg text(double x, double y, String anchor, String text) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor)
                .append("\">").append(escape(text)).append("</text>\n");
        return this;
    }

    /** Text turned a quarter left, centred on {@code x, y} (a y axis's label). */
    Svg verticalText(double x, double y, String text) {
        out.append("<text transform=\"translate(").append(n(x)).append(',').append(n(y))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(escape(text)).append("</text>\n");
        return this;
    }

    private Svg close() {
        out.append("/>\n");
        return this;
    }

    @Override
    public String toString() {
        return out + "</svg>\n";
    }

    /** A coordinate with at most one decimal, the same on every locale. */
    static String n(double v) {
        long tenths = Math.round(v * 10);
        if (tenths % 10 == 0) return Long.toString(tenths / 10);
        // As String.format(Locale.ROOT, "%.1f", tenths / 10.0) writes it, without a Formatter (bgl reports draw
        // hundreds of thousands of rectangles).
        long abs = Math.abs(tenths);
        return (tenths < 0 ? "-" : "") + abs / 10 + "." + abs % 10;
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
