package org.bgctl.machine.bgl;

import java.nio.file.Path;
import org.bgctl.config.BgctlSettings;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * A machine of midplanes with its static wiring and the link-set lookup table of each dimension. It
 * holds no occupancy: that is a {@link BglState}.
 */
public final class BglMachine {
    private final Wiring wiring;
    private final Grid grid;
    private final LinkSetTable[] tables;
    private final SwitchModel switchModel;

    private BglMachine(Wiring wiring, LinkSetTable[] tables, SwitchModel switchModel) {
        this.wiring = wiring;
        this.grid = new Grid(wiring.midplanes());
        this.tables = tables;
        this.switchModel = switchModel;
    }

    /**
     * The machine {@code machines/<name>.conf} shipped on the class path (e.g. {@code bgl},
     * {@code torus-bgl}), with link-set tables from the cache folder of the default config.
     */
    public static BglMachine load(String name) {
        return of(Wiring.loadResource(name), LinkSetCache.fromConfig(BgctlSettings.load()));
    }

    /** The machine described by a user's machine file, with tables from the default cache folder. */
    public static BglMachine load(Path file) {
        return of(Wiring.load(file), LinkSetCache.fromConfig(BgctlSettings.load()));
    }

    /** The machine of {@code wiring} with switches shared port by port; dimensions wired alike share one table. */
    public static BglMachine of(Wiring wiring, LinkSetCache cache) {
        LinkSetTable[] tables = new LinkSetTable[Dimension.values().length];
        for (Dimension d : Dimension.values()) {
            for (Dimension earlier : Dimension.values()) {
                if (earlier == d) break;
                if (wiring.line(earlier).equals(wiring.line(d))) tables[d.ordinal()] = tables[earlier.ordinal()];
            }
            if (tables[d.ordinal()] == null) tables[d.ordinal()] = cache.tableFor(wiring.line(d));
        }
        return new BglMachine(wiring, tables, SwitchModel.PORTS);
    }

    public Wiring wiring() {
        return wiring;
    }

    /** How partitions share a switch. */
    public SwitchModel switchModel() {
        return switchModel;
    }

    /** This machine's wiring and tables with switches shared as {@code model} says. */
    public BglMachine withSwitchModel(SwitchModel model) {
        return model == switchModel ? this : new BglMachine(wiring, tables, model);
    }

    /** Midplanes per dimension. */
    public Shape shape() {
        return wiring.midplanes();
    }

    /** The link-set table of every line of {@code dimension}. */
    public LinkSetTable table(Dimension dimension) {
        return tables[dimension.ordinal()];
    }

    /** A state of this machine with every midplane, switch and cable free and up. */
    public BglState newState() {
        return new BglState(this);
    }

    Grid grid() {
        return grid;
    }

    @Override
    public String toString() {
        return "BglMachine[" + wiring.name() + ", " + shape() + " midplanes, switches by " + switchModel.label() + "]";
    }
}
