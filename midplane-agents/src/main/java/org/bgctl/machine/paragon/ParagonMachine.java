package org.bgctl.machine.paragon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;

/**
 * A Paragon batch partition (Wan et al.): a 2D mesh split into node sets, each held by a node-set
 * agent that allocates with M2DB. A job's nodes come from the node sets of its node group by the
 * paper's two passes (section 2.2): the node set with the fewest free nodes that holds the whole
 * job; else the group's node sets in order, each giving what it has free, until the job has all
 * it asked for. Within a node set, {@link M2dbNodeSet} chooses the blocks.
 *
 * <p>{@code --machine paragon-sdsc} is the SDSC site of section 3.0 shipped in
 * {@code config/machines/paragon-sdsc.conf}; {@code --machine paragon:FILE} reads a site of one's own.
 */
public final class ParagonMachine implements MachineModel {

    /** The shipped SDSC site. */
    public static final String SDSC = "paragon-sdsc";

    /** Prefix of {@code --machine} names for a site file. */
    public static final String FILE_PREFIX = "paragon:";

    private final String name;
    private final ParagonSite site;
    private final List<String> ids;
    private final M2dbNodeSet[] sets;

    /** The machine of {@code site}, every node free, named {@code name} for {@code --machine}. */
    public ParagonMachine(String name, ParagonSite site) {
        this.name = name;
        this.site = site;
        this.ids = new ArrayList<>();
        this.sets = new M2dbNodeSet[site.nodeSets().size()];
        for (int i = 0; i < sets.length; i++) {
            NodeSetSpec spec = site.nodeSets().get(i);
            ids.add(spec.id());
            sets[i] = new M2dbNodeSet(spec.area());
        }
    }

    private ParagonMachine(ParagonMachine other) {
        this.name = other.name;
        this.site = other.site;
        this.ids = other.ids;
        this.sets = new M2dbNodeSet[other.sets.length];
        for (int i = 0; i < sets.length; i++) sets[i] = other.sets[i].copy();
    }

    /**
     * The machine named {@code spec}: {@code paragon-sdsc} or {@code paragon:FILE}.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static ParagonMachine named(String spec) {
        if (spec.startsWith(SDSC + ","))
            throw new IllegalArgumentException("machine '" + spec + "': Paragon machines take no options");
        if (SDSC.equals(spec)) return new ParagonMachine(spec, ParagonSite.loadResource(SDSC));
        Path file = Path.of(spec.substring(FILE_PREFIX.length()));
        if (!file.toFile().isFile()) throw new IllegalArgumentException("machine '" + spec + "': no file " + file);
        return new ParagonMachine(spec, ParagonSite.load(file));
    }

    @Override public String name() { return name; }
    @Override public boolean interchangeable() { return false; }
    @Override public List<String> units() { return List.copyOf(ids); }

    public ParagonSite site() {
        return site;
    }

    @Override
    public Optional<ParagonSite> nqsSite() {
        return Optional.of(site);
    }

    @Override
    public Set<MachineCapability> capabilities() {
        return Set.of(MachineCapability.NODE_SETS);
    }

    @Override
    public int capacity() {
        int n = 0;
        for (M2dbNodeSet s : sets) n += s.capacity();
        return n;
    }

    @Override
    public int freeNodes() {
        int n = 0;
        for (M2dbNodeSet s : sets) n += s.freeNodes();
        return n;
    }

    /** Nodes of node set {@code unit}. */
    @Override
    public int nodesOf(String unit) {
        return set(unit).capacity();
    }

    /** A fresh allocator for the agent of node set {@code unit}: its area, every node free. */
    public M2dbNodeSet newAllocator(String unit) {
        return new M2dbNodeSet(set(unit).area());
    }

    private M2dbNodeSet set(String unit) {
        int i = ids.indexOf(unit);
        if (i < 0)
            throw new IllegalArgumentException(name + " has no node set '" + unit + "'; known: "
                    + String.join(", ", ids));
        return sets[i];
    }

    /** Placement on every node set, in the file's order. */
    @Override
    public Allocation place(Demand demand) {
        return place(demand.nodes(), ids);
    }

    /**
     * Where {@code nodes} nodes go on the node sets {@code group} (tried in that order), or null
     * when they have fewer free nodes together.
     */
    public Allocation place(int nodes, List<String> group) {
        String whole = null;
        int free = 0;
        for (String unit : group) {
            int f = set(unit).freeNodes();
            free += f;
            if (f >= nodes && (whole == null || f < set(whole).freeNodes())) whole = unit;
        }
        if (free < nodes) return null;
        List<NodeClaim> claims = new ArrayList<>();
        if (whole != null) {
            claims.add(claim(whole, nodes));
        } else {
            int remaining = nodes;
            for (String unit : group) {
                int take = Math.min(remaining, set(unit).freeNodes());
                if (take == 0) continue;
                claims.add(claim(unit, take));
                remaining -= take;
                if (remaining == 0) break;
            }
        }
        return allocation(claims);
    }

    private NodeClaim claim(String unit, int nodes) {
        return new NodeClaim(unit, nodes, set(unit).place(nodes), false);
    }

    /**
     * The allocation of these claims; one claim of one block is contiguous. Named after the node
     * sets and their blocks, e.g. {@code ns-2[8x4+0+7 4x2+8+7] ns-3[2x2+0+21]}.
     */
    private static Allocation allocation(List<NodeClaim> claims) {
        List<Claim> all = new ArrayList<>();
        StringBuilder partition = new StringBuilder();
        for (NodeClaim c : claims) {
            boolean contiguous = claims.size() == 1 && c.blocks().size() == 1;
            all.add(new NodeClaim(c.unit(), c.nodes(), c.blocks(), contiguous));
            if (partition.length() > 0) partition.append(' ');
            partition.append(c.unit()).append('[');
            for (int k = 0; k < c.blocks().size(); k++) partition.append(k == 0 ? "" : " ").append(c.blocks().get(k));
            partition.append(']');
        }
        return new Allocation(partition.toString(), all);
    }

    @Override
    public boolean isFree(Allocation allocation) {
        for (Claim c : allocation.claims()) {
            if (!(c instanceof NodeClaim nc) || !ids.contains(nc.unit()) || set(nc.unit()).conflict(nc).isPresent())
                return false;
        }
        return true;
    }

    @Override
    public void allocate(Allocation allocation) {
        for (Claim c : allocation.claims()) set(nodeClaim(c).unit()).take(nodeClaim(c));
    }

    @Override
    public void release(Allocation allocation) {
        for (Claim c : allocation.claims()) set(nodeClaim(c).unit()).give(nodeClaim(c));
    }

    private NodeClaim nodeClaim(Claim c) {
        if (c instanceof NodeClaim nc) return nc;
        throw new IllegalStateException(name + " holds nodes only, not " + c);
    }

    /** {@inheritDoc} On the copy the free nodes of the node sets {@code units} are held. */
    @Override
    public ParagonMachine keepingOff(Collection<String> units) {
        ParagonMachine kept = copy();
        for (String unit : units) {
            if (!ids.contains(unit)) return null;
            int free = kept.set(unit).freeNodes();
            if (free > 0) kept.allocate(kept.place(free, List.of(unit)));
        }
        return kept;
    }

    @Override
    public ParagonMachine copy() {
        return new ParagonMachine(this);
    }
}
