package org.bgctl.workload;

import java.util.Locale;

/** Which box a job asks for on a machine of midplanes, before the fat-shape draw. */
public enum ShapeRule {
    /** Any box of the job's size, chosen by the partition search. */
    FREE,
    /** The slim shape of the BG/L allocation study (sticks and sheets; see {@code Shapes.slim}). */
    SLIM;

    /** Parses {@code free} or {@code slim}, naming the bad value otherwise. */
    public static ShapeRule parse(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown shape rule '" + name + "'; known: free, slim");
        }
    }
}
