package org.bgctl.machine.bgl;

import java.util.Locale;

/**
 * How the blocks of a {@link BlockLayout} may be used, after Slurm's {@code LayoutMode} for BlueGene. The third
 * mode, dynamic (partitions made to measure, any box of the machine), is a machine without a block layout.
 */
public enum LayoutMode {
    /** The blocks share no midplane; a job runs on the smallest free block that holds it. */
    STATIC,
    /** Blocks may share midplanes; two blocks in use never share a midplane, switch port or cable. */
    OVERLAP;

    /** The name in a machine spec, {@code static} or {@code overlap}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
