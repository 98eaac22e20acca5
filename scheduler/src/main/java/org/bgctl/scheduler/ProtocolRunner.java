package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.TreeMap;
import org.bgctl.agents.UnitProtocol.Answer;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepReply;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.machine.Claim;

/**
 * Runs the steps of every transaction the scheduler has with agents: it sends each step, matches the answer
 * to it, and gives every batch of steps (a phase, or the commits, aborts, releases, resumptions or restarts
 * of one decision) a timeout. A batch whose steps are not all answered when it times out sends the unanswered
 * ones again, with the same transaction id, so an agent that got one already answers it as before; after
 * {@code attempts} sendings they are given up, and the transaction treats them as refused and runs its undo.
 * The timeouts share one timer, which ticks {@link #TICKS_PER_TIMEOUT} times per phase timeout while any batch
 * waits: a batch times out at the tick that ends its {@code TICKS_PER_TIMEOUT}-th whole tick period since it
 * was sent, between one and 1.25 phase timeouts after, and a batch answered in time costs no timer of its own.
 * An answer that matches no step waiting (a repetition, or one that came after its step was given up) is
 * ignored. A transaction is a list of phases: each phase is a batch with a {@link Phase} that records its
 * answers and, once all are in, says what follows (the next phase, the undo, or the end). The runner decides
 * nothing from message timing: the transactions read outcomes in decision order.
 *
 * @param <R> what a phase's end yields to the caller (the scheduler's effect)
 */
final class ProtocolRunner<R> {

    /** The steps of the protocol. */
    enum Kind {
        RESERVE, CHECKPOINT, SUSPEND, COMMIT, ABORT, RELEASE, RESUME, RESTART
    }

    /** How a step and its answer are recognised. */
    record Key(Kind kind, String unit, long tx, long job) implements Comparable<Key> {
        // equals and hashCode written out: a record's generated ones go through method handles, slow without C2,
        // and every step and answer looks its key up

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.tx == tx && k.job == job && k.kind == kind && k.unit.equals(unit);
        }

        @Override
        public int hashCode() {
            return ((Long.hashCode(tx) * 31 + Long.hashCode(job)) * 31 + kind.ordinal()) * 31 + unit.hashCode();
        }

        @Override
        public int compareTo(Key o) {
            int c = kind.compareTo(o.kind);
            if (c == 0) c = unit.compareTo(o.unit);
            if (c == 0) c = Long.compare(tx, o.tx);
            if (c == 0) c = Long.compare(job, o.job);
            return c;
        }
    }

    /**
     * One step to one unit.
     *
     * @param key      the step; a reservation's key names no job (0), since its answer does not: each unit gets at
     *                 most one reservation per transaction
     * @param job      the job of the step, 0 for a step of a whole transaction
     * @param claim    what a reservation claims (its unit is the step's), else null
     * @param wideJob  the wide job of a suspension
     * @param resuming the jobs the switch of a suspension resumes
     */
    record Request(Key key, long job, Claim claim, long wideJob, List<Long> resuming) {

        Request {
            resuming = List.copyOf(resuming);
        }

        static Request reserve(long tx, long job, Claim claim) {
            return new Request(new Key(Kind.RESERVE, claim.unit(), tx, 0), job, claim, 0, List.of());
        }

        static Request checkpoint(String unit, long tx, long job) {
            return of(Kind.CHECKPOINT, unit, tx, job);
        }

        static Request suspend(String unit, long tx, long job, long wideJob, List<Long> resuming) {
            return new Request(new Key(Kind.SUSPEND, unit, tx, job), job, null, wideJob, resuming);
        }

        static Request of(Kind kind, String unit, long tx, long job) {
            return new Request(new Key(kind, unit, tx, job), job, null, 0, List.of());
        }

        Kind kind() {
            return key.kind;
        }

        String unit() {
            return key.unit;
        }

        long tx() {
            return key.tx;
        }
    }

    /** Sends a step to its unit. */
    interface Transport {
        void send(Request request);
    }

    /** The runner's one timer. */
    interface Timers {
        /** Calls {@link #tick} once, one tick period (the phase timeout / {@link #TICKS_PER_TIMEOUT}) from now. */
        void arm();

        /** Batch {@code batch} timed out after its {@code attempt}-th sending. */
        void timedOut(long batch, int attempt);
    }

    /** What a transaction does with the answers of one of its phases. */
    interface Phase<R> {
        /** An answer to {@code request}. */
        default void answered(Request request, Answer answer) {
        }

        /** {@code request} had no answer after the last attempt. */
        default void givenUp(Request request) {
        }

        /**
         * Whether the phase's steps only have to be done (commits, aborts, releases, resumptions, restarts): such steps
         * are never given up but sent again, at every timeout, until answered, since a unit that missed one would hold
         * what the core no longer says — a reservation of a transaction undone, the nodes of a job that ended.
         */
        default boolean mustBeDone() {
            return false;
        }

        /** Every step of the phase was answered or given up: what follows. */
        R done();
    }

    /** A step waiting for its answer, with its batch (found without a look-up in {@link #batches} per answer). */
    private record Waiting<R>(Request request, long batch, Batch<R> of) {
    }

    /** A batch's steps still waiting, its phase, how many times it was sent and the tick of its last sending. */
    private static final class Batch<R> {
        int left;
        final Phase<R> phase;
        int attempt = 1;
        long sentAt;

        Batch(int left, Phase<R> phase, long sentAt) {
            this.left = left;
            this.phase = phase;
            this.sentAt = sentAt;
        }
    }

    /** How many times the timer ticks per phase timeout. */
    static final int TICKS_PER_TIMEOUT = 4;

    private final Transport transport;
    private final Timers timers;
    private final int attempts;
    /** Looked up only; the steps of a batch that timed out are taken in key order. */
    private final HashMap<Key, Waiting<R>> waiting = new HashMap<>();
    private final TreeMap<Long, Batch<R>> batches = new TreeMap<>();
    private long nextBatch = 1;
    /** Ticks so far, and whether the next one is due. */
    private long ticks;
    private boolean armed;
    private long timeouts;
    private long givenUp;

    /** @param attempts how many times a step is sent before it is given up (at least 1) */
    ProtocolRunner(Transport transport, Timers timers, int attempts) {
        if (attempts < 1) throw new IllegalArgumentException("a step is sent at least once, not " + attempts + " times");
        this.transport = transport;
        this.timers = timers;
        this.attempts = attempts;
    }

    /**
     * Sends {@code requests} as one batch with its timeout, answers going to {@code phase}. Returns what the phase's
     * end yields when there is nothing to send, else null (it comes with the last answer).
     */
    R send(List<Request> requests, Phase<R> phase) {
        if (requests.isEmpty()) return phase.done();
        long batch = nextBatch++;
        Batch<R> of = new Batch<>(requests.size(), phase, ticks);
        for (Request r : requests) {
            if (waiting.containsKey(r.key()))
                throw new IllegalStateException("step " + r.key() + " is sent while the same step waits for an answer");
            waiting.put(r.key(), new Waiting<>(r, batch, of));
        }
        batches.put(batch, of);
        for (Request r : requests) transport.send(r);
        arm();
        return null;
    }

    /**
     * Hands {@code answer} to the phase that waits for it. Returns what the phase's end yields when this was its
     * last answer, else null — also when no step waits for it (a repetition, or a late answer).
     */
    R answered(Answer answer) {
        Waiting<R> w = waiting.remove(keyOf(answer));
        if (w == null) return null;
        Batch<R> b = w.of;
        b.phase.answered(w.request, answer);
        if (--b.left > 0) return null;
        batches.remove(w.batch);
        return b.phase.done();
    }

    /**
     * The timer ticked: every batch whose time is up sends its unanswered steps again or, after the last attempt,
     * gives them up — one batch per tick, since its phase's end yields what follows; another waits for the next
     * tick — unless they must be done ({@link Phase#mustBeDone}), which are sent again until answered. Returns what
     * that phase's end yields, else null.
     */
    R tick() {
        armed = false;
        ticks++;
        List<Long> expired = new ArrayList<>();
        batches.forEach((batch, b) -> {
            if (ticks - b.sentAt > TICKS_PER_TIMEOUT) expired.add(batch);
        });
        R result = null;
        boolean gaveUp = false;
        for (long batch : expired) {
            Batch<R> b = batches.get(batch);
            if (b.attempt == attempts && gaveUp) continue;
            timeouts++;
            timers.timedOut(batch, b.attempt);
            List<Request> unanswered = new ArrayList<>();
            for (Waiting<R> w : waiting.values()) if (w.batch == batch) unanswered.add(w.request);
            unanswered.sort(Comparator.comparing(Request::key));
            if (b.attempt < attempts || b.phase.mustBeDone()) {
                b.attempt++;
                b.sentAt = ticks;
                unanswered.forEach(transport::send);
                continue;
            }
            gaveUp = true;
            batches.remove(batch);
            for (Request r : unanswered) {
                waiting.remove(r.key());
                b.phase.givenUp(r);
            }
            givenUp += unanswered.size();
            result = b.phase.done();
        }
        if (!batches.isEmpty()) arm();
        return result;
    }

    private void arm() {
        if (armed) return;
        armed = true;
        timers.arm();
    }

    /** Whether no step waits for an answer. */
    boolean quiet() {
        return waiting.isEmpty();
    }

    /** Batches that timed out, so far (each sends its unanswered steps again or gives them up). */
    long timeouts() {
        return timeouts;
    }

    /** Steps given up after the last attempt, so far. */
    long givenUp() {
        return givenUp;
    }

    private static Key keyOf(Answer answer) {
        if (answer instanceof ReserveReply r) return new Key(Kind.RESERVE, r.unit(), r.tx(), 0);
        if (answer instanceof CheckpointReply c) return new Key(Kind.CHECKPOINT, c.unit(), c.tx(), c.job());
        if (answer instanceof SuspendReply s) return new Key(Kind.SUSPEND, s.unit(), s.tx(), s.job());
        StepReply s = (StepReply) answer;
        return new Key(kindOf(s.step()), s.unit(), s.tx(), s.job());
    }

    /** The kind of step a {@link StepReply} answers (a switch: {@code Kind.valueOf} looks the name up in a map). */
    private static Kind kindOf(Step step) {
        return switch (step) {
            case COMMIT -> Kind.COMMIT;
            case ABORT -> Kind.ABORT;
            case RELEASE -> Kind.RELEASE;
            case RESUME -> Kind.RESUME;
            case RESTART -> Kind.RESTART;
        };
    }
}
