package org.bgctl.report.html;

import java.util.Locale;

/** Numbers as people read them: durations in days, hours and minutes, shares in percent. */
final class Human {

    private Human() {
    }

    /** Seconds as {@code 3d 04:05} (days, hours, minutes), or {@code 0:00:42} under a minute. */
    static String duration(double seconds) {
        if (Double.isNaN(seconds)) return "–";
        long s = Math.round(seconds);
        String sign = s < 0 ? "-" : "";
        s = Math.abs(s);
        if (s < 60) return sign + String.format(Locale.ROOT, "0:00:%02d", s);
        return sign + String.format(Locale.ROOT, "%dd %02d:%02d", s / 86400, s % 86400 / 3600, s % 3600 / 60);
    }

    /** A share as {@code 66.1%}. */
    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    /** A number with at most {@code decimals} decimals and no trailing zeros. */
    static String number(double v, int decimals) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
