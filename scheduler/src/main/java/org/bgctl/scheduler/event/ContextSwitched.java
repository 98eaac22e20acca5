package org.bgctl.scheduler.event;

import java.util.List;

/**
 * A context switch in the preemptive subset of wide job {@code jobId}'s gang: the suspended jobs stopped
 * computing and kept their nodes, the resumed jobs compute again on theirs, each {@code penalty} seconds later.
 * The preemption that lets a wide job start is the first switch (it only suspends); the wide job's
 * {@link JobStarted} follows in the same journal entry.
 *
 * @param number    the counted switches of this gang so far, this one included
 * @param suspended the jobs suspended, in the order the wide job borrows their nodes
 * @param resumed   the jobs resumed
 * @param counted   whether it counts against the limit n (false: a gang completed and the other one resumed)
 * @param penalty   seconds each job switched in loses
 */
public record ContextSwitched(long jobId, long time, int number, List<Long> suspended, List<Long> resumed,
                              boolean counted, long penalty) implements JobEvent {

    public ContextSwitched {
        suspended = List.copyOf(suspended);
        resumed = List.copyOf(resumed);
    }
}
