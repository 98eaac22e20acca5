package org.bgctl.faults;

/**
 * How a kind of component fails: up for a time to failure drawn from {@code ttf}, then down for a time
 * to repair drawn from {@code ttr}, and so on.
 */
public record FailureLaw(Distribution ttf, Distribution ttr) {

    /**
     * The law written {@code TTF/TTR}, e.g. {@code exponential(864000)/weibull(0.7, 3600)}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static FailureLaw parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length != 2)
            throw new IllegalArgumentException("'" + text + "' is not TTF/TTR, e.g. exponential(864000)/exponential(3600)");
        return new FailureLaw(Distribution.parse(parts[0]), Distribution.parse(parts[1]));
    }

    /** As written: {@code TTF/TTR}. */
    public String text() {
        return ttf.text() + "/" + ttr.text();
    }
}
