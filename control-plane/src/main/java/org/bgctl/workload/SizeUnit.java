package org.bgctl.workload;

import java.util.Locale;

/** What a trace's job sizes count. */
public enum SizeUnit {
    /** Nodes: a job of n nodes takes {@code ceil(n / granularity)} allocation units (midplanes on BG/L). */
    NODES,
    /** Allocation units (midplanes on BG/L, nodes on a flat machine): the trace is already scaled to the machine. */
    UNITS;

    /** Parses {@code nodes} or {@code units}, naming the bad value otherwise. */
    public static SizeUnit parse(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown size unit '" + name + "'; known: nodes, units");
        }
    }
}
