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
 *
 * <p>Every step carries a transaction id and is answered ({@link Answer}): {@link Commit}, {@link Abort},
 * {@link Release}, {@link Resume} and {@link Restart} with {@link StepDone} or {@link StepRefused}. An agent
 * answers a repeated step as the first and refuses a step that comes after its transaction ended
 * ({@link UnitAgent}), so the scheduler may send a step again when its answer does not come.
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

    /**
     * Migration, last step (after a commit or an abort): {@code job} computes again on the nodes it holds here.
     * Answered {@link StepDone}, or {@link StepRefused} when the job holds nothing here.
     */
    public record Restart(long tx, long job, ActorRef<StepReply> replyTo) implements Command {
    }

    /**
     * The transaction is decided: the nodes it reserved now hold their jobs, and the jobs
     * checkpointed for it give up their nodes here. Answered {@link StepDone}, or {@link StepRefused}
     * when the transaction holds nothing here.
     */
    public record Commit(long tx, ActorRef<StepReply> replyTo) implements Command {
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

    /**
     * Gang scheduling: {@code job} computes again on the nodes it kept here, after the switch of transaction
     * {@code tx} was recorded, or as its undo after a refused switch (then the job may never have been stopped
     * here). Answered {@link StepDone} when the job runs here afterwards, else {@link StepRefused}.
     */
    public record Resume(long tx, long job, ActorRef<StepReply> replyTo) implements Command {
    }

    /**
     * The transaction is abandoned: free what it held. Answered {@link StepDone}, also when it held nothing here
     * (the reservation may never have arrived); a later {@link Reserve} of the transaction is refused.
     */
    public record Abort(long tx, ActorRef<StepReply> replyTo) implements Command {
    }

    /**
     * The job has ended: free its nodes. {@code tx} names this release, so that a repeated one is answered
     * as the first. Answered {@link StepDone}, or {@link StepRefused} when the job holds nothing here.
     */
    public record Release(long tx, long job, ActorRef<StepReply> replyTo) implements Command {
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

    /**
     * A scheduler's run begins, fresh or recovered from its journal: the unit forgets the answers it kept to answer
     * repeated steps, since transaction ids are unique within one scheduler's run only (agents of a cluster's members
     * outlive it, serving one replay after another). What the unit holds stays.
     */
    public record NewRun() implements Command {
    }

    /** Asks for the unit's current occupancy. */
    public record GetOccupancy(ActorRef<Occupancy> replyTo) implements Command {

        @JsonCreator
        public GetOccupancy {
        }
    }

    /** Every answer of a unit to a step of a transaction: it names the unit and the transaction. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Reserved.class, name = "reserved"),
            @JsonSubTypes.Type(value = Refused.class, name = "refused"),
            @JsonSubTypes.Type(value = HoldLost.class, name = "hold-lost"),
            @JsonSubTypes.Type(value = Checkpointed.class, name = "checkpointed"),
            @JsonSubTypes.Type(value = CheckpointRefused.class, name = "checkpoint-refused"),
            @JsonSubTypes.Type(value = Suspended.class, name = "suspended"),
            @JsonSubTypes.Type(value = SuspendRefused.class, name = "suspend-refused"),
            @JsonSubTypes.Type(value = StepDone.class, name = "step-done"),
            @JsonSubTypes.Type(value = StepRefused.class, name = "step-refused")})
    public sealed interface Answer extends CborSerializable permits ReserveReply, CheckpointReply, SuspendReply, StepReply {
        String unit();

        long tx();
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
    public sealed interface ReserveReply extends Answer permits Reserved, Refused, HoldLost {
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
    public sealed interface CheckpointReply extends Answer permits Checkpointed, CheckpointRefused {
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
    public sealed interface SuspendReply extends Answer permits Suspended, SuspendRefused {
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

    /** What an agent answers to a step that only has to be done: {@link Commit}, {@link Abort}, {@link Release}, {@link Resume}, {@link Restart}. */
    public sealed interface StepReply extends Answer permits StepDone, StepRefused {
        Step step();

        long job();
    }

    /** The steps a {@link StepReply} answers. */
    public enum Step {
        COMMIT, ABORT, RELEASE, RESUME, RESTART
    }

    /**
     * The step is done: its effect holds here (also for a repeated step, which is answered as the first).
     *
     * @param job the job of the step, or 0 for a step of a whole transaction ({@link Commit}, {@link Abort})
     */
    public record StepDone(String unit, Step step, long tx, long job) implements StepReply {
    }

    /** The unit cannot do the step, and says why. */
    public record StepRefused(String unit, Step step, long tx, long job, String reason) implements StepReply {
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
