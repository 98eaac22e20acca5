package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.ProtocolRunner.Kind;
import org.bgctl.scheduler.ProtocolRunner.Request;

/**
 * A context switch of a gang while its agents answer: all or nothing. Every unit of every job the switch
 * stops is asked to suspend it; when all agreed the switch is recorded and the jobs it restarts resume, else
 * the suspensions granted (and those never answered, which may have happened) are undone with a Resume of the
 * same transaction, and nothing is recorded. Each list of steps is a phase run by the {@link ProtocolRunner}.
 */
final class GangTransaction {

    final long tx;
    final long time;
    final Plan plan;
    final ContextSwitch contextSwitch;
    final Refusals refusals = new Refusals();
    /** Units that suspended each job, by job id: where to resume them if the switch is refused. */
    final TreeMap<Long, TreeSet<String>> suspended = new TreeMap<>();

    GangTransaction(long tx, long time, Plan plan) {
        this.tx = tx;
        this.time = time;
        this.plan = plan;
        this.contextSwitch = plan.contextSwitch().orElseThrow();
    }

    /** A suspension of each job the switch stops, on every unit it holds, in the switch's order. */
    List<Request> suspensions(SchedulerCore core) {
        List<Request> requests = new ArrayList<>();
        for (long job : contextSwitch.suspend()) {
            RunningJob r = core.running(job);
            if (r == null) throw new IllegalStateException("job " + job + " is to be suspended but does not run");
            for (Claim c : r.allocation().claims())
                requests.add(Request.suspend(c.unit(), tx, job, contextSwitch.wideJob(), contextSwitch.resume()));
        }
        return requests;
    }

    /** Records an answer. */
    void record(SuspendReply reply) {
        if (reply instanceof SuspendRefused r) refusals.add(r.unit(), r.reason());
        else suspended.computeIfAbsent(reply.job(), j -> new TreeSet<>()).add(reply.unit());
    }

    /** A suspension had no answer: the switch fails, and the unit may have suspended the job, so the undo goes there too. */
    void giveUp(Request request, String why) {
        refusals.givenUp(request.unit(), why);
        suspended.computeIfAbsent(request.job(), j -> new TreeSet<>()).add(request.unit());
    }

    /** The undo of a refused switch: every job suspended (or that may have been) resumes on those units. */
    List<Request> undo() {
        List<Request> requests = new ArrayList<>();
        suspended.forEach((job, units) -> units.forEach(unit -> requests.add(Request.of(Kind.RESUME, unit, tx, job))));
        return requests;
    }

    /** The switch is recorded: each job it restarts resumes on every unit it holds. */
    List<Request> resumptions(SchedulerCore core) {
        List<Request> requests = new ArrayList<>();
        for (long job : contextSwitch.resume()) {
            for (Claim c : core.running(job).allocation().claims()) requests.add(Request.of(Kind.RESUME, c.unit(), tx, job));
        }
        return requests;
    }
}
