package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import java.util.SortedMap;
import org.bgctl.machine.Claim;

/**
 * The messages the scheduler exchanges with the agents of allocation units and switches.
 * Allocation is a transaction: {@link Reserve} (the agent answers {@link Reserved} or
 * {@link Refused}) — node claims first, port claims second — then {@link Commit} or
 * {@link Abort}; a committed job is later {@link Release}d.
 *
 * <p>Migration is one transaction for every job it moves, all or nothing: {@link Checkpoint}
 * to the units each job holds (answered {@link Checkpointed} or {@link CheckpointRefused}),
 * then {@link Reserve} of the new units, which may take the nodes of jobs checkpointed for the
 * same transaction; then {@link Commit}, which hands those nodes over (the checkpointed jobs
 * leave their old units), or {@link Abort}, which leaves every job where it was; last
 * {@link Restart} to the units each job holds now.
 */
public final class UnitProtocol {

    private UnitProtocol() {
    }

    /** What a unit agent accepts. */
    public interface Command extends CborSerializable {
    }

    /**
     * Hold what {@code claim} names for transaction {@code tx} of job {@code job}: free nodes,
     * or nodes of jobs checkpointed for the same transaction (they change hands at commit).
     */
    public record Reserve(long tx, long job, Claim claim, ActorRef<ReserveReply> replyTo) implements Command {
    }

    /**
     * Migration, first step: stop {@code job} and keep its state. It still holds its nodes
     * here; they leave it if transaction {@code tx} commits and stay if it aborts.
     */
    public record Checkpoint(long tx, long job, ActorRef<CheckpointReply> replyTo) implements Command {
    }

    /** Migration, last step (after a commit or an abort): {@code job} computes again on the nodes it holds here. */
    public record Restart(long job) implements Command {
    }

    /**
     * The transaction is decided: the nodes it reserved now hold their jobs, and the jobs
     * checkpointed for it give up their nodes here.
     */
    public record Commit(long tx) implements Command {
    }

    /** The transaction is abandoned: free what it held. */
    public record Abort(long tx) implements Command {
    }

    /** The job has ended: free its nodes. */
    public record Release(long job) implements Command {
    }

    /**
     * Re-synchronisation after a restart: the scheduler's journal says this job holds
     * {@code claim} here.
     */
    public record Adopt(long job, Claim claim) implements Command {
    }

    /** Asks for the unit's current occupancy. */
    public record GetOccupancy(ActorRef<Occupancy> replyTo) implements Command {
    }

    /** A unit's answer to {@link Reserve}. */
    public sealed interface ReserveReply extends CborSerializable permits Reserved, Refused {
        String unit();

        long tx();
    }

    /** The nodes are held for the transaction. */
    public record Reserved(String unit, long tx) implements ReserveReply {
    }

    /** The unit cannot hold the nodes, and says why. */
    public record Refused(String unit, long tx, String reason) implements ReserveReply {
    }

    /** A unit's answer to {@link Checkpoint}. */
    public sealed interface CheckpointReply extends CborSerializable permits Checkpointed, CheckpointRefused {
        String unit();

        long tx();

        long job();
    }

    /** The job is stopped and its nodes promised to the transaction. */
    public record Checkpointed(String unit, long tx, long job) implements CheckpointReply {
    }

    /** The unit cannot checkpoint the job, and says why. */
    public record CheckpointRefused(String unit, long tx, long job, String reason) implements CheckpointReply {
    }

    /**
     * A unit's occupancy.
     *
     * @param unit     entity id
     * @param capacity nodes of the unit
     * @param free     nodes neither held nor reserved
     * @param running  job id to nodes, for committed jobs
     * @param reserved transaction id to nodes, for open transactions
     */
    public record Occupancy(String unit, int capacity, int free, SortedMap<Long, Integer> running,
                            SortedMap<Long, Integer> reserved) implements CborSerializable {
    }
}
