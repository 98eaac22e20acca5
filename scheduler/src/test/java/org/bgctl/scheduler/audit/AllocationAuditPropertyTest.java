package org.bgctl.scheduler.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;

/**
 * Random sequences of place-and-allocate, release, fail and repair on {@code bgl} — switches shared port by port,
 * the default — and on {@code bgl,switch=whole}, told as scheduler events to the independent {@link WiringAudit},
 * which works out from the machine file alone what each partition uses: it finds every recorded claim exactly what
 * the wiring says, every pass-through's ports pairing into internal connections, nothing held twice and nothing
 * started on a down component. A failure kills the jobs holding the component first, as the scheduler does.
 */
class AllocationAuditPropertyTest {

    /** The machine under test, the audit, the running jobs by id, the failed components, and the clock. */
    static final class Run {
        final MachineModel machine;
        final WiringAudit audit;
        final TreeMap<Long, Allocation> running = new TreeMap<>();
        final List<String> down = new ArrayList<>();
        long time;
        long nextJob = 1;

        Run(String spec) {
            machine = MachineCatalog.create(spec);
            audit = WiringAudit.forMachine(spec).orElseThrow();
        }

        @Override
        public String toString() {
            return machine + ", running " + running.keySet() + ", down " + down;
        }
    }

    @Property(tries = 60)
    void portLevelSwitchesPassTheIndependentChecker(@ForAll("portRuns") ActionChain<Run> chain) {
        chain.withInvariant("the audit finds nothing", run -> assertEquals(List.of(), run.audit.violations())).run();
    }

    @Property(tries = 30)
    void wholeSwitchesPassTheIndependentChecker(@ForAll("wholeRuns") ActionChain<Run> chain) {
        chain.withInvariant("the audit finds nothing", run -> assertEquals(List.of(), run.audit.violations())).run();
    }

    @Provide
    Arbitrary<ActionChain<Run>> portRuns() {
        return runs("bgl");
    }

    @Provide
    Arbitrary<ActionChain<Run>> wholeRuns() {
        return runs("bgl,switch=whole");
    }

    private static Arbitrary<ActionChain<Run>> runs(String spec) {
        return ActionChain.<Run>startWith(() -> new Run(spec))
                .withAction(5, new Start())
                .withAction(2, new Finish())
                .withAction(new Fail())
                .withAction(new Repair())
                .withMaxTransformations(40);
    }

    private static final class Start implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Combinators.combine(Arbitraries.integers().between(1, 16), Arbitraries.of(Topology.class))
                    .as((midplanes, topology) -> new Demand(midplanes * 512, Geometry.anyShape(topology)))
                    .map(demand -> Transformer.mutate("start " + demand, run -> {
                        Allocation a = run.machine.place(demand);
                        if (a == null) return;
                        run.machine.allocate(a);
                        long job = run.nextJob++;
                        run.running.put(job, a);
                        run.audit.accept(new JobStarted(job, ++run.time, a));
                    }));
        }
    }

    private static final class Finish implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.running.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.of(List.copyOf(run.running.keySet())).map(job -> Transformer.mutate("finish " + job, r -> {
                r.machine.release(r.running.remove(job));
                r.audit.accept(new JobFinished(job, ++r.time));
            }));
        }
    }

    private static final class Fail implements Action.Dependent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.of(run.machine.components()).map(c -> Transformer.mutate("fail " + c, r -> {
                long time = ++r.time;
                List<Claim> parts = r.machine.componentClaims(c);
                for (Long job : List.copyOf(r.running.keySet())) {
                    boolean holds = r.running.get(job).claims().stream().anyMatch(h -> parts.stream().anyMatch(h::overlaps));
                    if (!holds) continue;
                    r.machine.release(r.running.remove(job));
                    r.audit.accept(new JobKilled(job, time, c));
                }
                r.machine.setHealth(c, false);
                if (!r.down.contains(c)) r.down.add(c);
                r.audit.accept(new ComponentFailed(c, time));
            }));
        }
    }

    private static final class Repair implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.down.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.of(List.copyOf(run.down)).map(c -> Transformer.mutate("repair " + c, r -> {
                r.machine.setHealth(c, true);
                r.down.remove(c);
                r.audit.accept(new ComponentRepaired(c, ++r.time));
            }));
        }
    }
}
