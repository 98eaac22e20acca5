package org.bgctl.machine.bgl;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * The canonical name of a partition, from which the exact partition is rebuilt (the journal keeps
 * allocations by name):
 *
 * <pre>
 * R&lt;x&gt;&lt;y&gt;&lt;z&gt;:&lt;a&gt;x&lt;b&gt;x&lt;c&gt;:&lt;mesh|torus&gt;:x=&lt;links&gt;:y=&lt;links&gt;:z=&lt;links&gt;
 * </pre>
 *
 * The base midplane, the shape, the topology, then for each dimension the link set used in every line
 * the box spans: its cables as indices into that dimension's line wiring, ascending, joined by
 * {@code .}, or {@code -} when it uses none; then, when it passes through switches of midplanes outside
 * the box, {@code /} and their positions on the line, ascending, joined by {@code .}. For example
 * {@code R000:2x1x1:torus:x=0.8:y=-:z=-} is the torus of midplanes (0,0,0) and (1,0,0) closed by x
 * cables 0 (0 to 1) and 8 (1 to 0) of bgl, and {@code R020:1x2x1:torus:x=-:y=0.1.2.3/0.1:z=-} the
 * y-torus of (0,2,0) and (0,3,0), which on bgl's ring 0-1-3-2-0 takes every y cable of its line
 * and passes through the switches at y = 0 and 1.
 */
final class PartitionNames {
    private final BglMachine machine;
    /** Lookup by name only; never iterated. */
    private final Map<String, Partition> parsed = new ConcurrentHashMap<>();

    PartitionNames(BglMachine machine) {
        this.machine = machine;
    }

    /** The canonical name of {@code p}. */
    String format(Partition p) {
        StringBuilder name = new StringBuilder(48).append(BglIds.position(p.base())).append(':').append(p.shape())
                .append(':').append(p.topology().name().toLowerCase(Locale.ROOT));
        for (Dimension d : Dimension.values()) {
            LinkSet links = p.linkSet(d);
            name.append(':').append(d.label()).append('=');
            if (links.cables() == 0) name.append('-');
            else appendBits(name, links.cables(), '.');
            if (links.passThrough() != 0) appendBits(name.append('/'), links.passThrough(), '.');
        }
        return name.toString();
    }

    /**
     * The canonical name of {@code p}, a partition of the machine (a box of it joined by link sets of its
     * tables), which {@link #parse} then gives back without decoding it.
     */
    String name(Partition p) {
        String name = format(p);
        parsed.putIfAbsent(name, p);
        return name;
    }

    /**
     * The partition named {@code name}.
     *
     * @throws IllegalArgumentException naming the name and what is wrong with it
     */
    Partition parse(String name) {
        // Looked up before computeIfAbsent: C1 code makes its capturing method reference through method handles.
        Partition known = parsed.get(name);
        return known != null ? known : parsed.computeIfAbsent(name, this::decode);
    }

    private Partition decode(String name) {
        try {
            String[] fields = name.split(":", -1);
            if (fields.length != 6)
                throw new IllegalArgumentException("expected 6 fields separated by ':' (base, shape, topology, x, y, z)");
            Coordinate base = BglIds.position(fields[0], machine);
            Shape shape = shape(fields[1]);
            if (!shape.fitsIn(machine.shape()))
                throw new IllegalArgumentException("shape " + shape + " does not fit the " + machine.shape() + " midplanes");
            Topology topology = topology(fields[2]);
            LinkSet[] links = new LinkSet[3];
            for (Dimension d : Dimension.values()) {
                String field = fields[3 + d.ordinal()];
                if (!field.startsWith(d.label() + "="))
                    throw new IllegalArgumentException("field " + (4 + d.ordinal()) + " must start with '" + d.label() + "='");
                int span = Grid.arc(base.get(d), shape.extent(d), machine.shape().extent(d));
                links[d.ordinal()] = linkSet(d, topology, span, field.substring(2));
            }
            return new Partition(base, shape, topology, links[0], links[1], links[2]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("partition '" + name + "' of " + machine.wiring().name() + ": "
                    + e.getMessage(), e);
        }
    }

    private LinkSet linkSet(Dimension d, Topology topology, int span, String text) {
        String[] parts = text.split("/", -1);
        if (parts.length > 2) throw new IllegalArgumentException(d.label() + "=" + text + " has more than one '/'");
        long cables = parts[0].equals("-") ? 0 : bits(parts[0], machine.wiring().line(d).cables().size(), "cable");
        int passThrough = parts.length == 2 ? (int) bits(parts[1], machine.shape().extent(d), "switch position") : 0;
        LinkSet links = new LinkSet(span, cables, passThrough);
        if (!machine.table(d).contains(topology, links))
            throw new IllegalArgumentException(d.label() + "=" + text + " is not a " + topology.name().toLowerCase(Locale.ROOT)
                    + " link set of the " + d.label() + "-line wiring for midplanes " + positions(span));
        return links;
    }

    private static long bits(String text, int limit, String what) {
        long mask = 0;
        int previous = -1;
        for (String part : text.split("\\.", -1)) {
            if (!part.matches("[0-9]{1,2}")) throw new IllegalArgumentException("'" + text + "': '" + part + "' is not a " + what);
            int i = Integer.parseInt(part);
            if (i >= limit) throw new IllegalArgumentException("'" + text + "': no " + what + " " + i + " (0.." + (limit - 1) + ")");
            if (i <= previous) throw new IllegalArgumentException("'" + text + "': " + what + "s must be listed once, ascending");
            mask |= 1L << i;
            previous = i;
        }
        return mask;
    }

    private static Shape shape(String text) {
        if (!text.matches("[0-9]+x[0-9]+x[0-9]+"))
            throw new IllegalArgumentException("'" + text + "' is not a shape AxBxC");
        String[] e = text.split("x");
        return new Shape(Integer.parseInt(e[0]), Integer.parseInt(e[1]), Integer.parseInt(e[2]));
    }

    private static Topology topology(String text) {
        for (Topology t : Topology.values()) if (t.name().toLowerCase(Locale.ROOT).equals(text)) return t;
        throw new IllegalArgumentException("'" + text + "' is not a topology (mesh or torus)");
    }

    private static void appendBits(StringBuilder out, long mask, char separator) {
        boolean first = true;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            if (!first) out.append(separator);
            out.append(Long.numberOfTrailingZeros(rest));
            first = false;
        }
    }

    private static String positions(int mask) {
        StringBuilder s = new StringBuilder("{");
        appendBits(s, mask, ',');
        return s.append('}').toString();
    }
}
