package org.bgctl.scheduler;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import org.bgctl.agents.CborSerializable;

/**
 * Everything a {@link SchedulerCore} holds that its later decisions depend on, as plain records: what an empty
 * core of the same policy and machine takes on ({@link SchedulerCore#restore}) to go on exactly as the core
 * rebuilt from every event would. The policies keep nothing of their own between passes but caches of what the
 * core holds, so the core's state is the whole scheduler's; the machine's occupancy follows from the jobs that
 * hold nodes, and its health from the components that are down.
 *
 * @param policy    the name of the policy it was taken under
 * @param machine   the name of the machine it was taken on
 * @param now       the core's clock
 * @param version   the count of events that changed the machine or the jobs holding it
 * @param queue     the waiting jobs, in queue order
 * @param running   the jobs computing, in job-id order
 * @param suspended the jobs a context switch stopped, in job-id order, with when
 * @param gang      the gang under way (preemptive FCFS), or null
 * @param down      the components that are down, in id order
 * @param headId    the job last seen at the head of the queue, -1 for none
 * @param headSince since when it is there
 * @param lastEnds  the last end of a job of each size, by size
 * @param reservations the reservation windows the plans are held to (none in a snapshot that names none)
 * @param requeued  the jobs requeued and how many times, by job id (none in a snapshot from before it was kept)
 * @param freeing   the blocks of finished jobs being freed, by (until, job id) (none in a snapshot from before
 *                  blocks took time to be freed)
 * @param ready     the booted blocks of finished jobs kept ready for reuse, by job id (none in a snapshot from before
 *                  blocks were reused)
 */
public record CoreSnapshot(String policy, String machine, long now, long version, List<Job> queue,
                           List<RunningJob> running, List<SchedulerCore.Suspension> suspended, GangState gang,
                           List<String> down, long headId, long headSince, List<LastEnd> lastEnds,
                           List<Reservation> reservations, List<Requeued> requeued, List<Deallocation> freeing,
                           List<ReadyBlock> ready)
        implements CborSerializable {

    public CoreSnapshot {
        reservations = reservations == null ? List.of() : List.copyOf(reservations);
        queue = List.copyOf(queue);
        running = List.copyOf(running);
        suspended = List.copyOf(suspended);
        down = List.copyOf(down);
        lastEnds = List.copyOf(lastEnds);
        requeued = requeued == null ? List.of() : List.copyOf(requeued);
        freeing = freeing == null ? List.of() : List.copyOf(freeing);
        ready = ready == null ? List.of() : List.copyOf(ready);
    }

    /** Job {@code job} was requeued {@code times} times. */
    public record Requeued(long job, int times) {
    }

    /** The last end of a job of {@code size} nodes asked. */
    public record LastEnd(int size, long time) {
    }

    /** Nodes the wide job of a gang borrowed from preempted job {@code job}. */
    public record Lent(long job, int nodes) {
    }

    /**
     * The gang under way, as the core keeps it.
     *
     * @param lent in borrowing order
     */
    public record GangState(long wide, List<Lent> lent, boolean wideStarted, boolean wideDone, int wideOwn,
                            int switches, long lastSwitch, long penalty) {

        @JsonCreator
        public GangState {
            lent = List.copyOf(lent);
        }

        static GangState of(Gang gang) {
            return new GangState(gang.wide,
                    gang.lent.entrySet().stream().map(e -> new Lent(e.getKey(), e.getValue())).toList(),
                    gang.wideStarted, gang.wideDone, gang.wideOwn, gang.switches, gang.lastSwitch, gang.penalty);
        }

        Gang toGang() {
            Gang gang = new Gang(wide, lent.stream().map(Lent::job).toList());
            for (Lent l : lent) gang.lent.put(l.job(), l.nodes());
            gang.wideStarted = wideStarted;
            gang.wideDone = wideDone;
            gang.wideOwn = wideOwn;
            gang.switches = switches;
            gang.lastSwitch = lastSwitch;
            gang.penalty = penalty;
            return gang;
        }
    }
}
