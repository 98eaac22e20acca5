package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.AdoptSuspended;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.Claim;
import org.slf4j.Logger;

/**
 * Who holds one part of a unit that serves one partition at a time (a whole midplane, one port of a switch):
 * free, reserved by one transaction, or running one job, with the suspended jobs it keeps for gang scheduling
 * and the job moving in by a migration. The rules are those of {@link ExclusiveAgent}, which keeps one tenancy
 * per part and asks each part a claim covers. Not thread-safe; {@link #copy()} lets the agent try a step on
 * every part before it keeps the outcome.
 */
final class Tenancy {

    /**
     * What the part holds, for whom.
     *
     * @param holder where to report that a held part went down (none for an adopted job)
     */
    record Hold(long tx, long job, Claim claim, boolean committed, ActorRef<ReserveReply> holder) {
    }

    /** A job suspended here, which keeps the part; only {@code wideJob} may reserve it meanwhile. */
    private record Suspension(Hold hold, long wideJob) {
    }

    private final String unit;
    private Hold hold;
    /** At most one, and two only between the Suspend and the Resume of one context switch. */
    private final List<Suspension> suspended;
    /** The migration the job of {@code hold} is checkpointed for, or 0. */
    private long checkpointTx;
    /** A job moving in by the migration {@code checkpointTx}: the part is its at commit. */
    private Hold incoming;

    Tenancy(String unit) {
        this.unit = unit;
        this.suspended = new ArrayList<>(2);
    }

    private Tenancy(Tenancy other) {
        unit = other.unit;
        hold = other.hold;
        suspended = new ArrayList<>(other.suspended);
        checkpointTx = other.checkpointTx;
        incoming = other.incoming;
    }

    /** An independent copy. */
    Tenancy copy() {
        return new Tenancy(this);
    }

    /** Whether {@code job} runs, is suspended or moves in here. */
    boolean knowsJob(long job) {
        return hold != null && hold.job == job || suspensionOf(job) != null || incoming != null && incoming.job == job;
    }

    /** Whether transaction {@code tx} reserved here or checkpointed the job here. */
    boolean knowsTx(long tx) {
        return hold != null && hold.tx == tx || checkpointTx == tx && tx != 0 || incoming != null && incoming.tx == tx;
    }

    ReserveReply reserve(Reserve r) {
        if (hold != null && hold.committed && checkpointTx == r.tx() && incoming == null) {
            // a migration takes the part of a job checkpointed for it: it changes hands at commit
            incoming = new Hold(r.tx(), r.job(), r.claim(), false, r.replyTo());
            return new Reserved(unit, r.tx());
        }
        if (hold != null) return new Refused(unit, r.tx(), hold.committed
                ? "serves job " + hold.job : "reserved by transaction " + hold.tx + " of job " + hold.job);
        if (keptFrom(r.job()) != null) return new Refused(unit, r.tx(), "keeps suspended job " + keptFrom(r.job()).hold.job);
        hold = new Hold(r.tx(), r.job(), r.claim(), false, r.replyTo());
        return new Reserved(unit, r.tx());
    }

    CheckpointReply checkpoint(Checkpoint c) {
        if (hold == null || !hold.committed || hold.job != c.job())
            return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job() + " does not run here");
        if (checkpointTx != 0) return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job()
                + " is already checkpointed for transaction " + checkpointTx);
        checkpointTx = c.tx();
        return new Checkpointed(unit, c.tx(), c.job());
    }

    String restart(long job) {
        if (hold == null || !hold.committed || hold.job != job) return "job " + job + " holds nothing here";
        checkpointTx = 0;
        return null;
    }

    String commit(long tx) {
        if (checkpointTx == tx) {
            // the checkpointed job leaves; the job moving in, if any, stays
            hold = incoming == null ? null : new Hold(incoming.tx, incoming.job, incoming.claim, true, incoming.holder);
            incoming = null;
            checkpointTx = 0;
            return null;
        }
        if (hold != null && hold.tx == tx && !hold.committed) {
            hold = new Hold(hold.tx, hold.job, hold.claim, true, hold.holder);
            return null;
        }
        return "transaction " + tx + " holds nothing here";
    }

    void abort(long tx) {
        if (hold != null && hold.tx == tx && !hold.committed) hold = null;
        if (incoming != null && incoming.tx == tx) incoming = null;
    }

    /** A suspension here that {@code job} may not share the part with, or null. */
    private Suspension keptFrom(long job) {
        for (Suspension s : suspended) if (s.wideJob != job) return s;
        return null;
    }

    private Suspension suspensionOf(long job) {
        for (Suspension s : suspended) if (s.hold.job == job) return s;
        return null;
    }

    SuspendReply suspend(Suspend s) {
        Suspension other = null;
        for (Suspension e : suspended) if (!s.resuming().contains(e.hold.job)) other = e;
        String refusal = suspensionOf(s.job()) != null ? "job " + s.job() + " is already suspended"
                : hold == null || !hold.committed || hold.job != s.job() ? "job " + s.job() + " does not run here"
                : checkpointTx != 0 ? "job " + s.job() + " is checkpointed for transaction " + checkpointTx
                : other != null ? "the unit keeps suspended job " + other.hold.job + ", and holds at most one suspended job"
                : null;
        if (refusal != null) return new SuspendRefused(unit, s.tx(), s.job(), refusal);
        suspended.add(new Suspension(hold, s.wideJob()));
        hold = null;
        return new Suspended(unit, s.tx(), s.job());
    }

    String resume(long job) {
        Suspension s = suspensionOf(job);
        if (s == null) return hold != null && hold.committed && hold.job == job ? null
                : "job " + job + " is neither suspended nor running here";
        if (hold != null) return "cannot resume job " + job + ": the unit serves job " + hold.job;
        suspended.remove(s);
        hold = s.hold;
        return null;
    }

    String release(long job) {
        Suspension s = suspensionOf(job);
        if (hold != null && hold.committed && hold.job == job) {
            hold = null;
            checkpointTx = 0;
            incoming = null;
        } else if (s != null) {
            suspended.remove(s);
        } else {
            return "job " + job + " does not run here";
        }
        return null;
    }

    void adopt(Adopt a, Logger log) {
        if (suspensionOf(a.job()) != null) {
            log.error("{}: cannot adopt job {} as running: it is suspended here", unit, a.job());
        } else if (hold == null) {
            hold = new Hold(-1, a.job(), a.claim(), true, null);
        } else if (hold.job != a.job()) {
            log.error("{}: cannot adopt job {}: it serves job {}", unit, a.job(), hold.job);
        }
    }

    void adoptSuspended(AdoptSuspended a, Logger log) {
        if (hold != null && hold.job == a.job()) {
            log.error("{}: cannot adopt job {} as suspended: it runs here", unit, a.job());
        } else if (suspensionOf(a.job()) == null) {
            if (!suspended.isEmpty()) {
                log.error("{}: cannot adopt suspended job {}: job {} is suspended here", unit, a.job(),
                        suspended.get(0).hold.job);
            } else {
                suspended.add(new Suspension(new Hold(-1, a.job(), a.claim(), true, null), a.wideJob()));
            }
        }
    }

    /** The holds (running or reserved, and the job moving in) whose claim overlaps {@code part}, by transaction. */
    void holdsOver(Claim part, Map<Long, Hold> into) {
        for (Hold held : new Hold[]{hold, incoming})
            if (held != null && held.holder != null && held.claim.overlaps(part)) into.putIfAbsent(held.tx, held);
    }

    /** Adds what this part holds: running jobs (suspended ones too), reservations by transaction, suspended jobs. */
    void occupancy(Map<Long, Claim> running, Map<Long, Claim> reserved, Set<Long> stopped) {
        if (hold != null && hold.committed) running.put(hold.job, hold.claim);
        if (hold != null && !hold.committed) reserved.put(hold.tx, hold.claim);
        if (incoming != null) reserved.put(incoming.tx, incoming.claim);
        for (Suspension s : suspended) {
            running.put(s.hold.job, s.hold.claim);
            stopped.add(s.hold.job);
        }
    }
}
