package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.machine.Claim;

/**
 * A context switch of a gang while its agents answer: all or nothing. Every unit of every job the switch
 * stops is asked to suspend it; when all agreed the switch is recorded and the jobs it restarts resume, else
 * the suspensions granted are undone and nothing is recorded.
 */
final class GangTransaction {

    final long tx;
    final long time;
    final Plan plan;
    final ContextSwitch contextSwitch;
    final List<String> refusals = new ArrayList<>();
    /** Units that suspended each job, by job id: where to resume them if the switch is refused. */
    final TreeMap<Long, TreeSet<String>> suspended = new TreeMap<>();
    private int outstanding;

    GangTransaction(long tx, long time, Plan plan) {
        this.tx = tx;
        this.time = time;
        this.plan = plan;
        this.contextSwitch = plan.contextSwitch().orElseThrow();
    }

    /** A suspension of each job the switch stops, on every unit it holds, in the switch's order. */
    List<Transaction.Request> suspensions(SchedulerCore core) {
        List<Transaction.Request> requests = new ArrayList<>();
        for (long job : contextSwitch.suspend()) {
            RunningJob r = core.running(job);
            if (r == null) throw new IllegalStateException("job " + job + " is to be suspended but does not run");
            for (Claim c : r.allocation().claims()) requests.add(new Transaction.Request(tx, job, c));
        }
        outstanding = requests.size();
        return requests;
    }

    /** Records an answer; true when every suspension has been answered. */
    boolean record(SuspendReply reply) {
        if (reply instanceof SuspendRefused r) refusals.add(r.unit() + ": " + r.reason());
        else suspended.computeIfAbsent(reply.job(), j -> new TreeSet<>()).add(reply.unit());
        return --outstanding == 0;
    }
}
