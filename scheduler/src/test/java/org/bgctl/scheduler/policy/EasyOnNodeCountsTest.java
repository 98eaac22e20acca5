package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;

/**
 * On a machine of interchangeable nodes EASY decides on node counts alone; that shortcut must start
 * every job when the general walk over placements and what-if machines does. The general walk runs
 * on the same flat machine presented as one whose nodes are not interchangeable.
 */
class EasyOnNodeCountsTest {

    private static final int NODES = 64;

    record Spec(int gap, int run, int slack, int size) {
    }

    @Property(tries = 80)
    void nodeCountsDecideLikeTheGeneralWalk(@ForAll("workloads") List<Job> jobs) {
        var counts = ScheduleRecorder.run(new EasyBackfill(), new FlatMachine(NODES), jobs);
        var general = ScheduleRecorder.run(new EasyBackfill(), new Positional(new FlatMachine(NODES)), jobs);
        assertEquals(general.starts(), counts.starts());
    }

    @Provide
    Arbitrary<List<Job>> workloads() {
        Arbitrary<Spec> spec = Combinators.combine(Arbitraries.integers().between(0, 200),
                Arbitraries.integers().between(0, 3000).edgeCases(e -> e.add(0)),
                Arbitraries.integers().between(0, 5000).edgeCases(e -> e.add(0)),
                Arbitraries.integers().between(1, NODES)).as(Spec::new);
        return spec.list().ofMinSize(1).ofMaxSize(300).map(EasyOnNodeCountsTest::jobs);
    }

    private static List<Job> jobs(List<Spec> specs) {
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (Spec s : specs) {
            t += s.gap();
            jobs.add(Job.of(jobs.size() + 1, t, s.run(), s.run() + s.slack(), s.size()));
        }
        return jobs;
    }

    /** A flat machine that does not say its nodes are interchangeable, so EASY takes its general walk. */
    private record Positional(FlatMachine flat) implements MachineModel {
        @Override public String name() { return flat.name(); }
        @Override public int capacity() { return flat.capacity(); }
        @Override public int freeNodes() { return flat.freeNodes(); }
        @Override public boolean interchangeable() { return false; }
        @Override public Allocation place(Demand demand) { return flat.place(demand); }
        @Override public boolean isFree(Allocation allocation) { return flat.isFree(allocation); }
        @Override public void allocate(Allocation allocation) { flat.allocate(allocation); }
        @Override public void release(Allocation allocation) { flat.release(allocation); }
        @Override public List<String> units() { return flat.units(); }
        @Override public int nodesOf(String unit) { return flat.nodesOf(unit); }
        @Override public MachineModel copy() { return new Positional(flat.copy()); }
    }
}
