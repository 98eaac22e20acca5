package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import java.util.SortedMap;

/**
 * The messages the scheduler exchanges with an allocation unit agent. Allocation is a
 * transaction: {@link Reserve} (the unit answers {@link Reserved} or {@link Refused}), then
 * {@link Commit} or {@link Abort}; a committed job is later {@link Release}d.
 */
public final class UnitProtocol {

    private UnitProtocol() {
    }

    /** What a unit agent accepts. */
    public interface Command extends CborSerializable {
    }

    /** Phase one: hold {@code nodes} nodes for transaction {@code tx} of job {@code job}. */
    public record Reserve(long tx, long job, int nodes, ActorRef<ReserveReply> replyTo) implements Command {
    }

    /** Phase two: the held nodes now run the job. */
    public record Commit(long tx) implements Command {
    }

    /** The transaction is abandoned: free what it held. */
    public record Abort(long tx) implements Command {
    }

    /** The job has ended: free its nodes. */
    public record Release(long job) implements Command {
    }

    /**
     * Re-synchronisation after a restart: the scheduler's journal says this job runs here on
     * {@code nodes} nodes.
     */
    public record Adopt(long job, int nodes) implements Command {
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
