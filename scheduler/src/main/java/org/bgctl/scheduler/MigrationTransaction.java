package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.ProtocolRunner.Kind;
import org.bgctl.scheduler.ProtocolRunner.Request;

/**
 * A migration while its agents answer: one transaction for every job it moves, all or nothing.
 * Step one checkpoints each moving job on the units it holds; then the node claims, and after them
 * the port claims, of the new partitions are reserved (agents lend the nodes of jobs checkpointed for
 * the same transaction). A refusal at any step, or a step given up unanswered, ends the protocol: the
 * migration is aborted (Abort where anything may be reserved) and every job restarts where it was (its undo).
 * Granted, it commits everywhere, then restarts each job on its new units. Each list of steps is a phase run
 * by the {@link ProtocolRunner}.
 */
final class MigrationTransaction {

    final long tx;
    final long time;
    final Plan plan;
    final Migration migration;
    final Refusals refusals = new Refusals();
    /** Units that checkpointed each job, by job id: where the jobs restart if the migration aborts. */
    final TreeMap<Long, TreeSet<String>> checkpointed = new TreeMap<>();
    /** Units that reserved nodes or ports for the transaction, or may have: they never answered. */
    final TreeSet<String> reserved = new TreeSet<>();
    private int phase;

    MigrationTransaction(long tx, long time, Plan plan) {
        this.tx = tx;
        this.time = time;
        this.plan = plan;
        this.migration = plan.migration().orElseThrow();
    }

    /** Step one: a checkpoint of each moving job on every unit it holds. */
    List<Request> checkpoints() {
        List<Request> requests = new ArrayList<>();
        for (Move m : migration.moves())
            for (Claim c : m.from().claims()) requests.add(Request.checkpoint(c.unit(), tx, m.jobId()));
        return requests;
    }

    /**
     * The reservations of the next phase that has any, once everything so far was granted; empty when
     * every phase is done or something was refused.
     */
    List<Request> nextReservations() {
        List<Request> requests = new ArrayList<>();
        while (requests.isEmpty() && phase < 2 && refusals.isEmpty()) {
            phase++;
            for (Move m : migration.moves())
                for (Claim c : m.to().phase(phase)) requests.add(Request.reserve(tx, m.jobId(), c));
        }
        return requests;
    }

    /** Records a checkpoint answer. */
    void record(CheckpointReply reply) {
        if (reply instanceof CheckpointRefused r) refusals.add(r.unit(), r.reason());
        else checkpointed.computeIfAbsent(reply.job(), j -> new TreeSet<>()).add(reply.unit());
    }

    /** Records a reservation answer. */
    void record(ReserveReply reply) {
        if (reply instanceof Refused r) refusals.add(r.unit(), r.reason());
        else reserved.add(reply.unit());
    }

    /**
     * A checkpoint or a reservation had no answer: the migration fails, and the unit may have done the step, so
     * the undo goes there too (a restart in place, an abort).
     */
    void giveUp(Request request, String why) {
        refusals.givenUp(request.unit(), why);
        if (request.kind() == Kind.CHECKPOINT)
            checkpointed.computeIfAbsent(request.job(), j -> new TreeSet<>()).add(request.unit());
        else reserved.add(request.unit());
    }

    /** Commit at every unit that took part: the new units take their jobs, the old ones let theirs go. */
    List<Request> commits() {
        TreeSet<String> units = new TreeSet<>(reserved);
        checkpointed.values().forEach(units::addAll);
        List<Request> requests = new ArrayList<>();
        for (String unit : units) requests.add(Request.of(Kind.COMMIT, unit, tx, 0));
        return requests;
    }

    /** After the commit: a restart of each moved job on every unit it holds now. */
    List<Request> restarts() {
        List<Request> requests = new ArrayList<>();
        for (Move m : migration.moves())
            for (Claim c : m.to().claims()) requests.add(Request.of(Kind.RESTART, c.unit(), tx, m.jobId()));
        return requests;
    }

    /** The undo, first step: abort at every unit that reserved (or may have). */
    List<Request> aborts() {
        List<Request> requests = new ArrayList<>();
        for (String unit : reserved) requests.add(Request.of(Kind.ABORT, unit, tx, 0));
        return requests;
    }

    /** The undo, second step: every job checkpointed (or that may have been) restarts where it was. */
    List<Request> restartsInPlace() {
        List<Request> requests = new ArrayList<>();
        checkpointed.forEach((job, units) -> units.forEach(unit -> requests.add(Request.of(Kind.RESTART, unit, tx, job))));
        return requests;
    }
}
