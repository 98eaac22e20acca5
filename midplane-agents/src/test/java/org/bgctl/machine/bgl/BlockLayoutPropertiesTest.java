package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.Topology;

/**
 * Random sequences of jobs placed and released on bgl with the shipped static and overlap layouts
 * (config/layouts): every partition a job gets is a listed block, whole; partitions in use never share a midplane
 * (in a static layout they are distinct blocks); and the link sets a block is given are those the dynamic
 * {@link PartitionSearch} gives the same box in the same state.
 */
class BlockLayoutPropertiesTest {
    private static final String STATIC = "bgl,layout=static:../config/layouts/bgl-static.conf";
    private static final String OVERLAP = "bgl,layout=overlap:../config/layouts/bgl-overlap.conf";

    @Property(tries = 60)
    void staticJobsRunOnlyOnListedBlocks(@ForAll @Size(min = 1, max = 60) List<@IntRange(min = 0, max = 999) Integer> steps) {
        run(STATIC, steps);
    }

    @Property(tries = 60)
    void overlapJobsRunOnlyOnListedBlocksNeverTwoSharingAMidplane(
            @ForAll @Size(min = 1, max = 60) List<@IntRange(min = 0, max = 999) Integer> steps) {
        run(OVERLAP, steps);
    }

    /** Each step: below 700 a job of (step % 40) + 1 midplanes, a torus when odd; else the release of a running one. */
    private static void run(String spec, List<Integer> steps) {
        BglMachineModel model = (BglMachineModel) MachineCatalog.create(spec);
        BlockLayout layout = model.blockLayout().orElseThrow();
        PartitionSearch search = new PartitionSearch(model.machine());
        BglState mirror = model.machine().newState();
        List<Allocation> running = new ArrayList<>();
        for (int step : steps) {
            if (step >= 700 && !running.isEmpty()) {
                Allocation done = running.remove(step % running.size());
                model.release(done);
                mirror.release(model.partition(done));
                continue;
            }
            Topology topology = step % 2 == 1 ? Topology.TORUS : Topology.MESH;
            Demand demand = new Demand(((step % 40) + 1) * model.granularity(), Geometry.anyShape(topology));
            if (model.unplaceable(demand).isPresent()) continue;
            Allocation a = model.place(demand);
            if (a == null) continue;
            Partition p = model.partition(a);
            LayoutBlock block = layout.blocks().stream().filter(b -> b.base().equals(p.base()) && b.shape().equals(p.shape())
                    && b.topology() == p.topology()).findFirst().orElse(null);
            assertTrue(block != null, p + " is no listed block");
            assertTrue(block.size() >= (step % 40) + 1, block + " is too small for the job");
            assertTrue(topology == Topology.MESH || block.topology() == Topology.TORUS, "a torus job on " + block);
            Partition dynamic = search.candidates(mirror, new PartitionRequest(p.size(), p.shape(), false, p.topology(), Set.of()))
                    .stream().filter(c -> c.base().equals(p.base())).findFirst().orElseThrow();
            assertEquals(dynamic, p, "the link sets the dynamic search gives the box");
            model.allocate(a);
            mirror.allocate(p);
            running.add(a);
            Set<Coordinate> used = new HashSet<>();
            for (Allocation r : running)
                for (Coordinate c : model.partition(r).midplanes(model.machine().shape()))
                    assertTrue(used.add(c), "two partitions in use share midplane " + c);
        }
    }
}
