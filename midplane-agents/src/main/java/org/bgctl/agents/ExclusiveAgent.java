package org.bgctl.agents;

import akka.actor.typed.javadsl.ActorContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.AdoptLoan;
import org.bgctl.agents.UnitProtocol.AdoptSuspended;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.machine.Claim;

/**
 * An agent whose unit is made of parts that each serve one partition at a time: a midplane is one part, a
 * switch one part (served whole) or six (one per port). Each part is free, reserved by one transaction, or
 * running one job ({@link Tenancy}). The agent refuses a reservation while another holds a part it claims,
 * or when a claimed part is down, naming the failed components; it frees what an aborted transaction held;
 * and it tells the holder when a part it holds goes down. Health is kept apart from occupancy: a part that
 * fails under a job stays held until the job is released, and stays down after.
 *
 * <p>A step is tried on every part concerned — those a claim covers, or those that know the job or the
 * transaction — and kept only if every part agrees; otherwise the first refusal, by part, is the answer.
 *
 * <p>Gang scheduling: a suspended job keeps its parts, and only the wide job it was suspended for may reserve
 * them meanwhile, so a part holds at most one running and one suspended job. While a context switch is under
 * way a second suspended job is allowed only if the same switch resumes the first.
 *
 * <p>Migration: a checkpointed job keeps its parts until its transaction commits; meanwhile only a
 * reservation of the same transaction may take them, for a job moving in (which may be the same job), and the
 * parts change hands at commit. An abort leaves the checkpointed job where it was, and {@code Restart} lets it
 * compute again.
 */
abstract class ExclusiveAgent extends UnitAgent {

    private final Tenancy[] parts;

    /** An agent of {@code parts} parts (at most 31). */
    protected ExclusiveAgent(ActorContext<Command> context, String unit, int parts) {
        super(context, unit);
        this.parts = new Tenancy[parts];
        for (int i = 0; i < parts; i++) this.parts[i] = new Tenancy(unit);
    }

    /** Why {@code claim} is not a part of this unit that can be held, or null when it is. */
    protected abstract String misfit(Claim claim);

    /** The parts {@code claim}, which fits ({@link #misfit}), covers: bit i for part i. */
    protected abstract int partsOf(Claim claim);

    /** The failed components under {@code claim}, in id order. */
    protected abstract SortedSet<String> downUnder(Claim claim);

    /** Records that {@code component}, which takes {@code part} of this unit, is down or up. */
    protected abstract void setHealth(String component, Claim part, boolean up);

    /** Every failed component that takes a part of this unit, in id order. */
    protected abstract SortedSet<String> down();

    /**
     * Does {@code step} on a copy of each part in {@code mask} and keeps the copies if none {@code failed};
     * otherwise changes nothing and answers the first failure. With no part concerned, the answer is that of a
     * free part.
     */
    private <R> R onParts(int mask, Function<Tenancy, R> step, Predicate<R> failed) {
        if (mask == 0) return step.apply(new Tenancy(unit));
        Tenancy[] tried = new Tenancy[parts.length];
        R first = null;
        for (int i = 0; i < parts.length; i++) {
            if ((mask >> i & 1) == 0) continue;
            tried[i] = parts[i].copy();
            R answer = step.apply(tried[i]);
            if (failed.test(answer)) return answer;
            if (first == null) first = answer;
        }
        for (int i = 0; i < parts.length; i++) if (tried[i] != null) parts[i] = tried[i];
        return first;
    }

    private int knowingJob(long job) {
        int mask = 0;
        for (int i = 0; i < parts.length; i++) if (parts[i].knowsJob(job)) mask |= 1 << i;
        return mask;
    }

    private int knowingTx(long tx) {
        int mask = 0;
        for (int i = 0; i < parts.length; i++) if (parts[i].knowsTx(tx)) mask |= 1 << i;
        return mask;
    }

    @Override
    protected ReserveReply reserve(Reserve r) {
        String misfit = misfit(r.claim());
        if (misfit != null) return new Refused(unit, r.tx(), misfit);
        SortedSet<String> down = downUnder(r.claim());
        if (!down.isEmpty()) return new Refused(unit, r.tx(), "down: " + String.join(", ", down), List.copyOf(down));
        return onParts(partsOf(r.claim()), t -> t.reserve(r), a -> a instanceof Refused);
    }

    @Override
    protected CheckpointReply checkpoint(Checkpoint c) {
        return onParts(knowingJob(c.job()), t -> t.checkpoint(c), a -> a instanceof CheckpointRefused);
    }

    @Override
    protected String restart(long job) {
        return onParts(knowingJob(job), t -> t.restart(job), e -> e != null);
    }

    @Override
    protected String commit(long tx) {
        return onParts(knowingTx(tx), t -> t.commit(tx), e -> e != null);
    }

    @Override
    protected void abort(long tx) {
        for (Tenancy t : parts) t.abort(tx);
    }

    @Override
    protected SuspendReply suspend(Suspend s) {
        return onParts(knowingJob(s.job()), t -> t.suspend(s), a -> a instanceof SuspendRefused);
    }

    @Override
    protected String resume(long job) {
        return onParts(knowingJob(job), t -> t.resume(job), e -> e != null);
    }

    @Override
    protected String release(long job) {
        return onParts(knowingJob(job), t -> t.release(job), e -> e != null);
    }

    @Override
    protected void adopt(Adopt a) {
        String misfit = misfit(a.claim());
        if (misfit != null) {
            getContext().getLog().error("{}: cannot adopt job {}: {}", unit, a.job(), misfit);
            return;
        }
        int mask = partsOf(a.claim());
        for (int i = 0; i < parts.length; i++) if ((mask >> i & 1) != 0) parts[i].adopt(a, getContext().getLog());
    }

    @Override
    protected void adoptSuspended(AdoptSuspended a) {
        String misfit = misfit(a.claim());
        if (misfit != null) {
            getContext().getLog().error("{}: cannot adopt suspended job {}: {}", unit, a.job(), misfit);
            return;
        }
        int mask = partsOf(a.claim());
        for (int i = 0; i < parts.length; i++)
            if ((mask >> i & 1) != 0) parts[i].adoptSuspended(a, getContext().getLog());
    }

    /** A unit's parts are lent whole: the wide job's Adopt says all there is to know. */
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
            LinkedHashMap<Long, Tenancy.Hold> lost = new LinkedHashMap<>();
            for (Tenancy t : parts) t.holdsOver(h.part(), lost);
            for (Tenancy.Hold held : lost.values())
                held.holder().tell(new HoldLost(unit, held.tx(), h.component() + " went down", List.of(h.component())));
        }
    }

    @Override
    protected Occupancy occupancy() {
        TreeMap<Long, Claim> running = new TreeMap<>();
        TreeMap<Long, Claim> reserved = new TreeMap<>();
        TreeSet<Long> stopped = new TreeSet<>();
        for (Tenancy t : parts) t.occupancy(running, reserved, stopped);
        return new Occupancy(unit, Collections.unmodifiableSortedMap(running),
                Collections.unmodifiableSortedMap(reserved), Collections.unmodifiableSortedSet(down()),
                Collections.unmodifiableSortedSet(stopped));
    }
}
