package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.bgctl.machine.Topology;

/**
 * The lookup table of one line wiring: for every set of the line's midplanes (a bit mask, contiguous
 * or not), every mesh link set (a directed path through switches) and every torus link set (a directed
 * cycle) that joins exactly those midplanes.
 *
 * <p>In a link set each midplane of the set is entered and left through its own switch's midplane
 * ports; other switches may be passed through; no switch is used twice. A mesh path starts and ends at
 * a midplane of the set. A single midplane's mesh and torus use no cable (see {@link LinkSet#single}).
 *
 * <p>Each list is ordered best first: fewest cables, then fewest switches passed through, then by the
 * cable mask as an unsigned number, then by the pass-through mask. The first link set in that order
 * whose resources are free is therefore the one with the best merit.
 */
public final class LinkSetTable {

    /** The order of every list: fewest cables first, ties broken deterministically. */
    static final Comparator<LinkSet> BEST_FIRST = Comparator.comparingInt(LinkSet::cableCount)
            .thenComparingInt(LinkSet::passThroughCount)
            .thenComparing(LinkSet::cables, Long::compareUnsigned)
            .thenComparingInt(LinkSet::passThrough);

    private final int length;
    private final Listing mesh;
    private final Listing torus;

    private LinkSetTable(int length, Listing mesh, Listing torus) {
        this.length = length;
        this.mesh = mesh;
        this.torus = torus;
    }

    /**
     * A table from its lists, indexed by midplane mask; each list must join exactly its mask and be in
     * {@link #BEST_FIRST} order.
     */
    static LinkSetTable of(int length, List<List<LinkSet>> mesh, List<List<LinkSet>> torus) {
        return new LinkSetTable(length, Listing.of(length, mesh), Listing.of(length, torus));
    }

    /** Enumerates every mesh and torus link set of {@code wiring}. */
    public static LinkSetTable build(LineWiring wiring) {
        return new Builder(wiring).build();
    }

    /** The number of midplanes on the line. */
    public int length() {
        return length;
    }

    /** The link sets joining exactly {@code midplanes} with {@code topology}, best first. */
    public List<LinkSet> linkSets(Topology topology, int midplanes) {
        Listing listing = listing(topology);
        listing.checkMask(midplanes);
        return Collections.unmodifiableList(
                Arrays.asList(listing.sets).subList(listing.start[midplanes], listing.start[midplanes + 1]));
    }

    /** How many link sets of {@code topology} the table holds over all midplane sets. */
    public int size(Topology topology) {
        return listing(topology).sets.length;
    }

    /** Whether {@code linkSet} is one of the table's link sets for {@code topology}. */
    public boolean contains(Topology topology, LinkSet linkSet) {
        return linkSets(topology, linkSet.midplanes()).contains(linkSet);
    }

    /** Index of the first link set of {@code topology} for {@code midplanes}, for allocation-free scans. */
    int first(Topology topology, int midplanes) {
        return listing(topology).start[midplanes];
    }

    /** Index past the last link set of {@code topology} for {@code midplanes}. */
    int end(Topology topology, int midplanes) {
        return listing(topology).start[midplanes + 1];
    }

    /** The link set at {@code index} of {@code topology}'s listing. */
    LinkSet get(Topology topology, int index) {
        return listing(topology).sets[index];
    }

    private Listing listing(Topology topology) {
        return topology == Topology.MESH ? mesh : torus;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinkSetTable t && length == t.length && mesh.equals(t.mesh) && torus.equals(t.torus);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * length + mesh.hashCode()) + torus.hashCode();
    }

    @Override
    public String toString() {
        return "LinkSetTable[" + length + " midplanes, " + size(Topology.MESH) + " mesh and "
                + size(Topology.TORUS) + " torus link sets]";
    }

    /** The link sets of one topology, flattened: those of mask m are {@code sets[start[m] .. start[m+1])}. */
    private static final class Listing {
        final LinkSet[] sets;
        final int[] start;

        private Listing(LinkSet[] sets, int[] start) {
            this.sets = sets;
            this.start = start;
        }

        static Listing of(int length, List<List<LinkSet>> byMask) {
            int masks = 1 << length;
            if (byMask.size() != masks)
                throw new IllegalArgumentException("expected " + masks + " midplane sets, got " + byMask.size());
            int[] start = new int[masks + 1];
            List<LinkSet> all = new ArrayList<>();
            for (int m = 0; m < masks; m++) {
                List<LinkSet> sets = byMask.get(m);
                for (int i = 0; i < sets.size(); i++) {
                    LinkSet s = sets.get(i);
                    if (s.midplanes() != m || (s.passThrough() & ~(masks - 1)) != 0)
                        throw new IllegalArgumentException(s + " listed under midplane set " + Integer.toBinaryString(m));
                    if (i > 0 && BEST_FIRST.compare(sets.get(i - 1), s) >= 0)
                        throw new IllegalArgumentException("link sets of midplane set " + Integer.toBinaryString(m)
                                + " are not in best-first order at " + s);
                }
                all.addAll(sets);
                start[m + 1] = all.size();
            }
            return new Listing(all.toArray(LinkSet[]::new), start);
        }

        void checkMask(int midplanes) {
            if (midplanes <= 0 || midplanes >= start.length - 1)
                throw new IllegalArgumentException("no such midplane set: " + Integer.toBinaryString(midplanes));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Listing l && Arrays.equals(sets, l.sets) && Arrays.equals(start, l.start);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(sets) + Arrays.hashCode(start);
        }
    }

    /** Enumerates the paths and cycles of a line's switch graph. */
    private static final class Builder {
        private final LineWiring wiring;
        private final int[][] outgoing;
        private final List<List<LinkSet>> mesh = new ArrayList<>();
        private final List<List<LinkSet>> torus = new ArrayList<>();

        Builder(LineWiring wiring) {
            this.wiring = wiring;
            int n = wiring.length();
            int[] degree = new int[n];
            for (Cable c : wiring.cables()) degree[c.from()]++;
            outgoing = new int[n][];
            for (int s = 0; s < n; s++) outgoing[s] = new int[degree[s]];
            int[] filled = new int[n];
            for (int i = 0; i < wiring.cables().size(); i++) {
                int from = wiring.cables().get(i).from();
                outgoing[from][filled[from]++] = i;
            }
            for (int m = 0; m < 1 << n; m++) {
                mesh.add(new ArrayList<>());
                torus.add(new ArrayList<>());
            }
        }

        LinkSetTable build() {
            for (int s = 0; s < wiring.length(); s++) {
                mesh.get(1 << s).add(LinkSet.single(s));
                torus.get(1 << s).add(LinkSet.single(s));
                extendPath(s, s, 1 << s, 0L);
                extendCycle(s, s, 1 << s, 0L);
            }
            mesh.forEach(list -> list.sort(BEST_FIRST));
            torus.forEach(list -> list.sort(BEST_FIRST));
            return of(wiring.length(), mesh, torus);
        }

        /**
         * Every simple path from {@code start} that continues the one ending at {@code at}. Each path
         * ending at a new switch is a mesh for its two end midplanes plus any subset of the switches in
         * between; the rest of those switches are passed through.
         */
        private void extendPath(int start, int at, int visited, long cables) {
            for (int cable : outgoing[at]) {
                int to = wiring.cables().get(cable).to();
                if ((visited & 1 << to) != 0) continue;
                int path = visited | 1 << to;
                long used = cables | 1L << cable;
                int ends = 1 << start | 1 << to;
                addForEveryMemberSubset(mesh, ends, path & ~ends, used);
                extendPath(start, to, path, used);
            }
        }

        /**
         * Every simple cycle whose lowest switch is {@code start}, continuing the path ending at
         * {@code at}. A cycle is a torus for any two or more of its midplanes; a lone midplane's torus
         * is its switch's internal connection, listed by {@link #build()}.
         */
        private void extendCycle(int start, int at, int visited, long cables) {
            for (int cable : outgoing[at]) {
                int to = wiring.cables().get(cable).to();
                long used = cables | 1L << cable;
                if (to == start) {
                    addForEveryMemberSubset(torus, 0, visited, used);
                } else if (to > start && (visited & 1 << to) == 0) {
                    extendCycle(start, to, visited | 1 << to, used);
                }
            }
        }

        /** Adds a link set for {@code required} plus each subset of {@code optional} (two midplanes or more). */
        private static void addForEveryMemberSubset(List<List<LinkSet>> table, int required, int optional, long cables) {
            for (int sub = optional; ; sub = (sub - 1) & optional) {
                int members = required | sub;
                if (Integer.bitCount(members) >= 2)
                    table.get(members).add(new LinkSet(members, cables, (required | optional) & ~members));
                if (sub == 0) break;
            }
        }
    }
}
