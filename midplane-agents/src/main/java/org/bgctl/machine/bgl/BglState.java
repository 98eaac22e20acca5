package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * The occupancy and health of a {@link BglMachine}: which midplanes, switches and cables are used or
 * down, and which partitions hold them.
 *
 * <p>Rules:
 * <ul>
 *   <li>A partition holds its midplanes, the cables of its link sets in every spanned line, and the
 *       switches it passes through.</li>
 *   <li>Switches are shared as the machine's {@link SwitchModel} says. {@link SwitchModel#PORTS}: a
 *       partition uses ports 0 and 1 of its midplanes' switches and the two end ports of each of its
 *       cables; since every port faces one midplane or ends one cable, midplanes and cables held
 *       exclusively keep every port exclusive, and a switch serves its own midplane's partition and other
 *       partitions' pass-throughs at once. {@link SwitchModel#WHOLE}: a switch serves one partition at a
 *       time, the one holding its midplane or one passing through it; so a switch whose midplane is held
 *       cannot be passed through, and a midplane whose switch (in any dimension) is passed through cannot
 *       be allocated.</li>
 *   <li>Nothing down can be allocated: a midplane needs its three switches up; a down midplane's switch
 *       may still be passed through.</li>
 *   <li>Components may fail under a running partition; the partition stays allocated until released.</li>
 * </ul>
 *
 * <p>Not thread-safe. {@link #copy()} is cheap (a few small arrays) for what-if searches.
 */
public final class BglState {
    private static final int DIMENSIONS = Dimension.values().length;
    private static final int X = 0, Y = 1, Z = 2;

    private final BglMachine machine;
    private final Grid grid;
    /** Per x-line: bit x set when midplane (x, y, z) is held by a partition. */
    private final int[] midplaneUsed;
    /** Per x-line: bit x set when midplane (x, y, z) is down. */
    private final int[] midplaneDown;
    /** Per dimension, per line: bit i set when the switch at position i is down. */
    private final int[][] switchDown;
    /** Per dimension, per line: bit i set when the switch at position i is passed through. */
    private final int[][] passThrough;
    /** Per dimension, per line: bit i set when cable i of the line is held. */
    private final long[][] cableUsed;
    /** Per dimension, per line: bit i set when cable i of the line is down. */
    private final long[][] cableDown;
    private final List<Partition> allocated;

    /** Derived, per x-line: midplanes that a new partition may take. */
    private final int[] available;
    /** Derived, per dimension, per line: switches a new partition may not pass through. */
    private final int[][] switchBusy;
    /** Derived, per dimension, per line: cables a new partition may not use. */
    private final long[][] cableBusy;
    /**
     * Derived, per x-line: midplanes kept out by a busy switch of their y- or z-line. With switches shared port
     * by port these change only with health, so an allocation or a release updates only the lines it spans.
     */
    private final int[] switchBlocked;
    /** Derived: the number of midplanes neither held nor down. */
    private int freeMidplanes;
    /** The derived masks as a value, made when first asked for after a change; shared by copies. */
    private FreeMasks freeMasks;
    /** Whether {@link #freeMasks} are those a search keeps for their value ({@link #keepMasks}). */
    private boolean masksKept;

    BglState(BglMachine machine) {
        this.machine = machine;
        this.grid = machine.grid();
        int xLines = grid.lineCount(Dimension.X);
        midplaneUsed = new int[xLines];
        midplaneDown = new int[xLines];
        available = new int[xLines];
        switchBlocked = new int[xLines];
        switchDown = new int[DIMENSIONS][];
        passThrough = new int[DIMENSIONS][];
        switchBusy = new int[DIMENSIONS][];
        cableUsed = new long[DIMENSIONS][];
        cableDown = new long[DIMENSIONS][];
        cableBusy = new long[DIMENSIONS][];
        for (Dimension d : Dimension.values()) {
            int lines = grid.lineCount(d);
            switchDown[d.ordinal()] = new int[lines];
            passThrough[d.ordinal()] = new int[lines];
            switchBusy[d.ordinal()] = new int[lines];
            cableUsed[d.ordinal()] = new long[lines];
            cableDown[d.ordinal()] = new long[lines];
            cableBusy[d.ordinal()] = new long[lines];
        }
        allocated = new ArrayList<>();
        refresh();
    }

    private BglState(BglState other) {
        machine = other.machine;
        grid = other.grid;
        midplaneUsed = copyOf(other.midplaneUsed);
        midplaneDown = copyOf(other.midplaneDown);
        available = copyOf(other.available);
        switchBlocked = copyOf(other.switchBlocked);
        switchDown = deepCopy(other.switchDown);
        passThrough = deepCopy(other.passThrough);
        switchBusy = deepCopy(other.switchBusy);
        cableUsed = deepCopy(other.cableUsed);
        cableDown = deepCopy(other.cableDown);
        cableBusy = deepCopy(other.cableBusy);
        allocated = new ArrayList<>(other.allocated);
        freeMidplanes = other.freeMidplanes;
        freeMasks = other.freeMasks;
        masksKept = other.masksKept;
    }

    /*
     * Copies by System.arraycopy rather than clone(): the launcher compiles with C1 only, which calls into the VM for
     * every clone() (docs/performance-bgl.md, "Machine copies without clone(), and the reservation's probe machine
     * carried").
     */

    static int[] copyOf(int[] a) {
        int[] copy = new int[a.length];
        System.arraycopy(a, 0, copy, 0, a.length);
        return copy;
    }

    static long[] copyOf(long[] a) {
        long[] copy = new long[a.length];
        System.arraycopy(a, 0, copy, 0, a.length);
        return copy;
    }

    static int[][] deepCopy(int[][] a) {
        int[][] copy = new int[a.length][];
        for (int i = 0; i < copy.length; i++) copy[i] = copyOf(a[i]);
        return copy;
    }

    static long[][] deepCopy(long[][] a) {
        long[][] copy = new long[a.length][];
        for (int i = 0; i < copy.length; i++) copy[i] = copyOf(a[i]);
        return copy;
    }

    /** An independent copy: changes to either do not show in the other. */
    public BglState copy() {
        return new BglState(this);
    }

    public BglMachine machine() {
        return machine;
    }

    /** The partitions allocated, in allocation order. */
    public List<Partition> allocated() {
        return List.copyOf(allocated);
    }

    /** The number of midplanes held by partitions. */
    public int usedMidplanes() {
        int used = 0;
        for (int mask : midplaneUsed) used += Integer.bitCount(mask);
        return used;
    }

    /** The number of midplanes neither held by a partition nor down. */
    public int freeMidplanes() {
        return freeMidplanes;
    }

    /** Whether {@code partition} could be allocated now. */
    public boolean fits(Partition partition) {
        return conflict(partition).isEmpty();
    }

    /**
     * Whether {@code partition}, a partition of this machine (as {@link PartitionNames#parse} gives, or a
     * search), could be allocated now: {@link #fits} without checking that it is one.
     */
    boolean isFree(Partition partition) {
        return free(partition);
    }

    /**
     * Why {@code partition} cannot be allocated now, or empty when it can.
     *
     * @throws IllegalArgumentException when the partition does not describe a box of this machine joined
     *                                  by link sets of its wiring
     */
    public Optional<String> conflict(Partition partition) {
        validate(partition);
        if (free(partition)) return Optional.empty();
        for (Coordinate c : partition.midplanes(grid.size())) {
            int xLine = grid.xLine(c.y(), c.z());
            if ((midplaneUsed[xLine] >> c.x() & 1) != 0) return Optional.of("midplane " + c + " is in use");
            if ((midplaneDown[xLine] >> c.x() & 1) != 0) return Optional.of("midplane " + c + " is down");
            for (Dimension d : Dimension.values()) {
                int line = grid.line(d, c);
                int bit = 1 << c.get(d);
                if ((switchDown[d.ordinal()][line] & bit) != 0)
                    return Optional.of("the " + d.label() + " switch of " + c + " is down");
                if (wholeSwitches() && (passThrough[d.ordinal()][line] & bit) != 0)
                    return Optional.of("the " + d.label() + " switch of " + c + " is passed through");
            }
        }
        for (Dimension d : Dimension.values()) {
            LinkSet linkSet = partition.linkSet(d);
            for (Coordinate origin : spannedOrigins(partition, d)) {
                int line = grid.line(d, origin);
                long cables = linkSet.cables() & cableBusy[d.ordinal()][line];
                if (cables != 0) {
                    int cable = Long.numberOfTrailingZeros(cables);
                    return Optional.of("cable " + cable + " of the " + d.label() + "-line through " + origin
                            + ((cableDown[d.ordinal()][line] >> cable & 1) != 0 ? " is down" : " is in use"));
                }
                int switches = linkSet.passThrough() & switchBusy[d.ordinal()][line];
                if (switches != 0)
                    return Optional.of("the " + d.label() + " switch of "
                            + origin.with(d, Integer.numberOfTrailingZeros(switches)) + " cannot be passed through");
            }
        }
        return Optional.empty();
    }

    /**
     * Holds the partition's midplanes, cables and pass-through switches.
     *
     * @throws IllegalStateException    when it does not fit (see {@link #conflict})
     * @throws IllegalArgumentException when it is not a partition of this machine
     */
    public void allocate(Partition partition) {
        conflict(partition).ifPresent(why -> {
            throw new IllegalStateException(partition + " does not fit: " + why);
        });
        mark(partition, true);
        allocated.add(partition);
        changed();
    }

    /**
     * Frees everything {@code partition} holds; components that failed meanwhile stay down.
     *
     * @throws IllegalStateException when the partition is not allocated
     */
    public void release(Partition partition) {
        releaseAll(List.of(partition));
    }

    /**
     * Frees everything the partitions hold, in order, recomputing the derived masks once.
     *
     * @throws IllegalStateException when a partition is not allocated (those before it are released)
     */
    public void releaseAll(List<Partition> partitions) {
        try {
            for (Partition p : partitions) {
                if (!removeAllocated(p)) throw new IllegalStateException(p + " is not allocated");
                mark(p, false);
            }
        } finally {
            changed();
        }
    }

    /**
     * Holds or frees what the partition holds: its midplanes, and the cables and pass-through switches of its link
     * sets in every line it spans. With switches shared port by port the derived masks change only in those lines
     * (switches are busy only when down), so they are refreshed there; with whole switches {@link #changed} refreshes
     * them all.
     */
    private void mark(Partition partition, boolean hold) {
        boolean lines = !wholeSwitches();
        int xArc = arc(partition, Dimension.X);
        int allX = (1 << grid.length(Dimension.X)) - 1;
        for (int xLine : spannedLines(partition, X)) {
            midplaneUsed[xLine] = hold ? midplaneUsed[xLine] | xArc : midplaneUsed[xLine] & ~xArc;
            if (!lines) continue;
            // The box's midplanes were free (an allocation fits) or are held by it alone.
            freeMidplanes += (hold ? -1 : 1) * Integer.bitCount(xArc & ~midplaneDown[xLine]);
            available[xLine] = allX & ~(midplaneUsed[xLine] | midplaneDown[xLine]) & ~switchBusy[X][xLine]
                    & ~switchBlocked[xLine];
        }
        for (int d = 0; d < DIMENSIONS; d++) {
            LinkSet linkSet = linkSet(partition, d);
            long cables = linkSet.cables();
            int switches = linkSet.passThrough();
            if (cables == 0 && switches == 0) continue;
            long[] used = cableUsed[d];
            int[] through = passThrough[d];
            for (int line : spannedLines(partition, d)) {
                used[line] = hold ? used[line] | cables : used[line] & ~cables;
                through[line] = hold ? through[line] | switches : through[line] & ~switches;
                if (lines) cableBusy[d][line] = used[line] | cableDown[d][line];
            }
        }
    }

    /** Marks {@code component} failed; a partition already holding it keeps it. */
    public void markDown(Component component) {
        setDown(component, true);
    }

    /** Marks {@code component} repaired. */
    public void markUp(Component component) {
        setDown(component, false);
    }

    /** Whether {@code component} is down. */
    public boolean isDown(Component component) {
        if (component instanceof Component.MidplaneAt m)
            return (midplaneDown[xLineOf(m.at())] >> m.at().x() & 1) != 0;
        if (component instanceof Component.SwitchAt s)
            return (switchDown[s.dimension().ordinal()][lineOf(s)] >> s.at().get(s.dimension()) & 1) != 0;
        Component.CableAt c = (Component.CableAt) component;
        return (cableDown[c.line().dimension().ordinal()][lineOf(c)] >> c.cable() & 1) != 0;
    }

    private void setDown(Component component, boolean down) {
        if (component instanceof Component.MidplaneAt m) {
            int line = xLineOf(m.at());
            midplaneDown[line] = with(midplaneDown[line], m.at().x(), down);
        } else if (component instanceof Component.SwitchAt s) {
            int line = lineOf(s);
            int[] lines = switchDown[s.dimension().ordinal()];
            lines[line] = with(lines[line], s.at().get(s.dimension()), down);
        } else {
            Component.CableAt c = (Component.CableAt) component;
            int line = lineOf(c);
            long[] lines = cableDown[c.line().dimension().ordinal()];
            lines[line] = down ? lines[line] | 1L << c.cable() : lines[line] & ~(1L << c.cable());
        }
        refresh();
    }

    private static int with(int mask, int bit, boolean set) {
        return set ? mask | 1 << bit : mask & ~(1 << bit);
    }

    private int xLineOf(Coordinate c) {
        grid.checkInside(c);
        return grid.xLine(c.y(), c.z());
    }

    private int lineOf(Component.SwitchAt s) {
        grid.checkInside(s.at());
        return grid.line(s.dimension(), s.at());
    }

    private int lineOf(Component.CableAt c) {
        grid.checkInside(c.line().origin());
        int cables = machine.wiring().line(c.line().dimension()).cables().size();
        if (c.cable() < 0 || c.cable() >= cables)
            throw new IllegalArgumentException("no cable " + c.cable() + " in a line of " + cables + " cables");
        return grid.line(c.line());
    }

    /**
     * Whether every midplane of the partition may be taken and every cable and pass-through switch of its
     * link sets is free, from the derived masks alone.
     */
    private boolean free(Partition partition) {
        int xArc = arc(partition, Dimension.X);
        for (int xLine : spannedLines(partition, X))
            if ((available[xLine] & xArc) != xArc) return false;
        for (int d = 0; d < DIMENSIONS; d++) {
            LinkSet linkSet = linkSet(partition, d);
            if (linkSet.cables() == 0 && linkSet.passThrough() == 0) continue;
            for (int line : spannedLines(partition, d))
                if ((linkSet.cables() & cableBusy[d][line]) != 0
                        || (linkSet.passThrough() & switchBusy[d][line]) != 0) return false;
        }
        return true;
    }

    /** The positions the partition's box covers along {@code d}, as a line mask. */
    private int arc(Partition partition, Dimension d) {
        return Grid.arc(partition.base().get(d), partition.shape().extent(d), grid.length(d));
    }

    /** The link set of {@code partition} in the dimension of ordinal {@code d}. */
    private static LinkSet linkSet(Partition partition, int d) {
        return d == X ? partition.x() : d == Y ? partition.y() : partition.z();
    }

    /**
     * The numbers ({@link Grid}) of the lines of the dimension of ordinal {@code d} that {@code partition} spans: a
     * line of d is numbered by the other two coordinates, the lower one varying fastest.
     */
    private int[] spannedLines(Partition partition, int d) {
        Shape size = grid.size();
        Coordinate base = partition.base();
        Shape shape = partition.shape();
        // (a, b): the other two coordinates of d's lines, lower dimension first.
        int na = d == X ? size.y() : size.x(), nb = d == Z ? size.y() : size.z();
        int ba = d == X ? base.y() : base.x(), bb = d == Z ? base.y() : base.z();
        int ea = d == X ? shape.y() : shape.x(), eb = d == Z ? shape.y() : shape.z();
        int[] lines = new int[ea * eb];
        int n = 0;
        for (int k = 0, b = bb; k < eb; k++, b = b + 1 == nb ? 0 : b + 1)
            for (int j = 0, a = ba; j < ea; j++, a = a + 1 == na ? 0 : a + 1) lines[n++] = a + na * b;
        return lines;
    }

    /** Removes {@code partition} from the allocated ones, looking for the very instance first. */
    private boolean removeAllocated(Partition partition) {
        for (int i = allocated.size() - 1; i >= 0; i--) {
            if (allocated.get(i) == partition) {
                allocated.remove(i);
                return true;
            }
        }
        return allocated.remove(partition);
    }

    /** The first midplane of each line of {@code d} that {@code partition} spans. */
    private List<Coordinate> spannedOrigins(Partition partition, Dimension d) {
        int base = partition.base().get(d);
        List<Coordinate> origins = new ArrayList<>();
        for (Coordinate c : partition.midplanes(grid.size()))
            if (c.get(d) == base) origins.add(c);
        return origins;
    }

    private void validate(Partition p) {
        grid.checkInside(p.base());
        if (!p.shape().fitsIn(grid.size()))
            throw new IllegalArgumentException(p.shape() + " does not fit in the " + grid.size() + " machine");
        for (Dimension d : Dimension.values()) {
            int span = Grid.arc(p.base().get(d), p.shape().extent(d), grid.length(d));
            LinkSet linkSet = p.linkSet(d);
            if (linkSet.midplanes() != span)
                throw new IllegalArgumentException("the " + d.label() + " link set joins midplanes "
                        + Integer.toBinaryString(linkSet.midplanes()) + " but the box spans " + Integer.toBinaryString(span));
            if (!machine.table(d).contains(p.topology(), linkSet))
                throw new IllegalArgumentException(linkSet + " is not a " + p.topology() + " link set of the "
                        + d.label() + "-line wiring");
        }
    }

    /** After allocations or releases: the derived masks as {@link #mark} left them, or refreshed with whole switches. */
    private void changed() {
        if (wholeSwitches()) refresh();
        freeMasks = null;
        masksKept = false;
    }

    /** Recomputes the derived masks from the primary ones. */
    private void refresh() {
        boolean whole = wholeSwitches();
        freeMasks = null;
        masksKept = false;
        for (int d = 0; d < DIMENSIONS; d++)
            for (int line = 0; line < switchBusy[d].length; line++) {
                switchBusy[d][line] = switchDown[d][line] | (whole ? passThrough[d][line] : 0);
                cableBusy[d][line] = cableUsed[d][line] | cableDown[d][line];
            }
        // A midplane may be taken when neither it nor one of its switches is held or down; with whole switches,
        // a held midplane's switches are busy. X-line masks are x positions, as are those of the midplanes; a
        // y-line (x, z) or z-line (x, y) holds bit x of the x-lines it crosses.
        int nx = grid.length(Dimension.X), ny = grid.length(Dimension.Y), nz = grid.length(Dimension.Z);
        int allX = (1 << nx) - 1;
        int[] xBusy = switchBusy[0], yBusy = switchBusy[1], zBusy = switchBusy[2];
        freeMidplanes = 0;
        for (int xLine = 0; xLine < available.length; xLine++) {
            int free = allX & ~(midplaneUsed[xLine] | midplaneDown[xLine]);
            freeMidplanes += Integer.bitCount(free);
            available[xLine] = free & ~xBusy[xLine];
        }
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++) {
                int xLine = y + ny * z, used = midplaneUsed[xLine], blocked = 0;
                for (int x = 0; x < nx; x++) {
                    int yLine = x + nx * z, zLine = x + nx * y;
                    if (((yBusy[yLine] >> y | zBusy[zLine] >> z) & 1) != 0) blocked |= 1 << x;
                    if (whole && (used >> x & 1) != 0) {
                        yBusy[yLine] |= 1 << y;
                        zBusy[zLine] |= 1 << z;
                    }
                }
                available[xLine] &= ~blocked;
                switchBlocked[xLine] = blocked;
                if (whole) xBusy[xLine] |= used;
            }
    }

    private boolean wholeSwitches() {
        return machine.switchModel() == SwitchModel.WHOLE;
    }

    /** Per x-line ({@link Grid#xLine}): bit x set when midplane (x, y, z) may be taken. Read only. */
    int[] available() {
        return available;
    }

    /** Per dimension, per line: switches that may not be passed through. Read only. */
    int[][] switchBusy() {
        return switchBusy;
    }

    /** Per dimension, per line: cables that may not be used. Read only. */
    long[][] cableBusy() {
        return cableBusy;
    }

    /** The derived masks as one value; changes with every allocation, release and change of health. */
    FreeMasks freeMasks() {
        if (freeMasks == null) freeMasks = FreeMasks.of(available, switchBusy, cableBusy);
        return freeMasks;
    }

    /** Whether the derived masks are those a search keeps for their value. */
    boolean masksKept() {
        return masksKept;
    }

    /** Takes {@code masks}, equal to the derived masks, as those kept for their value by a search. */
    void keepMasks(FreeMasks masks) {
        freeMasks = masks;
        masksKept = true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BglState s && machine == s.machine
                && Arrays.equals(midplaneUsed, s.midplaneUsed) && Arrays.equals(midplaneDown, s.midplaneDown)
                && Arrays.deepEquals(switchDown, s.switchDown) && Arrays.deepEquals(passThrough, s.passThrough)
                && Arrays.deepEquals(cableUsed, s.cableUsed) && Arrays.deepEquals(cableDown, s.cableDown)
                && new HashSet<>(allocated).equals(new HashSet<>(s.allocated));
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(new Object[] {midplaneUsed, midplaneDown, switchDown, passThrough, cableUsed, cableDown})
                + new HashSet<>(allocated).hashCode();
    }

    @Override
    public String toString() {
        return "BglState[" + machine.wiring().name() + ", " + allocated.size() + " partitions, "
                + usedMidplanes() + " midplanes used]";
    }
}
