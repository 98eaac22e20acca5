package org.bgctl.faults;

import java.util.Locale;

/** The kinds of component a fault model gives laws for, told apart by how the machine names them. */
public enum ComponentKind {
    /** A BG/L midplane, {@code mp-R<x><y><z>}. */
    MIDPLANE("mp-"),
    /** A BG/L switch, {@code sw-<d>-R<x><y><z>}. */
    SWITCH("sw-"),
    /** A BG/L cable, {@code cable-<d>-R<x><y><z>-p<port>}. */
    CABLE("cable-"),
    /** A node of a flat machine, {@code node-<i>}. */
    NODE("node-");

    private final String prefix;

    ComponentKind(String prefix) {
        this.prefix = prefix;
    }

    /** Its name in a fault model: {@code midplane}, {@code switch}, {@code cable}, {@code node}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the component {@code id} is of this kind. */
    public boolean names(String id) {
        return id.startsWith(prefix);
    }

    /**
     * The kind called {@code label}.
     *
     * @throws IllegalArgumentException naming the unknown kind and the known ones
     */
    public static ComponentKind parse(String label) {
        for (ComponentKind k : values()) if (k.label().equals(label.trim().toLowerCase(Locale.ROOT))) return k;
        throw new IllegalArgumentException("unknown component kind '" + label + "'; known: midplane, switch, cable, node");
    }
}
