package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * The blocks a machine of midplanes runs jobs on in a static or overlap layout ({@code bgl,layout=static:FILE},
 * {@code bgl,layout=overlap:FILE}; the file is read by {@link BlockFile}). A partition request is answered by the
 * smallest listed block that {@linkplain LayoutBlock#holds holds} it and is free — its midplanes may be taken and,
 * in each dimension, a link set of its topology for its midplanes has its cables and pass-through switches free in
 * every line the box spans — the first in the file among blocks of one size; the link set taken is the first free
 * one in its table's order (fewest cables), as the dynamic {@link PartitionSearch} takes it for the same box. The
 * job gets the whole block, as Slurm's static mode gives a job the smallest free block whose size is at least the
 * request.
 */
public final class BlockLayout {
    private final LayoutMode mode;
    private final String file;
    private final BglMachine machine;
    /** By size, then in file order. */
    private final List<Placed> blocks;

    /** A block with, per dimension, the positions its box covers and the numbers of the lines it spans. */
    private record Placed(LayoutBlock block, int[] arcs, int[][] lines) {
    }

    /**
     * The layout of {@code blocks}, boxes of {@code machine}, checked by {@link BlockFile}.
     *
     * @param file the block file as the machine spec names it
     */
    BlockLayout(LayoutMode mode, String file, BglMachine machine, List<LayoutBlock> blocks) {
        this.mode = mode;
        this.file = file;
        this.machine = machine;
        List<Placed> placed = new ArrayList<>();
        for (LayoutBlock b : blocks) placed.add(place(b));
        placed.sort(Comparator.comparingInt(p -> p.block().size()));
        this.blocks = List.copyOf(placed);
    }

    public LayoutMode mode() {
        return mode;
    }

    /** The option value naming this layout in a machine spec: {@code static:FILE} or {@code overlap:FILE}. */
    public String label() {
        return mode.label() + ":" + file;
    }

    /** The blocks, smallest first, in file order among blocks of one size. */
    public List<LayoutBlock> blocks() {
        return blocks.stream().map(Placed::block).toList();
    }

    /**
     * The partition of the first free block that holds the request, or empty when none is free.
     *
     * @param noRoomOutside lines such that no box spanning none of them fits ({@link Findings}); none: no box fits;
     *                      null when not known
     */
    Optional<Partition> best(BglState state, PartitionRequest request, Lines noRoomOutside) {
        checkMachine(state);
        if (noRoomOutside != null && noRoomOutside.isEmpty()) return Optional.empty();
        return first(request, List.of(state));
    }

    /** {@link #best} among the blocks free both in {@code state} and in {@code other}, with link sets free in both. */
    Optional<Partition> bestInBoth(BglState state, BglState other, PartitionRequest request) {
        checkMachine(state);
        checkMachine(other);
        return first(request, List.of(state, other));
    }

    /** Why no block of this layout can ever take the request. */
    String noneHolds(PartitionRequest request) {
        return "no block of the " + label() + " layout holds a " + request.topology().name().toLowerCase(Locale.ROOT)
                + " partition of " + (request.shape() != null ? "shape " + request.shape()
                + (request.rotations() ? " (or a rotation)" : "") : request.size() + " midplanes");
    }

    private Optional<Partition> first(PartitionRequest request, List<BglState> states) {
        for (Placed p : blocks) {
            if (!p.block().holds(request)) continue;
            Optional<Partition> found = partition(p, states, request.denyPassThrough());
            if (found.isPresent()) return found;
        }
        return Optional.empty();
    }

    /**
     * The block's partition with the first link set of each dimension free in every one of {@code states}, or empty
     * when the block is not free in all of them.
     */
    private Optional<Partition> partition(Placed p, List<BglState> states, Set<Dimension> deny) {
        int xArc = p.arcs()[0];
        for (BglState state : states)
            for (int xLine : p.lines()[0]) if ((state.available(xLine) & xArc) != xArc) return Optional.empty();
        LinkSet[] sets = new LinkSet[3];
        for (Dimension d : Dimension.values()) {
            int i = d.ordinal();
            long cables = 0;
            int switches = 0;
            for (BglState state : states) {
                for (int line : p.lines()[i]) {
                    cables |= state.cableBusy(i, line);
                    switches |= state.switchBusy(i, line);
                }
            }
            for (LinkSet s : machine.table(d).linkSets(p.block().topology(), p.arcs()[i])) {
                if ((s.cables() & cables) == 0 && (s.passThrough() & switches) == 0
                        && !(deny.contains(d) && s.passThrough() != 0)) {
                    sets[i] = s;
                    break;
                }
            }
            if (sets[i] == null) return Optional.empty();
        }
        LayoutBlock b = p.block();
        return Optional.of(new Partition(b.base(), b.shape(), b.topology(), sets[0], sets[1], sets[2]));
    }

    private Placed place(LayoutBlock b) {
        Shape size = machine.shape();
        Grid grid = machine.grid();
        int[] arcs = new int[3];
        int[][] lines = new int[3][];
        for (Dimension d : Dimension.values()) {
            int i = d.ordinal();
            arcs[i] = Grid.arc(b.base().get(d), b.shape().extent(d), size.extent(d));
            lines[i] = new int[b.size() / b.shape().extent(d)];
            int n = 0;
            for (int k = 0; k < (d == Dimension.Z ? 1 : b.shape().z()); k++)
                for (int j = 0; j < (d == Dimension.Y ? 1 : b.shape().y()); j++)
                    for (int x = 0; x < (d == Dimension.X ? 1 : b.shape().x()); x++)
                        lines[i][n++] = grid.line(d, (b.base().x() + x) % size.x(), (b.base().y() + j) % size.y(),
                                (b.base().z() + k) % size.z());
        }
        return new Placed(b, arcs, lines);
    }

    private void checkMachine(BglState state) {
        if (state.machine() != machine) throw new IllegalArgumentException("the state is of another machine");
    }
}
