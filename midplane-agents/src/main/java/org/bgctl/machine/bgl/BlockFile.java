package org.bgctl.machine.bgl;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.MachineFileError;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * Reads a block file, the list of blocks of a static or overlap {@link BlockLayout}, in the spirit of the block
 * lines of Slurm's {@code bluegene.conf}:
 *
 * <pre>
 * blocks = [
 *   { name = "R00-32", box = "R000:4x2x2", connection = torus }
 *   { name = "R40-1",  box = "R400:1x1x1", connection = mesh }
 * ]
 * </pre>
 *
 * A box is its corner midplane and its midplanes per dimension; it may wrap around the machine's edges like any
 * partition. {@code connection} is {@code torus} (the default) or {@code mesh}, for the whole block: on BG/L a
 * block is one torus or one mesh. Each block must be wirable on the machine — in every dimension a link set of its
 * connection joins its midplanes, passing through no outside switch where the machine denies pass-through — no box
 * is listed twice with the same connection, and in a static layout no two blocks share a midplane. Errors name the
 * file and the block's line.
 */
public final class BlockFile {

    /** The keys of a block entry. */
    private static final List<String> KEYS = List.of("name", "box", "connection");

    private BlockFile() {
    }

    /**
     * The layout of the block file {@code file} on {@code machine}.
     *
     * @param deny the dimensions in which the machine denies pass-through
     * @throws IllegalArgumentException naming the file, the line and what is wrong
     */
    public static BlockLayout load(LayoutMode mode, Path file, BglMachine machine, Set<Dimension> deny) {
        Config config;
        try {
            config = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false)).resolve();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        List<? extends Config> entries;
        try {
            MachineFileError.requireKnownKeys(config, "", List.of("blocks"));
            entries = config.getConfigList("blocks");
            if (entries.isEmpty()) throw new IllegalArgumentException("blocks lists no block");
        } catch (ConfigException | IllegalArgumentException e) {
            throw MachineFileError.in(config, e);
        }
        List<LayoutBlock> blocks = new ArrayList<>();
        Map<String, LayoutBlock> byName = new HashMap<>();
        Map<List<Object>, LayoutBlock> byBox = new HashMap<>();
        BglState all = machine.newState();
        for (Config entry : entries) {
            try {
                LayoutBlock block = block(entry, machine);
                LayoutBlock same = byName.putIfAbsent(block.name(), block);
                if (same != null)
                    throw new IllegalArgumentException("block " + block.name() + " is named twice (first on line " + same.line() + ")");
                LayoutBlock twin = byBox.putIfAbsent(List.of(block.base(), block.shape(), block.topology()), block);
                if (twin != null)
                    throw new IllegalArgumentException("block " + block.name() + " repeats block " + twin.name()
                            + " (line " + twin.line() + "): the same " + block.topology().name().toLowerCase(Locale.ROOT)
                            + " " + BglIds.position(block.base()) + ":" + block.shape() + "; list each box once per connection");
                checkWiring(block, machine, deny);
                if (mode == LayoutMode.STATIC) {
                    checkApart(block, blocks, machine);
                    wireAlongside(block, all, machine, deny);
                }
                blocks.add(block);
            } catch (ConfigException e) {
                throw MachineFileError.at(entry, e);
            } catch (IllegalArgumentException e) {
                throw MachineFileError.at(entry, e);
            }
        }
        return new BlockLayout(mode, file.toString(), machine, blocks);
    }

    private static LayoutBlock block(Config entry, BglMachine machine) {
        String name = entry.getString("name");
        if (name.isBlank()) throw new IllegalArgumentException("a block needs a name");
        for (String key : new TreeSet<>(entry.root().keySet()))
            if (!KEYS.contains(key))
                throw new IllegalArgumentException("block " + name + ": unknown key '" + key + "'; known: "
                        + String.join(", ", KEYS));
        String box = entry.getString("box");
        String[] parts = box.split(":", -1);
        if (parts.length != 2 || !parts[0].matches("R[0-9]{3}") || !parts[1].matches("[1-9][0-9]*x[1-9][0-9]*x[1-9][0-9]*"))
            throw new IllegalArgumentException("block " + name + ": box '" + box + "' is not R<x><y><z>:AxBxC, e.g. R000:2x2x2");
        Coordinate corner;
        try {
            corner = BglIds.position(parts[0], machine);
        } catch (IllegalArgumentException outside) {
            throw new IllegalArgumentException("block " + name + ": " + outside.getMessage(), outside);
        }
        Shape size = machine.shape();
        String tooLarge = "block " + name + ": box " + parts[1] + " does not fit the " + size + " midplanes";
        String[] e = parts[1].split("x");
        Shape shape;
        try {
            shape = new Shape(Integer.parseInt(e[0]), Integer.parseInt(e[1]), Integer.parseInt(e[2]));
        } catch (NumberFormatException beyondAnInt) {
            throw new IllegalArgumentException(tooLarge, beyondAnInt);
        }
        if (!shape.fitsIn(size)) throw new IllegalArgumentException(tooLarge);
        // a box spanning a whole line starts at 0 in it, as the partition search places it
        Coordinate base = new Coordinate(shape.x() == size.x() ? 0 : corner.x(), shape.y() == size.y() ? 0 : corner.y(),
                shape.z() == size.z() ? 0 : corner.z());
        Topology topology = entry.hasPath("connection") ? connection(name, entry.getString("connection")) : Topology.TORUS;
        return new LayoutBlock(name, base, shape, topology, entry.origin().lineNumber());
    }

    private static Topology connection(String block, String text) {
        for (Topology t : Topology.values()) if (t.name().toLowerCase(Locale.ROOT).equals(text)) return t;
        throw new IllegalArgumentException("block " + block + ": connection '" + text + "' is not torus or mesh");
    }

    /** In every dimension some link set of the block's connection joins its midplanes, as the machine allows. */
    private static void checkWiring(LayoutBlock block, BglMachine machine, Set<Dimension> deny) {
        String connection = block.topology().name().toLowerCase(Locale.ROOT);
        for (Dimension d : Dimension.values()) {
            int arc = Grid.arc(block.base().get(d), block.shape().extent(d), machine.shape().extent(d));
            List<LinkSet> sets = machine.table(d).linkSets(block.topology(), arc);
            if (sets.isEmpty())
                throw new IllegalArgumentException("block " + block.name() + ": no " + connection + " of the "
                        + d.label() + "-line wiring of " + machine.wiring().name() + " joins its midplanes at "
                        + d.label() + " = " + positions(arc));
            if (deny.contains(d) && sets.stream().allMatch(s -> s.passThrough() != 0))
                throw new IllegalArgumentException("block " + block.name() + ": every " + connection + " of the "
                        + d.label() + "-line wiring joining its midplanes at " + d.label() + " = " + positions(arc)
                        + " passes through an outside switch, which deny-passthrough forbids");
        }
    }

    /**
     * In a static layout every block is wired at once, as Slurm's static mode creates them all at start: the block's
     * partition is allocated on {@code all}, which holds those of the blocks listed before it.
     */
    private static void wireAlongside(LayoutBlock block, BglState all, BglMachine machine, Set<Dimension> deny) {
        BlockLayout one = new BlockLayout(LayoutMode.STATIC, "", machine, List.of(block));
        PartitionRequest whole = new PartitionRequest(block.size(), block.shape(), false, block.topology(), deny);
        Partition p = one.best(all, whole, null).orElseThrow(() -> new IllegalArgumentException("block " + block.name()
                + ": its " + block.topology().name().toLowerCase(Locale.ROOT) + " cannot be wired alongside the blocks"
                + " listed before it, which take cables or switches it needs; in a static layout all blocks are wired at once"));
        all.allocate(p);
    }

    /**
     * The block shares no midplane with those listed before it. Two boxes share a midplane when their positions meet
     * in every dimension; the first shared one is named.
     */
    private static void checkApart(LayoutBlock block, List<LayoutBlock> earlier, BglMachine machine) {
        for (LayoutBlock other : earlier) {
            int[] shared = new int[3];
            boolean meet = true;
            for (Dimension d : Dimension.values()) {
                int length = machine.shape().extent(d);
                int both = Grid.arc(block.base().get(d), block.shape().extent(d), length)
                        & Grid.arc(other.base().get(d), other.shape().extent(d), length);
                meet &= both != 0;
                shared[d.ordinal()] = Integer.numberOfTrailingZeros(both);
            }
            if (meet)
                throw new IllegalArgumentException("block " + block.name() + " overlaps block " + other.name() + " on "
                        + BglIds.midplane(new Coordinate(shared[0], shared[1], shared[2]))
                        + "; in a static layout blocks share no midplane");
        }
    }

    private static String positions(int mask) {
        StringBuilder s = new StringBuilder("{");
        for (int rest = mask; rest != 0; rest &= rest - 1) {
            if (s.length() > 1) s.append(',');
            s.append(Integer.numberOfTrailingZeros(rest));
        }
        return s.append('}').toString();
    }
}
