package org.bgctl.agents;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import java.util.function.BiFunction;
import org.bgctl.agents.AnsweredSteps.Kind;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.AdoptLoan;
import org.bgctl.agents.UnitProtocol.AdoptSuspended;
import org.bgctl.agents.UnitProtocol.Answer;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.StepDone;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.NewRun;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Restart;
import org.bgctl.agents.UnitProtocol.Resume;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepRefused;
import org.bgctl.agents.UnitProtocol.StepReply;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;

/**
 * The base of every unit agent: it answers the whole {@link UnitProtocol} over the holdings its subclass keeps
 * (whole units, switch ports, node sets with their allocators). Every step of a transaction is answered,
 * exactly once in effect: a repeated step (the same kind, transaction and job) gets the answer the first got
 * and changes nothing, a step that comes after its transaction ended here is refused, and a step the holdings
 * cannot do is refused with the reason, never dropped. Answers are kept for the last {@link #REMEMBERED}
 * transactions (by id, within a run): a repetition that comes late is still recognised, and a reservation for a
 * transaction older than that is refused as over, so the agent's memory does not grow with the run.
 */
abstract class UnitAgent extends AbstractBehavior<Command> {

    /** How many transactions back an agent remembers its answers ({@link AnsweredSteps#REMEMBERED}). */
    static final long REMEMBERED = AnsweredSteps.REMEMBERED;

    protected final String unit;
    private final AnsweredSteps answers = new AnsweredSteps();

    protected UnitAgent(ActorContext<Command> context, String unit) {
        super(context);
        this.unit = unit;
    }

    /** Holds the claim for the transaction, or says why not. */
    protected abstract ReserveReply reserve(Reserve r);

    /** Stops the job for a migration and promises its nodes to the transaction, or says why not. */
    protected abstract CheckpointReply checkpoint(Checkpoint c);

    /** Stops the job for a context switch, or says why not. */
    protected abstract SuspendReply suspend(Suspend s);

    /** Why the transaction cannot be committed here (it holds nothing here), or null once it is. */
    protected abstract String commit(long tx);

    /** Frees what the transaction holds here, if anything. */
    protected abstract void abort(long tx);

    /** Why the job cannot be released here (it holds nothing here), or null once it is. */
    protected abstract String release(long job);

    /** Why the job cannot run again here after a context switch, or null once it runs here. */
    protected abstract String resume(long job);

    /** Why the job cannot run again here after a migration, or null once it runs here. */
    protected abstract String restart(long job);

    protected abstract void adopt(Adopt a);

    protected abstract void adoptSuspended(AdoptSuspended a);

    protected abstract void adoptLoan(AdoptLoan a);

    protected abstract void setHealth(SetHealth h);

    protected abstract Occupancy occupancy();

    /**
     * One handler for every command, which tells them apart itself: the receive builder takes Akka's serializable
     * functions, whose lambda classes the JVM spins anew in every run (the class-data-sharing archive keeps none of
     * them), at about a millisecond each before the first job; one per command class cost a short replay a hundredth
     * of a second on its critical path.
     */
    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder().onAnyMessage(this::on).build();
    }

    /**
     * Handles {@code command}: the steps of every transaction first, the most frequent first. Each answers through
     * {@link #answer} with what the step does when it is new, named by a method reference without a receiver (one
     * object for the run, where a lambda over the message would make one per message).
     */
    private Behavior<Command> on(Command command) {
        if (command instanceof Reserve r)
            return answer(Kind.RESERVE, r.tx(), r.job(), r.replyTo(), r, UnitAgent::freshReserve);
        if (command instanceof Commit c) return answer(Kind.COMMIT, c.tx(), 0, c.replyTo(), c, UnitAgent::freshCommit);
        if (command instanceof Release r)
            return answer(Kind.RELEASE, r.tx(), r.job(), r.replyTo(), r, UnitAgent::freshRelease);
        if (command instanceof Abort a) return answer(Kind.ABORT, a.tx(), 0, a.replyTo(), a, UnitAgent::freshAbort);
        if (command instanceof Checkpoint c)
            return answer(Kind.CHECKPOINT, c.tx(), c.job(), c.replyTo(), c, UnitAgent::freshCheckpoint);
        if (command instanceof Suspend s)
            return answer(Kind.SUSPEND, s.tx(), s.job(), s.replyTo(), s, UnitAgent::freshSuspend);
        if (command instanceof Resume r)
            return answer(Kind.RESUME, r.tx(), r.job(), r.replyTo(), r, UnitAgent::freshResume);
        if (command instanceof Restart r)
            return answer(Kind.RESTART, r.tx(), r.job(), r.replyTo(), r, UnitAgent::freshRestart);
        if (command instanceof Adopt a) adopt(a);
        else if (command instanceof AdoptSuspended a) adoptSuspended(a);
        else if (command instanceof AdoptLoan a) adoptLoan(a);
        else if (command instanceof SetHealth h) setHealth(h);
        else if (command instanceof NewRun) answers.clear();
        else if (command instanceof GetOccupancy g) g.replyTo().tell(occupancy());
        else return Behaviors.unhandled();
        return this;
    }

    private ReserveReply freshReserve(Reserve r) {
        return answers.ended(r.tx(), r.job()) ? new Refused(unit, r.tx(), "transaction " + r.tx() + " is over here")
                : reserve(r);
    }

    private CheckpointReply freshCheckpoint(Checkpoint c) {
        return answers.ended(c.tx(), c.job())
                ? new CheckpointRefused(unit, c.tx(), c.job(), "transaction " + c.tx() + " is over here")
                : checkpoint(c);
    }

    private SuspendReply freshSuspend(Suspend s) {
        return answers.ended(s.tx(), s.job())
                ? new SuspendRefused(unit, s.tx(), s.job(), "transaction " + s.tx() + " is over here") : suspend(s);
    }

    private StepReply freshCommit(Commit c) {
        return step(Step.COMMIT, c.tx(), 0, answers.find(Kind.ABORT, c.tx(), 0) != null
                ? "transaction " + c.tx() + " was aborted here" : commit(c.tx()));
    }

    private StepReply freshAbort(Abort a) {
        abort(a.tx());
        return step(Step.ABORT, a.tx(), 0, null);
    }

    private StepReply freshRelease(Release r) {
        return step(Step.RELEASE, r.tx(), r.job(), release(r.job()));
    }

    private StepReply freshResume(Resume r) {
        return step(Step.RESUME, r.tx(), r.job(), resume(r.job()));
    }

    private StepReply freshRestart(Restart r) {
        return step(Step.RESTART, r.tx(), r.job(), restart(r.job()));
    }

    private StepReply step(Step step, long tx, long job, String refusal) {
        if (refusal == null) return new StepDone(unit, step, tx, job);
        getContext().getLog().warn("{}: {} of transaction {} (job {}) refused: {}", unit, step, tx, job, refusal);
        return new StepRefused(unit, step, tx, job, refusal);
    }

    /** Answers the step {@code step}: as before when it was asked before, else with what {@code fresh} does now. */
    @SuppressWarnings("unchecked")
    private <S, A extends Answer> Behavior<Command> answer(Kind kind, long tx, long job, ActorRef<A> replyTo, S step,
                                                           BiFunction<UnitAgent, S, ? extends A> fresh) {
        Answer answer = answers.find(kind, tx, job);
        if (answer == null) {
            answer = fresh.apply(this, step);
            answers.add(kind, tx, job, answer);
        }
        replyTo.tell((A) answer);
        return this;
    }
}
