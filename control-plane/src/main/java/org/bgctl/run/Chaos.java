package org.bgctl.run;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Chaos mode ({@code --chaos drop=P,duplicate=P,delay=P}): each step of the agent protocol, and each answer to
 * one, is dropped with probability {@code drop}, delivered twice with probability {@code duplicate}, or delivered
 * late with probability {@code delay} ({@link ChaosDirectory}). The protocol's retries and undos must recover:
 * the run completes, every job ends once, and the audit is clean; the schedule may differ from the run without
 * chaos (docs/faults.md).
 */
public record Chaos(double drop, double duplicate, double delay) {

    /** No chaos. */
    public static final Chaos NONE = new Chaos(0, 0, 0);

    public Chaos {
        requireProbability("drop", drop);
        requireProbability("duplicate", duplicate);
        requireProbability("delay", delay);
        if (drop == 1)
            throw new IllegalArgumentException("chaos: drop must be below 1: with every message lost no step is ever"
                    + " answered, and the run would never end");
        if (drop + duplicate + delay > 1)
            throw new IllegalArgumentException("chaos: drop + duplicate + delay must be at most 1, was "
                    + (drop + duplicate + delay));
    }

    private static void requireProbability(String name, double p) {
        if (!(p >= 0 && p <= 1))
            throw new IllegalArgumentException("chaos: " + name + " must be a probability in [0, 1], was " + p);
    }

    /** Whether any message is perturbed. */
    public boolean active() {
        return drop > 0 || duplicate > 0 || delay > 0;
    }

    /**
     * Parses {@code drop=P,duplicate=P,delay=P}; each setting may be left out (0), and {@code none} is no chaos.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Chaos parse(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equals("none")) return NONE;
        double drop = 0;
        double duplicate = 0;
        double delay = 0;
        Set<String> given = new HashSet<>();
        for (String part : t.split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2)
                throw new IllegalArgumentException("chaos: '" + part.trim() + "' is not NAME=P (drop=P,duplicate=P,delay=P)");
            if (!given.add(kv[0].trim()))
                throw new IllegalArgumentException("chaos: " + kv[0].trim() + " is given twice ('" + t + "')");
            double p;
            try {
                p = Double.parseDouble(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("chaos: " + kv[0].trim() + " is not a number: '" + kv[1].trim() + "'");
            }
            switch (kv[0].trim()) {
                case "drop" -> drop = p;
                case "duplicate" -> duplicate = p;
                case "delay" -> delay = p;
                default -> throw new IllegalArgumentException("chaos: unknown setting '" + kv[0].trim()
                        + "'; known: drop, duplicate, delay");
            }
        }
        return new Chaos(drop, duplicate, delay);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "drop=%s,duplicate=%s,delay=%s", drop, duplicate, delay);
    }
}
