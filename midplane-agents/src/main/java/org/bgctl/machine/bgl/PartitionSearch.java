package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * The two-phase candidate search of the BG/L allocation study. Phase one scans every box of free, up
 * midplanes that matches the request; phase two picks, per dimension, the first link set in table
 * order (fewest cables) whose cables and pass-through switches are free in every line the box spans.
 * A candidate's merit is its total cable count ({@link Partition#cableCount()}); the best is the one
 * with the fewest cables, the first found on ties.
 *
 * <p>Scan order: shapes first — for a size, {@link Shapes#ofVolume} order (longest along x first); for a
 * shape, the shape then its other rotations in {@link Shape#rotations()} order, or the shape alone
 * when pinned — then base x, then base y, then base z, each ascending. A box wraps around the machine's
 * edges; in a dimension where it spans the whole line only base 0 is tried.
 *
 * <p>The best candidate depends only on the request and the state's derived masks ({@link FreeMasks}), so
 * the masks hold what was found on them, and the search keeps the last {@value #REMEMBERED} masks it met:
 * the same machine state met again — the same running jobs in the next scheduling pass, a what-if copy of
 * it — is not searched again. A state's masks are looked up there once; the state then holds the ones kept.
 */
public final class PartitionSearch {
    private static final int X = 0, Y = 1, Z = 2;
    /** How many masks, with what was found on them, are kept; the least recently used is forgotten first. */
    static final int REMEMBERED = 1 << 11;

    private final BglMachine machine;
    private final Shape size;
    private final LinkSetTable[] tables = new LinkSetTable[3];
    /** [dimension][topology][midplane mask]: cables of the mask's first link set, or -1 if it has none. */
    private final int[][][] fewestCables = new int[3][Topology.values().length][];
    /** [dimension][topology][index in the table's listing]: each link set's cables, pass-through and cable count. */
    private final long[][][] setCables = new long[3][Topology.values().length][];
    private final int[][][] setPassThrough = new int[3][Topology.values().length][];
    private final int[][][] setCableCount = new int[3][Topology.values().length][];
    private final List<List<Shape>> shapesByVolume = new ArrayList<>();
    /** Each thread's working arrays of {@link #scan}: searches of one machine run in the threads of its replays. */
    private final ThreadLocal<Scratch> scratches;
    /** By requested shape: the rotations that fit the machine, in scan order. Lookup only. */
    private final Map<Shape, List<Shape>> rotated = new ConcurrentHashMap<>();
    /** By requested shape: the shape alone if it fits the machine. Lookup only. */
    private final Map<Shape, List<Shape>> pinned = new ConcurrentHashMap<>();
    /** The masks met, each the one kept for its value, least recently used first. Lookup only; guarded by itself. */
    private final Map<FreeMasks, FreeMasks> kept = new LinkedHashMap<>(REMEMBERED, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<FreeMasks, FreeMasks> eldest) {
            return size() > REMEMBERED;
        }
    };

    public PartitionSearch(BglMachine machine) {
        this.machine = machine;
        this.size = machine.shape();
        for (Dimension d : Dimension.values()) {
            LinkSetTable table = machine.table(d);
            tables[d.ordinal()] = table;
            for (Topology t : Topology.values()) {
                int[] fewest = new int[1 << table.length()];
                fewest[0] = -1;
                for (int m = 1; m < fewest.length; m++)
                    fewest[m] = table.first(t, m) == table.end(t, m) ? -1 : table.get(t, table.first(t, m)).cableCount();
                fewestCables[d.ordinal()][t.ordinal()] = fewest;
                int sets = table.size(t);
                long[] cables = new long[sets];
                int[] passThrough = new int[sets], cableCount = new int[sets];
                for (int i = 0; i < sets; i++) {
                    LinkSet s = table.get(t, i);
                    cables[i] = s.cables();
                    passThrough[i] = s.passThrough();
                    cableCount[i] = s.cableCount();
                }
                setCables[d.ordinal()][t.ordinal()] = cables;
                setPassThrough[d.ordinal()][t.ordinal()] = passThrough;
                setCableCount[d.ordinal()][t.ordinal()] = cableCount;
            }
        }
        int lines = size.y() * size.z();
        scratches = ThreadLocal.withInitial(() -> new Scratch(lines));
        shapesByVolume.add(List.of());
        for (int v = 1; v <= size.volume(); v++) shapesByVolume.add(Shapes.ofVolume(v, size));
    }

    /** The candidate with the fewest cables, the first found on ties; empty when none fits. */
    public Optional<Partition> best(BglState state, PartitionRequest request) {
        return best(state, request, null);
    }

    /**
     * {@link #best(BglState, PartitionRequest)} on a state where no box spanning none of the lines
     * {@code touching} (of any dimension) fits the request, as after releases from a state where none fitted:
     * only the boxes spanning one of them are scanned.
     */
    Optional<Partition> best(BglState state, PartitionRequest request, Lines touching) {
        checkMachine(state);
        if (touching != null && touching.isEmpty()) return Optional.empty();
        FreeMasks masks = state.freeMasks();
        if (!state.masksKept()) {
            masks = kept(masks);
            state.keepMasks(masks);
        }
        Optional<Partition> known = masks.found(request);
        if (known != null) return known;
        return remember(masks, request, best(request, state.masks(), state.switchMasks(), touching));
    }

    /**
     * The candidate with the fewest cables, the first found on ties, among those free both in {@code state}
     * and in {@code other} — two states of the machine, such as now and at some future time; empty when none
     * is. Its link sets are the best ones free in both.
     */
    public Optional<Partition> bestInBoth(BglState state, BglState other, PartitionRequest request) {
        checkMachine(state);
        checkMachine(other);
        FreeMasks theirs = other.freeMasks();
        FreeMasks masks = state.keptBoth(theirs);
        if (masks == null) {
            masks = kept(state.freeMasks().and(theirs));
            state.keepBoth(theirs, masks);
        }
        Optional<Partition> known = masks.found(request);
        if (known != null) return known;
        return remember(masks, request, best(request, masks.words(), masks.switches(), null));
    }

    /** The masks kept for the value of {@code masks}: these, if none were. */
    private FreeMasks kept(FreeMasks masks) {
        synchronized (kept) {
            FreeMasks known = kept.putIfAbsent(masks, masks);
            return known != null ? known : masks;
        }
    }

    private static Optional<Partition> remember(FreeMasks masks, PartitionRequest request, Optional<Partition> best) {
        masks.remember(request, best);
        return best;
    }

    private Optional<Partition> best(PartitionRequest request, long[] masks, int[] switches, Lines touching) {
        Best best = new Best();
        scan(request, masks, switches, touching, best);
        return best.merit == Integer.MAX_VALUE ? Optional.empty()
                : Optional.of(partition(best.shape, best.bx, best.by, best.bz, request.topology(), best.ix, best.iy, best.iz));
    }

    /** Every candidate, in scan order, each with its fewest-cable link sets. */
    public List<Partition> candidates(BglState state, PartitionRequest request) {
        checkMachine(state);
        List<Partition> all = new ArrayList<>();
        scan(request, state.masks(), state.switchMasks(), null, new Sink() {
            @Override
            public int bound() {
                return Integer.MAX_VALUE;
            }

            @Override
            public boolean accept(Shape shape, int bx, int by, int bz, int ix, int iy, int iz, int merit) {
                all.add(partition(shape, bx, by, bz, request.topology(), ix, iy, iz));
                return true;
            }
        });
        return all;
    }

    /** The shapes a request may take, in scan order. */
    List<Shape> shapes(PartitionRequest request) {
        if (request.shape() == null)
            return request.size() < shapesByVolume.size() ? shapesByVolume.get(request.size()) : List.of();
        // Looked up before computeIfAbsent: C1 code makes its capturing lambda through method handles.
        List<Shape> known = (request.rotations() ? rotated : pinned).get(request.shape());
        if (known != null) return known;
        return (request.rotations() ? rotated : pinned).computeIfAbsent(request.shape(), shape -> {
            List<Shape> shapes = new ArrayList<>();
            for (Shape s : request.rotations() ? shape.rotations() : List.of(shape))
                if (s.fitsIn(size)) shapes.add(s);
            return List.copyOf(shapes);
        });
    }

    private Partition partition(Shape shape, int bx, int by, int bz, Topology t, int ix, int iy, int iz) {
        return new Partition(new Coordinate(bx, by, bz), shape, t,
                tables[X].get(t, ix), tables[Y].get(t, iy), tables[Z].get(t, iz));
    }

    private void checkMachine(BglState state) {
        if (state.machine() != machine) throw new IllegalArgumentException("the state is of another machine");
    }

    /**
     * Offers the sink every feasible box, in scan order, given the midplanes that may be taken per x-line and
     * the cables and switches that may not be used per line ({@link BglState#masks()} in {@link FreeMasks}' layout,
     * {@link BglState#switchMasks()});
     * only boxes spanning one of the lines {@code touching} when these are given (null: all boxes).
     */
    private void scan(PartitionRequest request, long[] masks, int[] switchMasks, Lines touching, Sink sink) {
        int nx = size.x(), ny = size.y(), nz = size.z();
        // Fewer midplanes may be taken than the request needs: no box at all.
        int takeable = 0;
        for (int line = 0; line < ny * nz; line++) takeable += Long.bitCount(masks[line]);
        if (takeable < request.size()) return;
        // Where the busy switches and cables of the lines of each dimension start in their masks.
        Grid grid = machine.grid();
        int cablesAt = ny * nz;
        int xSwitchesAt = grid.firstLine(X), ySwitchesAt = grid.firstLine(Y), zSwitchesAt = grid.firstLine(Z);
        int xCablesAt = cablesAt + grid.firstLine(X), yCablesAt = cablesAt + grid.firstLine(Y),
                zCablesAt = cablesAt + grid.firstLine(Z);
        Topology t = request.topology();
        boolean[] deny = new boolean[3];
        for (Dimension d : request.denyPassThrough()) deny[d.ordinal()] = true;
        int[] fewestX = fewestCables[X][t.ordinal()], fewestY = fewestCables[Y][t.ordinal()],
                fewestZ = fewestCables[Z][t.ordinal()];
        // Per (by, bz) of the current shape: bit bx set when every midplane of the box at (bx, by, bz) may be
        // taken, worked out once per shape (along x, then z, then y) rather than once per box, so that a shape
        // with no such box costs no more; and, once a box there has free midplanes, the cables and switches
        // busy in any of its x-lines (gathered in the shape numbered `gathered`).
        int allX = (1 << nx) - 1;
        Scratch scratch = scratches.get();
        int[] runFree = scratch.runFree, zFree = scratch.zFree, boxFree = scratch.boxFree;
        long[] xCablesOf = scratch.xCablesOf;
        int[] xSwitchesOf = scratch.xSwitchesOf, gathered = scratch.gathered;
        for (Shape shape : shapes(request)) {
            int shapeNumber = scratch.nextShape();
            int ex = shape.x(), ey = shape.y(), ez = shape.z();
            int xLines = ey * ez, yLines = ex * ez, zLines = ex * ey;
            for (int line = 0; line < ny * nz; line++) {
                int m = (int) masks[line], free = m;
                for (int i = 1; i < ex; i++) free &= (m >>> i | m << (nx - i)) & allX;
                runFree[line] = free;
            }
            for (int y = 0; y < ny; y++) {
                for (int bz = 0; bz < nz; bz++) {
                    int free = -1;
                    for (int k = 0, z = bz; k < ez; k++, z = z + 1 == nz ? 0 : z + 1) free &= runFree[y + ny * z];
                    zFree[y * nz + bz] = free;
                }
            }
            int anyFree = 0;
            for (int by = 0; by < ny; by++) {
                for (int bz = 0; bz < nz; bz++) {
                    int free = -1;
                    for (int j = 0, y = by; j < ey; j++, y = y + 1 == ny ? 0 : y + 1) free &= zFree[y * nz + bz];
                    boxFree[by * nz + bz] = free;
                    anyFree |= free;
                }
            }
            if (anyFree == 0) continue;
            // Boxes without free midplanes are passed over first: the tests below only filter, so their order does
            // not change which boxes are offered, nor in what order.
            for (int bx = 0; bx < (ex == nx ? 1 : nx); bx++) {
                if ((anyFree >> bx & 1) == 0) continue;
                int xm = Grid.arc(bx, ex, nx);
                if (fewestX[xm] < 0) continue;
                for (int by = 0; by < (ey == ny ? 1 : ny); by++) {
                    int ym = Grid.arc(by, ey, ny);
                    if (fewestY[ym] < 0) continue;
                    for (int bz = 0; bz < (ez == nz ? 1 : nz); bz++) {
                        int yz = by * nz + bz;
                        if ((boxFree[yz] >> bx & 1) == 0) continue;
                        int zm = Grid.arc(bz, ez, nz);
                        if (fewestZ[zm] < 0) continue;
                        int bound = sink.bound();
                        if (fewestX[xm] * xLines + fewestY[ym] * yLines + fewestZ[zm] * zLines >= bound) continue;
                        if (touching != null && !touching.spannedBy(X, ym, bz, ez, nz)
                                && !touching.spannedBy(Y, xm, bz, ez, nz) && !touching.spannedBy(Z, xm, by, ey, ny))
                            continue;
                        if (gathered[yz] != shapeNumber) {
                            long cables = 0;
                            int switches = 0;
                            for (int j = 0; j < ey; j++) {
                                for (int k = 0; k < ez; k++) {
                                    int line = (by + j) % ny + ny * ((bz + k) % nz);
                                    cables |= masks[xCablesAt + line];
                                    switches |= switchMasks[xSwitchesAt + line];
                                }
                            }
                            xCablesOf[yz] = cables;
                            xSwitchesOf[yz] = switches;
                            gathered[yz] = shapeNumber;
                        }
                        // Link sets come fewest cables first: past the cables that keep the merit below the bound,
                        // none can make the box wanted.
                        int ix = firstFree(X, t, xm, xCablesOf[yz], xSwitchesOf[yz], deny[X],
                                cablesBelow(bound, fewestY[ym] * yLines + fewestZ[zm] * zLines, xLines));
                        if (ix < 0) continue;
                        int cx = setCableCount[X][t.ordinal()][ix] * xLines;

                        long yCables = 0, zCables = 0;
                        int ySwitches = 0, zSwitches = 0;
                        for (int i = 0; i < ex; i++) {
                            int x = (bx + i) % nx;
                            for (int k = 0; k < ez; k++) {
                                int line = x + nx * ((bz + k) % nz);
                                yCables |= masks[yCablesAt + line];
                                ySwitches |= switchMasks[ySwitchesAt + line];
                            }
                            for (int j = 0; j < ey; j++) {
                                int line = x + nx * ((by + j) % ny);
                                zCables |= masks[zCablesAt + line];
                                zSwitches |= switchMasks[zSwitchesAt + line];
                            }
                        }
                        int iy = firstFree(Y, t, ym, yCables, ySwitches, deny[Y],
                                cablesBelow(bound, cx + fewestZ[zm] * zLines, yLines));
                        if (iy < 0) continue;
                        int cy = setCableCount[Y][t.ordinal()][iy] * yLines;
                        int iz = firstFree(Z, t, zm, zCables, zSwitches, deny[Z], cablesBelow(bound, cx + cy, zLines));
                        if (iz < 0) continue;

                        int merit = cx + cy + setCableCount[Z][t.ordinal()][iz] * zLines;
                        if (merit < bound && !sink.accept(shape, bx, by, bz, ix, iy, iz, merit)) return;
                    }
                }
            }
        }
    }

    /**
     * Index of the first link set of dimension {@code d} for {@code midplanes} clear of the busy cables and
     * switches, or -1 when there is none with at most {@code maxCables} cables.
     */
    private int firstFree(int d, Topology t, int midplanes, long busyCables, int busySwitches, boolean denyPassThrough,
                          int maxCables) {
        long[] cables = setCables[d][t.ordinal()];
        int[] passThrough = setPassThrough[d][t.ordinal()];
        int[] cableCount = setCableCount[d][t.ordinal()];
        for (int i = tables[d].first(t, midplanes), end = tables[d].end(t, midplanes); i < end; i++) {
            if (cableCount[i] > maxCables) return -1;
            if ((cables[i] & busyCables) == 0 && (passThrough[i] & busySwitches) == 0
                    && !(denyPassThrough && passThrough[i] != 0))
                return i;
        }
        return -1;
    }

    /**
     * The most cables a link set used in {@code lines} lines may have for a box whose other cables count
     * {@code others} to stay below {@code bound}.
     */
    private static int cablesBelow(int bound, int others, int lines) {
        return bound == Integer.MAX_VALUE ? Integer.MAX_VALUE : Math.floorDiv(bound - 1 - others, lines);
    }

    /**
     * A thread's working arrays of {@link #scan}, one entry per (y, z) line, reused from scan to scan: each scan
     * writes an entry before it reads it, and tells the cables and switches it gathered from those of earlier
     * scans by a shape number that never repeats (the C1-compiled launcher allocates and zeroes every new array).
     */
    private static final class Scratch {
        final int[] runFree, zFree, boxFree, xSwitchesOf, gathered;
        final long[] xCablesOf;
        private int shapes;

        Scratch(int lines) {
            runFree = new int[lines];
            zFree = new int[lines];
            boxFree = new int[lines];
            xSwitchesOf = new int[lines];
            gathered = new int[lines];
            xCablesOf = new long[lines];
        }

        /** A number for the next shape scanned, above every one given before (after 2^31 of them, from 1 again). */
        int nextShape() {
            if (shapes == Integer.MAX_VALUE) {
                Arrays.fill(gathered, 0);
                shapes = 0;
            }
            return ++shapes;
        }
    }

    /** Receives feasible boxes in scan order. */
    private interface Sink {
        /** Boxes with this merit or more are not wanted. */
        int bound();

        /** A feasible box below the bound; returns whether to go on scanning. */
        boolean accept(Shape shape, int bx, int by, int bz, int ix, int iy, int iz, int merit);
    }

    /** Keeps the first box of lowest merit; stops once a box needs no cable. */
    private static final class Best implements Sink {
        int merit = Integer.MAX_VALUE;
        Shape shape;
        int bx, by, bz, ix, iy, iz;

        @Override
        public int bound() {
            return merit;
        }

        @Override
        public boolean accept(Shape shape, int bx, int by, int bz, int ix, int iy, int iz, int merit) {
            this.merit = merit;
            this.shape = shape;
            this.bx = bx;
            this.by = by;
            this.bz = bz;
            this.ix = ix;
            this.iy = iy;
            this.iz = iz;
            return merit > 0;
        }
    }
}
