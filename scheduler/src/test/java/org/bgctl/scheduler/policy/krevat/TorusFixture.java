package org.bgctl.scheduler.policy.krevat;

import org.bgctl.machine.Allocation;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;

import java.util.List;

/**
 * A tiny torus (supernodes of one node, so sizes count supernodes) with jobs placed by hand, and the
 * plan a Krevat scheduler makes for it at time 0.
 */
final class TorusFixture {

    final SupernodeMachine torus;
    final SchedulerCore core;

    TorusFixture(TorusShape shape, KrevatScheduler.Variant variant, SchedulerSettings settings) {
        this.torus = new SupernodeMachine(shape, 1);
        this.core = new SchedulerCore(new KrevatScheduler(variant, settings), torus);
        core.advanceTo(0);
    }

    TorusFixture(TorusShape shape, KrevatScheduler.Variant variant) {
        this(shape, variant, SchedulerSettings.defaults());
    }

    /**
     * The paper's example of the head's size increase: a 4x4 torus whose only free box is 2x2 at the
     * origin (jobs 1 and 2 hold the rest until 1000).
     */
    static TorusFixture onlyTwoByTwoFree(KrevatScheduler.Variant variant, SchedulerSettings settings) {
        return new TorusFixture(new TorusShape(4, 4, 1), variant, settings)
                .running(1, Box.of(2, 0, 0, 2, 4, 1), 1000)
                .running(2, Box.of(0, 2, 0, 2, 2, 1), 1000);
    }

    /** Job {@code id} runs in {@code box} from time 0, estimated to end at {@code estimatedEnd}. */
    TorusFixture running(long id, Box box, long estimatedEnd) {
        core.apply(new JobSubmitted(Job.of(id, 0, estimatedEnd, estimatedEnd, box.volume())));
        core.apply(new JobStarted(id, 0, torus.allocationOf(box)));
        return this;
    }

    /** Job {@code id} of {@code size} supernodes waits, estimated to run {@code estimate} seconds. */
    TorusFixture queued(long id, int size, long estimate) {
        core.apply(new JobSubmitted(Job.of(id, 0, estimate, estimate, size)));
        return this;
    }

    Plan plan() {
        return core.plan();
    }

    List<Long> startedIds() {
        return plan().starts().stream().map(s -> s.job().id()).toList();
    }

    /** The partition job {@code id} starts on in the plan. */
    String partitionOf(long id) {
        for (Start s : plan().starts()) if (s.job().id() == id) return s.allocation().partition();
        throw new AssertionError("job " + id + " does not start; the plan is " + plan());
    }

    String name(Box box) {
        return torus.nameOf(box);
    }

    Allocation allocation(Box box) {
        return torus.allocationOf(box);
    }
}
