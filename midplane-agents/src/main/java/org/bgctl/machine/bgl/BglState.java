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
    /**
     * The masks live in a few arrays, so that a copy of the state is a few array copies; each kind of mask is a run
     * of one of them, starting at the offset the field of its name gives. A line of dimension d is
     * {@code grid.firstLine(d) + line} among the lines of every dimension ({@link Grid#firstLine}).
     *
     * <p>Per x-line: bit x set when midplane (x, y, z) is held by a partition ({@link #used}) or — derived — is kept
     * out by a busy switch of its y- or z-line ({@link #blocked}; with switches shared port by port it changes only
     * with health, so an allocation or a release updates only the lines it spans); per line of every dimension: bit i
     * set when the switch at position i is passed through ({@link #passThrough}), kept only with whole switches: shared
     * port by port, a switch may be passed through by several partitions at once (on cables of their own), and what
     * a pass-through holds there is its cables.
     */
    private final int[] ints;
    /**
     * What is down, which changes only with health: per x-line, bit x set when midplane (x, y, z) is down
     * ({@link #down}); per line of every dimension, bit i set when the switch at position i is down
     * ({@link #switchDown}). Never written: a change of health makes a new array, so copies of the state share it.
     */
    private int[] health;
    /** Per line of every dimension: bit i set when cable i of the line is held ({@link #cableUsed}). */
    private final long[] cables;
    /** Per line of every dimension: bit i set when cable i of the line is down. Never written, as {@link #health}. */
    private long[] cablesDown;
    /**
     * Derived, in the layout of {@link FreeMasks}: per x-line, the midplanes that a new partition may take; per line
     * of every dimension, the cables it may not use ({@link #cableBusy}). Shared, unchanged, with the copies of this
     * state and the {@link FreeMasks} made of them until one side changes them ({@link #masksShared}): most states are
     * changed once after a copy, then searched.
     */
    private long[] masks;
    /**
     * Derived: per line of every dimension, the switches a new partition may not pass through. With switches shared
     * port by port they change only with health. Never written: {@link #refresh} makes a new array, so copies of the
     * state and the {@link FreeMasks} made of them share it; {@link #switchesHash} is its hash.
     */
    private int[] switchMasks;
    private int switchesHash;
    /** Whether {@link #masks} is shared with a copy of this state or with {@link #freeMasks}: copied before a write. */
    private boolean masksShared;
    private final int xLines;
    /** Where each kind of mask starts: in {@link #ints}, {@link #health}, {@link #cables} and {@link #masks}. */
    private final int used, blocked, passThrough, down, switchDown;
    private final int cableUsed;
    private final int cableBusy;
    private final List<Partition> allocated;

    /** Derived: the number of midplanes neither held nor down. */
    private int freeMidplanes;
    /** The derived masks as a value, made when first asked for after a change; shared by copies. */
    private FreeMasks freeMasks;
    /** Whether {@link #freeMasks} are those a search keeps for their value ({@link #keepMasks}). */
    private boolean masksKept;
    /**
     * The masks a search keeps for what is free both here and in the masks {@link #bothWith} ({@link #keepBoth}), the
     * last asked for; null after a change. A pass tests demand after demand against the same two machines.
     */
    private FreeMasks bothWith, both;

    BglState(BglMachine machine) {
        this(machine, null);
    }

    private BglState(BglMachine machine, BglState other) {
        this.machine = machine;
        this.grid = machine.grid();
        xLines = grid.lineCount(Dimension.X);
        int lines = grid.allLines();
        used = 0;
        blocked = xLines;
        passThrough = 2 * xLines;
        down = 0;
        switchDown = xLines;
        cableUsed = 0;
        cableBusy = xLines;
        if (other == null) {
            ints = new int[passThrough + lines];
            health = new int[switchDown + lines];
            cables = new long[lines];
            cablesDown = new long[lines];
            masks = new long[cableBusy + lines];
            allocated = new ArrayList<>();
            refresh();
        } else {
            ints = copyOf(other.ints);
            health = other.health;
            cables = copyOf(other.cables);
            cablesDown = other.cablesDown;
            masks = other.masks;
            switchMasks = other.switchMasks;
            switchesHash = other.switchesHash;
            masksShared = true;
            other.masksShared = true;
            allocated = new ArrayList<>(other.allocated);
            freeMidplanes = other.freeMidplanes;
            freeMasks = other.freeMasks;
            masksKept = other.masksKept;
            bothWith = other.bothWith;
            both = other.both;
        }
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

    /** An independent copy: changes to either do not show in the other. */
    public BglState copy() {
        return new BglState(machine, this);
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
        for (int xLine = 0; xLine < xLines; xLine++) used += Integer.bitCount(ints[this.used + xLine]);
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
            if ((ints[used + xLine] >> c.x() & 1) != 0) return Optional.of("midplane " + c + " is in use");
            if ((health[down + xLine] >> c.x() & 1) != 0) return Optional.of("midplane " + c + " is down");
            for (Dimension d : Dimension.values()) {
                int line = lineIndex(d.ordinal(), grid.line(d, c));
                int bit = 1 << c.get(d);
                if ((health[switchDown + line] & bit) != 0)
                    return Optional.of("the " + d.label() + " switch of " + c + " is down");
                if (wholeSwitches() && (ints[passThrough + line] & bit) != 0)
                    return Optional.of("the " + d.label() + " switch of " + c + " is passed through");
            }
        }
        for (Dimension d : Dimension.values()) {
            LinkSet linkSet = partition.linkSet(d);
            for (Coordinate origin : spannedOrigins(partition, d)) {
                int line = lineIndex(d.ordinal(), grid.line(d, origin));
                long busy = linkSet.cables() & masks[cableBusy + line];
                if (busy != 0) {
                    int cable = Long.numberOfTrailingZeros(busy);
                    return Optional.of("cable " + cable + " of the " + d.label() + "-line through " + origin
                            + ((cablesDown[line] >> cable & 1) != 0 ? " is down" : " is in use"));
                }
                int switches = linkSet.passThrough() & switchMasks[line];
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
        validate(partition);
        allocateValid(partition);
    }

    /**
     * {@link #allocate} of a partition of this machine, as {@link PartitionNames#parse} or a search gives: not
     * validated again, which would cost more than the allocation itself.
     */
    void allocateValid(Partition partition) {
        if (!free(partition))
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
        long[] masks = lines ? writableMasks() : this.masks;
        int xArc = arc(partition, Dimension.X);
        int allX = (1 << grid.length(Dimension.X)) - 1;
        for (int n = 0, spanned = spannedCount(partition, X); n < spanned; n++) {
            int xLine = spannedLine(partition, X, n);
            int held = ints[used + xLine] = hold ? ints[used + xLine] | xArc : ints[used + xLine] & ~xArc;
            if (!lines) continue;
            // The box's midplanes were free (an allocation fits) or are held by it alone.
            freeMidplanes += (hold ? -1 : 1) * Integer.bitCount(xArc & ~health[down + xLine]);
            masks[xLine] = allX & ~(held | health[down + xLine]) & ~switchMasks[lineIndex(X, xLine)]
                    & ~ints[blocked + xLine];
        }
        for (int d = 0; d < DIMENSIONS; d++) {
            LinkSet linkSet = linkSet(partition, d);
            long linkCables = linkSet.cables();
            int switches = linkSet.passThrough();
            if (linkCables == 0 && switches == 0) continue;
            for (int n = 0, spanned = spannedCount(partition, d); n < spanned; n++) {
                int i = lineIndex(d, spannedLine(partition, d, n));
                long held = cables[cableUsed + i] = hold ? cables[cableUsed + i] | linkCables : cables[cableUsed + i] & ~linkCables;
                if (lines) masks[cableBusy + i] = held | cablesDown[i];
                else ints[passThrough + i] = hold ? ints[passThrough + i] | switches : ints[passThrough + i] & ~switches;
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
            return (health[down + xLineOf(m.at())] >> m.at().x() & 1) != 0;
        if (component instanceof Component.SwitchAt s)
            return (health[switchDown + lineOf(s)] >> s.at().get(s.dimension()) & 1) != 0;
        Component.CableAt c = (Component.CableAt) component;
        return (cablesDown[lineOf(c)] >> c.cable() & 1) != 0;
    }

    private void setDown(Component component, boolean down) {
        if (component instanceof Component.MidplaneAt m) {
            int at = this.down + xLineOf(m.at());
            health = copyOf(health);
            health[at] = with(health[at], m.at().x(), down);
        } else if (component instanceof Component.SwitchAt s) {
            int at = switchDown + lineOf(s);
            health = copyOf(health);
            health[at] = with(health[at], s.at().get(s.dimension()), down);
        } else {
            Component.CableAt c = (Component.CableAt) component;
            int at = lineOf(c);
            cablesDown = copyOf(cablesDown);
            cablesDown[at] = down ? cablesDown[at] | 1L << c.cable() : cablesDown[at] & ~(1L << c.cable());
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

    /** The switch's line among the lines of every dimension. */
    private int lineOf(Component.SwitchAt s) {
        grid.checkInside(s.at());
        return lineIndex(s.dimension().ordinal(), grid.line(s.dimension(), s.at()));
    }

    private int lineOf(Component.CableAt c) {
        grid.checkInside(c.line().origin());
        int cables = machine.wiring().line(c.line().dimension()).cables().size();
        if (c.cable() < 0 || c.cable() >= cables)
            throw new IllegalArgumentException("no cable " + c.cable() + " in a line of " + cables + " cables");
        return lineIndex(c.line().dimension().ordinal(), grid.line(c.line()));
    }

    /** Line {@code line} of the dimension of ordinal {@code d} among the lines of every dimension. */
    private int lineIndex(int d, int line) {
        return grid.firstLine(d) + line;
    }

    /**
     * Whether every midplane of the partition may be taken and every cable and pass-through switch of its
     * link sets is free, from the derived masks alone.
     */
    private boolean free(Partition partition) {
        int xArc = arc(partition, Dimension.X);
        for (int n = 0, spanned = spannedCount(partition, X); n < spanned; n++)
            if ((masks[spannedLine(partition, X, n)] & xArc) != xArc) return false;
        for (int d = 0; d < DIMENSIONS; d++) {
            LinkSet linkSet = linkSet(partition, d);
            if (linkSet.cables() == 0 && linkSet.passThrough() == 0) continue;
            for (int n = 0, spanned = spannedCount(partition, d); n < spanned; n++) {
                int i = lineIndex(d, spannedLine(partition, d, n));
                if ((linkSet.cables() & masks[cableBusy + i]) != 0
                        || (linkSet.passThrough() & switchMasks[i]) != 0) return false;
            }
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

    /** How many lines of the dimension of ordinal {@code d} {@code partition} spans. */
    private static int spannedCount(Partition partition, int d) {
        Shape shape = partition.shape();
        return d == X ? shape.y() * shape.z() : d == Y ? shape.x() * shape.z() : shape.x() * shape.y();
    }

    /**
     * The number ({@link Grid}) of line {@code n} ({@code n < spannedCount}) of the lines of the dimension of ordinal
     * {@code d} that {@code partition} spans: a line of d is numbered by the other two coordinates, the lower one
     * varying fastest, and the lines come in that order. Worked out line by line, not into an array: C1 code
     * allocates every array, and each allocation and release walks its lines.
     */
    private int spannedLine(Partition partition, int d, int n) {
        Shape size = grid.size();
        Coordinate base = partition.base();
        Shape shape = partition.shape();
        // (a, b): the other two coordinates of d's lines, lower dimension first.
        int na = d == X ? size.y() : size.x(), nb = d == Z ? size.y() : size.z();
        int ba = d == X ? base.y() : base.x(), bb = d == Z ? base.y() : base.z();
        int ea = d == X ? shape.y() : shape.x();
        return (ba + n % ea) % na + na * ((bb + n / ea) % nb);
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

    /**
     * Checks that {@code p} is a box of this machine joined by link sets of its wiring.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    void validate(Partition p) {
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
        forgetMasks();
    }

    private void forgetMasks() {
        freeMasks = null;
        masksKept = false;
        bothWith = null;
        both = null;
    }

    /** Recomputes the derived masks from the primary ones. */
    private void refresh() {
        boolean whole = wholeSwitches();
        forgetMasks();
        long[] masks = writableMasks();
        int[] switches = new int[grid.allLines()];
        for (int i = 0; i < switches.length; i++) {
            switches[i] = health[switchDown + i] | (whole ? ints[passThrough + i] : 0);
            masks[cableBusy + i] = cables[cableUsed + i] | cablesDown[i];
        }
        // A midplane may be taken when neither it nor one of its switches is held or down; with whole switches,
        // a held midplane's switches are busy. X-line masks are x positions, as are those of the midplanes; a
        // y-line (x, z) or z-line (x, y) holds bit x of the x-lines it crosses.
        int nx = grid.length(Dimension.X), ny = grid.length(Dimension.Y), nz = grid.length(Dimension.Z);
        int allX = (1 << nx) - 1;
        int xBusy = grid.firstLine(X), yBusy = grid.firstLine(Y), zBusy = grid.firstLine(Z);
        freeMidplanes = 0;
        for (int xLine = 0; xLine < xLines; xLine++) {
            int free = allX & ~(ints[used + xLine] | health[down + xLine]);
            freeMidplanes += Integer.bitCount(free);
            masks[xLine] = free & ~switches[xBusy + xLine];
        }
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++) {
                int xLine = y + ny * z, held = ints[used + xLine], busy = 0;
                for (int x = 0; x < nx; x++) {
                    int yLine = x + nx * z, zLine = x + nx * y;
                    if (((switches[yBusy + yLine] >> y | switches[zBusy + zLine] >> z) & 1) != 0) busy |= 1 << x;
                    if (whole && (held >> x & 1) != 0) {
                        switches[yBusy + yLine] |= 1 << y;
                        switches[zBusy + zLine] |= 1 << z;
                    }
                }
                masks[xLine] &= ~busy;
                ints[blocked + xLine] = busy;
                if (whole) switches[xBusy + xLine] |= held;
            }
        switchMasks = switches;
        switchesHash = Arrays.hashCode(switches);
    }

    /** {@link #masks}, to write: copied first if shared. */
    private long[] writableMasks() {
        if (masksShared) {
            masks = copyOf(masks);
            masksShared = false;
        }
        return masks;
    }

    private boolean wholeSwitches() {
        return machine.switchModel() == SwitchModel.WHOLE;
    }

    /**
     * The derived masks, in the layout of {@link FreeMasks}: per x-line ({@link Grid#xLine}) bit x set when midplane
     * (x, y, z) may be taken, then per line of every dimension ({@link Grid#firstLine}) the cables that may not be
     * used. Read only.
     */
    long[] masks() {
        return masks;
    }

    /** Per line of every dimension ({@link Grid#firstLine}), the switches that may not be passed through. Read only. */
    int[] switchMasks() {
        return switchMasks;
    }

    /** Bit x set when midplane (x, y, z) of x-line {@code xLine} may be taken. */
    int available(int xLine) {
        return (int) masks[xLine];
    }

    /** The switches of a line of dimension {@code d} that may not be passed through. */
    int switchBusy(int d, int line) {
        return switchMasks[lineIndex(d, line)];
    }

    /** The cables of a line of dimension {@code d} that may not be used. */
    long cableBusy(int d, int line) {
        return masks[cableBusy + lineIndex(d, line)];
    }

    /** The derived masks as one value; changes with every allocation, release and change of health. */
    FreeMasks freeMasks() {
        if (freeMasks == null) {
            freeMasks = FreeMasks.of(masks, switchMasks, switchesHash, xLines);
            masksShared = true;
        }
        return freeMasks;
    }

    /** Whether the derived masks are those a search keeps for their value. */
    boolean masksKept() {
        return masksKept;
    }

    /** The masks kept for what is free both here and in {@code other} (the very instance), or null if not known. */
    FreeMasks keptBoth(FreeMasks other) {
        return other == bothWith ? both : null;
    }

    /** Takes {@code both}, equal to the derived masks and {@code other}, as those kept for their value by a search. */
    void keepBoth(FreeMasks other, FreeMasks both) {
        bothWith = other;
        this.both = both;
    }

    /** Takes {@code masks}, equal to the derived masks, as those kept for their value by a search. */
    void keepMasks(FreeMasks masks) {
        freeMasks = masks;
        masksKept = true;
    }

    @Override
    public boolean equals(Object o) {
        // The blocked midplanes among the ints are derived from the rest, so equal where the rest is.
        return o instanceof BglState s && machine == s.machine && Arrays.equals(ints, s.ints)
                && Arrays.equals(health, s.health) && Arrays.equals(cables, s.cables)
                && Arrays.equals(cablesDown, s.cablesDown) && new HashSet<>(allocated).equals(new HashSet<>(s.allocated));
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(ints) + Arrays.hashCode(health)) + 31 * Arrays.hashCode(cables)
                + Arrays.hashCode(cablesDown) + new HashSet<>(allocated).hashCode();
    }

    @Override
    public String toString() {
        return "BglState[" + machine.wiring().name() + ", " + allocated.size() + " partitions, "
                + usedMidplanes() + " midplanes used]";
    }
}
