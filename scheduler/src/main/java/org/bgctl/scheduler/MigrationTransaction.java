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

/**
 * A migration while its agents answer: one transaction for every job it moves, all or nothing.
 * Step one checkpoints each moving job on the units it holds; then the node claims, and after them
 * the port claims, of the new partitions are reserved (agents lend the nodes of jobs checkpointed for
 * the same transaction). A refusal at any step ends the protocol: the migration is aborted and every
 * job restarts where it was.
 */
final class MigrationTransaction {

    final long tx;
    final long time;
    final Plan plan;
    final Migration migration;
    final List<String> refusals = new ArrayList<>();
    /** Units that checkpointed each job, by job id: where the jobs restart if the migration aborts. */
    final TreeMap<Long, TreeSet<String>> checkpointed = new TreeMap<>();
    /** Units that reserved nodes or ports for the transaction. */
    final TreeSet<String> reserved = new TreeSet<>();
    private int phase;
    private int outstanding;

    MigrationTransaction(long tx, long time, Plan plan) {
        this.tx = tx;
        this.time = time;
        this.plan = plan;
        this.migration = plan.migration().orElseThrow();
    }

    /** Step one: a checkpoint of each moving job on every unit it holds. */
    List<Transaction.Request> checkpoints() {
        List<Transaction.Request> requests = new ArrayList<>();
        for (Move m : migration.moves())
            for (Claim c : m.from().claims()) requests.add(new Transaction.Request(tx, m.jobId(), c));
        outstanding = requests.size();
        return requests;
    }

    /**
     * The reservations of the next phase that has any, once everything so far was granted; empty when
     * every phase is done or something was refused.
     */
    List<Transaction.Request> nextReservations() {
        List<Transaction.Request> requests = new ArrayList<>();
        while (requests.isEmpty() && phase < 2 && refusals.isEmpty()) {
            phase++;
            for (Move m : migration.moves())
                for (Claim c : m.to().phase(phase)) requests.add(new Transaction.Request(tx, m.jobId(), c));
        }
        outstanding = requests.size();
        return requests;
    }

    /** Records a checkpoint answer; true when every checkpoint has been answered. */
    boolean record(CheckpointReply reply) {
        if (reply instanceof CheckpointRefused r) refusals.add(r.unit() + ": " + r.reason());
        else checkpointed.computeIfAbsent(reply.job(), j -> new TreeSet<>()).add(reply.unit());
        return --outstanding == 0;
    }

    /** Records a reservation answer; true when every reservation of the phase has been answered. */
    boolean record(ReserveReply reply) {
        if (reply instanceof Refused r) refusals.add(r.unit() + ": " + r.reason());
        else reserved.add(reply.unit());
        return --outstanding == 0;
    }

    /** Every unit that took part: the ones to commit to, or to abort at. */
    TreeSet<String> involved() {
        TreeSet<String> units = new TreeSet<>(reserved);
        checkpointed.values().forEach(units::addAll);
        return units;
    }
}
