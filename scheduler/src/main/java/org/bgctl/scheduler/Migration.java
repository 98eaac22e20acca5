package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * A policy's decision to rearrange running jobs (Krevat et al. 2002, Scheduler 3): every move at
 * once, all or nothing. A migration that would not make the largest free partition larger is
 * attempted but not performed: it has no moves. A performed one may have none either, when only
 * jobs started earlier in the same pass change place (they simply start in their new partitions).
 *
 * @param blockedJob        the queue's head job that could not start, the reason for the attempt
 * @param largestFreeBefore units in the largest free partition before
 * @param largestFreeAfter  units in the largest free partition after the reassignment
 * @param moves             the running jobs that change partition; empty when not performed
 */
public record Migration(long blockedJob, int largestFreeBefore, int largestFreeAfter, List<Move> moves) {

    public Migration {
        moves = List.copyOf(moves);
        if (!moves.isEmpty() && largestFreeAfter <= largestFreeBefore)
            throw new IllegalArgumentException("a migration that leaves the largest free partition at "
                    + largestFreeAfter + " units (it was " + largestFreeBefore + ") must not move jobs");
    }

    /** Whether the migration is worth doing: it makes the largest free partition larger. */
    public boolean performed() {
        return largestFreeAfter > largestFreeBefore;
    }

    /**
     * The events of this migration at {@code time}: the attempt, then (when {@code carriedOut}) every
     * job's checkpoint before every job's restart, since a job may move into a partition another one
     * leaves.
     */
    public List<SchedulerEvent> events(long time, boolean carriedOut) {
        List<SchedulerEvent> events = new ArrayList<>(1 + 2 * moves.size());
        events.add(new MigrationAttempted(blockedJob, time, largestFreeBefore, largestFreeAfter, carriedOut));
        if (!carriedOut) return events;
        for (Move m : moves) events.add(new JobCheckpointed(m.jobId(), time));
        for (Move m : moves) events.add(new JobMigrated(m.jobId(), time, m.to(), m.cost()));
        return events;
    }
}
