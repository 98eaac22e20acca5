package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import org.bgctl.machine.Claim;

/**
 * The messages the scheduler exchanges with the agents of allocation units and switches.
 * Allocation is a transaction: {@link Reserve} (the agent answers {@link Reserved} or
 * {@link Refused}) — node claims first, port claims second — then {@link Commit} or
 * {@link Abort}; a committed job is later {@link Release}d. Agents are authoritative for health:
 * faults are injected with {@link SetHealth}, an agent refuses what is down and says which
 * components are, and tells the holder when a part it holds goes down ({@link HoldLost}).
 *
 * <p>Migration is one transaction for every job it moves, all or nothing: {@link Checkpoint}
 * to the units each job holds (answered {@link Checkpointed} or {@link CheckpointRefused}),
 * then {@link Reserve} of the new units, which may take the nodes of jobs checkpointed for the
 * same transaction; then {@link Commit}, which hands those nodes over (the checkpointed jobs
 * leave their old units), or {@link Abort}, which leaves every job where it was; last
 * {@link Restart} to the units each job holds now.
 *
 * <p>Gang scheduling (preemptive FCFS) switches jobs on the nodes they keep, all or nothing: {@link Suspend}
 * to the units of every job the switch stops (answered {@link Suspended} or {@link SuspendRefused}); when all
 * agreed, the switch is recorded, {@link Resume} goes to the units of the jobs it restarts, and a wide job
 * starting by preemption reserves, besides free nodes, the nodes of the jobs suspended for it. When any
 * refused, {@link Resume} undoes the suspensions that were granted. A node holds at most one running and one
 * suspended job: an agent refuses to suspend a job whose nodes hold another suspended job that the same
 * switch does not resume.
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

        @JsonCreator
        public Restart {
        }
    }

    /**
     * The transaction is decided: the nodes it reserved now hold their jobs, and the jobs
     * checkpointed for it give up their nodes here.
     */
    public record Commit(long tx) implements Command {

        @JsonCreator
        public Commit {
        }
    }

    /**
     * Gang scheduling: stop {@code job}; it keeps its nodes here, which wide job {@code wideJob} may borrow
     * (a reservation of {@code wideJob} takes them after the free nodes). Refused when the job does not run
     * here, is already suspended, or runs on nodes borrowed from a suspended job not in {@code resuming} (the
     * jobs the same switch resumes): a node would hold two suspended jobs.
     */
    public record Suspend(long tx, long job, long wideJob, List<Long> resuming, ActorRef<SuspendReply> replyTo)
            implements Command {

        public Suspend {
            resuming = List.copyOf(resuming);
        }
    }

    /** Gang scheduling: {@code job} computes again on the nodes it kept here (or was never stopped, after a refused switch). */
    public record Resume(long job) implements Command {

        @JsonCreator
        public Resume {
        }
    }

    /** The transaction is abandoned: free what it held. */
    public record Abort(long tx) implements Command {

        @JsonCreator
        public Abort {
        }
    }

    /** The job has ended: free its nodes. */
    public record Release(long job) implements Command {

        @JsonCreator
        public Release {
        }
    }

    /**
     * Re-synchronisation after a restart: the scheduler's journal says this job holds
     * {@code claim} here.
     */
    public record Adopt(long job, Claim claim) implements Command {
    }

    /**
     * Re-synchronisation after a restart (gang scheduling): the scheduler's journal says this job is suspended
     * for wide job {@code wideJob} and keeps {@code claim} here. Sent before the {@link Adopt} of the running
     * jobs, so that the wide job's adoption may share the suspended job's nodes.
     */
    public record AdoptSuspended(long job, long wideJob, Claim claim) implements Command {
    }

    /**
     * Re-synchronisation after a restart (gang scheduling on a node set): wide job {@code wideJob} holds
     * {@code nodes} nodes of {@code lender}'s here, counted once. Sent before the adoptions of either job.
     */
    public record AdoptLoan(long wideJob, long lender, int nodes) implements Command {
    }

    /**
     * Fault injection and repair: component {@code component} is down (or up again); {@code part} is
     * what it takes from this agent (a midplane's nodes, some or all ports of a switch).
     */
    public record SetHealth(String component, Claim part, boolean up) implements Command {
    }

    /** Asks for the unit's current occupancy. */
    public record GetOccupancy(ActorRef<Occupancy> replyTo) implements Command {

        @JsonCreator
        public GetOccupancy {
        }
    }

    /**
     * What a unit tells the holder of a reservation: its answer to {@link Reserve}, and later
     * news that a part it holds went down.
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Reserved.class, name = "reserved"),
            @JsonSubTypes.Type(value = Refused.class, name = "refused"),
            @JsonSubTypes.Type(value = HoldLost.class, name = "hold-lost")})
    public sealed interface ReserveReply extends CborSerializable permits Reserved, Refused, HoldLost {
        String unit();

        long tx();
    }

    /** The nodes are held for the transaction. */
    public record Reserved(String unit, long tx) implements ReserveReply {
    }

    /**
     * The unit cannot hold the claim, and says why.
     *
     * @param down the failed components under the claim, in id order; empty when it was refused for
     *             another reason (held, malformed)
     */
    public record Refused(String unit, long tx, String reason, List<String> down) implements ReserveReply {

        @JsonCreator
        public Refused {
            down = List.copyOf(down);
        }

        /** A refusal for a reason other than a failure. */
        public Refused(String unit, long tx, String reason) {
            this(unit, tx, reason, List.of());
        }
    }

    /** A unit's answer to {@link Checkpoint}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Checkpointed.class, name = "checkpointed"),
            @JsonSubTypes.Type(value = CheckpointRefused.class, name = "checkpoint-refused")})
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

    /** A unit's answer to {@link Suspend}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Suspended.class, name = "suspended"),
            @JsonSubTypes.Type(value = SuspendRefused.class, name = "suspend-refused")})
    public sealed interface SuspendReply extends CborSerializable permits Suspended, SuspendRefused {
        String unit();

        long tx();

        long job();
    }

    /** The job is stopped and keeps its nodes. */
    public record Suspended(String unit, long tx, long job) implements SuspendReply {
    }

    /** The unit cannot suspend the job, and says why. */
    public record SuspendRefused(String unit, long tx, long job, String reason) implements SuspendReply {
    }

    /**
     * A part held for transaction {@code tx} — reserved or already committed — went down.
     *
     * @param down the failed components, in id order
     */
    public record HoldLost(String unit, long tx, String reason, List<String> down) implements ReserveReply {

        public HoldLost {
            down = List.copyOf(down);
        }
    }

    /**
     * A unit's occupancy and health.
     *
     * @param unit      entity id
     * @param running   job id to what the job holds here, for committed jobs, suspended ones included
     * @param reserved  transaction id to what it holds here, for open transactions
     * @param down      the failed components that take parts of this unit, in id order
     * @param suspended the jobs of {@code running} that are suspended (gang scheduling)
     */
    public record Occupancy(String unit, SortedMap<Long, Claim> running, SortedMap<Long, Claim> reserved,
                            SortedSet<String> down, SortedSet<Long> suspended) implements CborSerializable {
    }
}
