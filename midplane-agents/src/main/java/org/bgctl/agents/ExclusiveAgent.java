package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Receive;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Resume;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
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
 */
abstract class ExclusiveAgent extends AbstractBehavior<Command> {

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

    protected final String unit;
    private Hold hold;
    /** At most one, and two only between the Suspend and the Resume of one context switch. */
    private final List<Suspension> suspended = new ArrayList<>(2);

    protected ExclusiveAgent(ActorContext<Command> context, String unit) {
        super(context);
        this.unit = unit;
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
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Reserve.class, this::onReserve)
                .onMessage(Commit.class, this::onCommit)
                .onMessage(Abort.class, this::onAbort)
                .onMessage(Release.class, this::onRelease)
                .onMessage(Adopt.class, this::onAdopt)
                .onMessage(UnitProtocol.AdoptSuspended.class, this::onAdoptSuspended)
                // a whole unit is lent whole: the wide job's Adopt says all there is to know
                .onMessage(UnitProtocol.AdoptLoan.class, loan -> this)
                .onMessage(Suspend.class, this::onSuspend)
                .onMessage(Resume.class, this::onResume)
                .onMessage(SetHealth.class, this::onSetHealth)
                .onMessage(GetOccupancy.class, this::onGetOccupancy)
                .build();
    }

    private Behavior<Command> onReserve(Reserve r) {
        String misfit = misfit(r.claim());
        SortedSet<String> down = misfit == null ? downUnder(r.claim()) : Collections.emptySortedSet();
        if (misfit != null) {
            r.replyTo().tell(new Refused(unit, r.tx(), misfit));
        } else if (!down.isEmpty()) {
            r.replyTo().tell(new Refused(unit, r.tx(), "down: " + String.join(", ", down), List.copyOf(down)));
        } else if (hold != null) {
            r.replyTo().tell(new Refused(unit, r.tx(), hold.committed
                    ? "serves job " + hold.job : "reserved by transaction " + hold.tx + " of job " + hold.job));
        } else if (keptFrom(r.job()) != null) {
            r.replyTo().tell(new Refused(unit, r.tx(), "keeps suspended job " + keptFrom(r.job()).hold.job));
        } else {
            hold = new Hold(r.tx(), r.job(), r.claim(), false, r.replyTo());
            r.replyTo().tell(new Reserved(unit, r.tx()));
        }
        return this;
    }

    private Behavior<Command> onCommit(Commit c) {
        if (hold != null && hold.tx == c.tx() && !hold.committed) {
            hold = new Hold(hold.tx, hold.job, hold.claim, true, hold.holder);
        } else {
            getContext().getLog().warn("{}: commit of transaction {}, which holds nothing here", unit, c.tx());
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort a) {
        if (hold != null && hold.tx == a.tx() && !hold.committed) hold = null;
        return this;
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

    private Behavior<Command> onSuspend(Suspend s) {
        Suspension other = null;
        for (Suspension e : suspended) if (!s.resuming().contains(e.hold.job)) other = e;
        String refusal = suspensionOf(s.job()) != null ? "job " + s.job() + " is already suspended"
                : hold == null || !hold.committed || hold.job != s.job() ? "job " + s.job() + " does not run here"
                : other != null ? "the unit keeps suspended job " + other.hold.job + ", and holds at most one suspended job"
                : null;
        if (refusal != null) {
            s.replyTo().tell(new SuspendRefused(unit, s.tx(), s.job(), refusal));
        } else {
            suspended.add(new Suspension(hold, s.wideJob()));
            hold = null;
            s.replyTo().tell(new Suspended(unit, s.tx(), s.job()));
        }
        return this;
    }

    private Behavior<Command> onResume(Resume r) {
        Suspension s = suspensionOf(r.job());
        if (s == null) {
            getContext().getLog().warn("{}: resume of job {}, which is not suspended here", unit, r.job());
        } else if (hold != null) {
            getContext().getLog().error("{}: cannot resume job {}: it serves job {}", unit, r.job(), hold.job);
        } else {
            suspended.remove(s);
            hold = s.hold;
        }
        return this;
    }

    private Behavior<Command> onRelease(Release r) {
        Suspension s = suspensionOf(r.job());
        if (hold != null && hold.committed && hold.job == r.job()) {
            hold = null;
        } else if (s != null) {
            suspended.remove(s);
        } else {
            getContext().getLog().warn("{}: release of job {}, which does not run here", unit, r.job());
        }
        return this;
    }

    private Behavior<Command> onAdopt(Adopt a) {
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
        return this;
    }

    private Behavior<Command> onAdoptSuspended(UnitProtocol.AdoptSuspended a) {
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
        return this;
    }

    private Behavior<Command> onSetHealth(SetHealth h) {
        String misfit = misfit(h.part());
        if (misfit != null) {
            getContext().getLog().error("{}: health of {} ignored: {}", unit, h.component(), misfit);
            return this;
        }
        boolean wasDown = downUnder(h.part()).contains(h.component());
        setHealth(h.component(), h.part(), h.up());
        if (!h.up() && !wasDown && hold != null && hold.holder != null && hold.claim.overlaps(h.part())) {
            hold.holder.tell(new HoldLost(unit, hold.tx, h.component() + " went down", List.of(h.component())));
        }
        return this;
    }

    private Behavior<Command> onGetOccupancy(GetOccupancy g) {
        TreeMap<Long, Claim> running = new TreeMap<>();
        TreeMap<Long, Claim> reserved = new TreeMap<>();
        TreeSet<Long> stopped = new TreeSet<>();
        if (hold != null && hold.committed) running.put(hold.job, hold.claim);
        if (hold != null && !hold.committed) reserved.put(hold.tx, hold.claim);
        for (Suspension s : suspended) {
            running.put(s.hold.job, s.hold.claim);
            stopped.add(s.hold.job);
        }
        g.replyTo().tell(new Occupancy(unit, Collections.unmodifiableSortedMap(running),
                Collections.unmodifiableSortedMap(reserved), Collections.unmodifiableSortedSet(down()),
                Collections.unmodifiableSortedSet(stopped)));
        return this;
    }
}
