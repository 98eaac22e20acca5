package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.ActorContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.AdoptLoan;
import org.bgctl.agents.UnitProtocol.AdoptSuspended;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.Claim;

/**
 * An agent whose unit serves one partition at a time (a midplane, a switch): free, reserved by one
 * transaction, or running one job. It refuses a reservation while it holds another, or when a claimed
 * part is down, naming the failed components; it frees what an aborted transaction held; and it tells
 * the holder when a part it holds goes down. Health is kept apart from occupancy: a part that fails
 * under a job stays held until the job is released, and stays down after.
 *
 * <p>Gang scheduling: a suspended job keeps the unit, and only the wide job it was suspended for may reserve
 * it meanwhile, so the unit holds at most one running and one suspended job. While a context switch is under
 * way a second suspended job is allowed only if the same switch resumes the first.
 *
 * <p>Migration: a checkpointed job keeps the unit until its transaction commits; meanwhile only a reservation
 * of the same transaction may take it, for a job moving in (which may be the same job), and the unit changes
 * hands at commit. An abort leaves the checkpointed job where it was, and {@code Restart} lets it compute again.
 */
abstract class ExclusiveAgent extends UnitAgent {

    /**
     * What the unit holds, for whom.
     *
     * @param holder where to report that a held part went down (none for an adopted job)
     */
    private record Hold(long tx, long job, Claim claim, boolean committed, ActorRef<ReserveReply> holder) {
    }

    /** A job suspended here, which keeps the unit; only {@code wideJob} may reserve it meanwhile. */
    private record Suspension(Hold hold, long wideJob) {
    }

    private Hold hold;
    /** At most one, and two only between the Suspend and the Resume of one context switch. */
    private final List<Suspension> suspended = new ArrayList<>(2);
    /** The migration the job of {@code hold} is checkpointed for, or 0. */
    private long checkpointTx;
    /** A job moving in by the migration {@code checkpointTx}: the unit is its at commit. */
    private Hold incoming;

    protected ExclusiveAgent(ActorContext<Command> context, String unit) {
        super(context, unit);
    }

    /** Why {@code claim} is not a part of this unit that can be held, or null when it is. */
    protected abstract String misfit(Claim claim);

    /** The failed components under {@code claim}, in id order. */
    protected abstract SortedSet<String> downUnder(Claim claim);

    /** Records that {@code component}, which takes {@code part} of this unit, is down or up. */
    protected abstract void setHealth(String component, Claim part, boolean up);

    /** Every failed component that takes a part of this unit, in id order. */
    protected abstract SortedSet<String> down();

    @Override
    protected ReserveReply reserve(Reserve r) {
        String misfit = misfit(r.claim());
        SortedSet<String> down = misfit == null ? downUnder(r.claim()) : Collections.emptySortedSet();
        if (misfit != null) return new Refused(unit, r.tx(), misfit);
        if (!down.isEmpty()) return new Refused(unit, r.tx(), "down: " + String.join(", ", down), List.copyOf(down));
        if (hold != null && hold.committed && checkpointTx == r.tx() && incoming == null) {
            // a migration takes the unit of a job checkpointed for it: it changes hands at commit
            incoming = new Hold(r.tx(), r.job(), r.claim(), false, r.replyTo());
            return new Reserved(unit, r.tx());
        }
        if (hold != null) return new Refused(unit, r.tx(), hold.committed
                ? "serves job " + hold.job : "reserved by transaction " + hold.tx + " of job " + hold.job);
        if (keptFrom(r.job()) != null) return new Refused(unit, r.tx(), "keeps suspended job " + keptFrom(r.job()).hold.job);
        hold = new Hold(r.tx(), r.job(), r.claim(), false, r.replyTo());
        return new Reserved(unit, r.tx());
    }

    @Override
    protected CheckpointReply checkpoint(Checkpoint c) {
        if (hold == null || !hold.committed || hold.job != c.job())
            return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job() + " does not run here");
        if (checkpointTx != 0) return new CheckpointRefused(unit, c.tx(), c.job(), "job " + c.job()
                + " is already checkpointed for transaction " + checkpointTx);
        checkpointTx = c.tx();
        return new Checkpointed(unit, c.tx(), c.job());
    }

    @Override
    protected String restart(long job) {
        if (hold == null || !hold.committed || hold.job != job) return "job " + job + " holds nothing here";
        checkpointTx = 0;
        return null;
    }

    @Override
    protected String commit(long tx) {
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

    @Override
    protected void abort(long tx) {
        if (hold != null && hold.tx == tx && !hold.committed) hold = null;
        if (incoming != null && incoming.tx == tx) incoming = null;
    }

    /** A suspension here that {@code job} may not share the unit with, or null. */
    private Suspension keptFrom(long job) {
        for (Suspension s : suspended) if (s.wideJob != job) return s;
        return null;
    }

    private Suspension suspensionOf(long job) {
        for (Suspension s : suspended) if (s.hold.job == job) return s;
        return null;
    }

    @Override
    protected SuspendReply suspend(Suspend s) {
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

    @Override
    protected String resume(long job) {
        Suspension s = suspensionOf(job);
        if (s == null) return hold != null && hold.committed && hold.job == job ? null
                : "job " + job + " is neither suspended nor running here";
        if (hold != null) return "cannot resume job " + job + ": the unit serves job " + hold.job;
        suspended.remove(s);
        hold = s.hold;
        return null;
    }

    @Override
    protected String release(long job) {
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

    @Override
    protected void adopt(Adopt a) {
        String misfit = misfit(a.claim());
        if (misfit != null) {
            getContext().getLog().error("{}: cannot adopt job {}: {}", unit, a.job(), misfit);
        } else if (suspensionOf(a.job()) != null) {
            getContext().getLog().error("{}: cannot adopt job {} as running: it is suspended here", unit, a.job());
        } else if (hold == null) {
            hold = new Hold(-1, a.job(), a.claim(), true, null);
        } else if (hold.job != a.job()) {
            getContext().getLog().error("{}: cannot adopt job {}: it serves job {}", unit, a.job(), hold.job);
        }
    }

    @Override
    protected void adoptSuspended(AdoptSuspended a) {
        String misfit = misfit(a.claim());
        if (misfit != null) {
            getContext().getLog().error("{}: cannot adopt suspended job {}: {}", unit, a.job(), misfit);
        } else if (hold != null && hold.job == a.job()) {
            getContext().getLog().error("{}: cannot adopt job {} as suspended: it runs here", unit, a.job());
        } else if (suspensionOf(a.job()) == null) {
            if (!suspended.isEmpty()) {
                getContext().getLog().error("{}: cannot adopt suspended job {}: job {} is suspended here", unit, a.job(),
                        suspended.get(0).hold.job);
            } else {
                suspended.add(new Suspension(new Hold(-1, a.job(), a.claim(), true, null), a.wideJob()));
            }
        }
    }

    /** A whole unit is lent whole: the wide job's Adopt says all there is to know. */
    @Override
    protected void adoptLoan(AdoptLoan a) {
    }

    @Override
    protected void setHealth(SetHealth h) {
        String misfit = misfit(h.part());
        if (misfit != null) {
            getContext().getLog().error("{}: health of {} ignored: {}", unit, h.component(), misfit);
            return;
        }
        boolean wasDown = downUnder(h.part()).contains(h.component());
        setHealth(h.component(), h.part(), h.up());
        if (!h.up() && !wasDown) {
            for (Hold held : new Hold[]{hold, incoming}) {
                if (held != null && held.holder != null && held.claim.overlaps(h.part()))
                    held.holder.tell(new HoldLost(unit, held.tx, h.component() + " went down", List.of(h.component())));
            }
        }
    }

    @Override
    protected Occupancy occupancy() {
        TreeMap<Long, Claim> running = new TreeMap<>();
        TreeMap<Long, Claim> reserved = new TreeMap<>();
        TreeSet<Long> stopped = new TreeSet<>();
        if (hold != null && hold.committed) running.put(hold.job, hold.claim);
        if (hold != null && !hold.committed) reserved.put(hold.tx, hold.claim);
        if (incoming != null) reserved.put(incoming.tx, incoming.claim);
        for (Suspension s : suspended) {
            running.put(s.hold.job, s.hold.claim);
            stopped.add(s.hold.job);
        }
        return new Occupancy(unit, Collections.unmodifiableSortedMap(running),
                Collections.unmodifiableSortedMap(reserved), Collections.unmodifiableSortedSet(down()),
                Collections.unmodifiableSortedSet(stopped));
    }
}
