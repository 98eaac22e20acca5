package org.bgctl.agents;

import java.util.HashMap;
import java.util.Map;
import org.bgctl.agents.UnitProtocol.Answer;

/**
 * The answers an agent gave, by transaction: each transaction's steps (kind and job) with their answers, for the
 * last {@link #REMEMBERED} transactions by id. One look-up by transaction id finds every step of it, and a
 * transaction has only a few steps at one agent (its reservation, commit or abort, releases).
 */
final class AnsweredSteps {

    /** The kinds of steps an agent answers. */
    enum Kind {
        RESERVE, CHECKPOINT, SUSPEND, COMMIT, ABORT, RELEASE, RESUME, RESTART
    }

    /**
     * How many transactions back an agent remembers its answers: far more than a scheduler has in flight, which
     * plans only once every step sent before is answered or given up.
     */
    static final long REMEMBERED = 1 << 16;

    /** A step of a transaction answered here, and the step of the same transaction answered after it, if any. */
    private static final class Steps {
        final Kind kind;
        final long job;
        final Answer answer;
        Steps next;

        Steps(Kind kind, long job, Answer answer) {
            this.kind = kind;
            this.job = job;
            this.answer = answer;
        }

        Answer find(Kind kind, long job) {
            for (Steps s = this; s != null; s = s.next) if (s.kind == kind && s.job == job) return s.answer;
            return null;
        }

        void add(Steps step) {
            Steps last = this;
            while (last.next != null) last = last.next;
            last.next = step;
        }
    }

    /** Looked up only, never iterated: the order of its entries decides nothing. */
    private final ByTx byTx = new ByTx();
    /**
     * The ids of the transactions of {@link #byTx} in the order first answered, to forget the oldest: a ring of
     * {@code orderSize} ids from {@code orderHead}, numbers rather than the steps, which the collector need not trace.
     */
    private long[] order = new long[16];
    private int orderHead;
    private int orderSize;
    /** The highest transaction id answered in this run. */
    private long latestTx;

    /** The answer given to the step, or null if it was not answered (or is forgotten). */
    Answer find(Kind kind, long tx, long job) {
        Steps steps = byTx.get(tx);
        return steps == null ? null : steps.find(kind, job);
    }

    /**
     * Whether a step of transaction {@code tx} for {@code job} comes after the transaction ended here: it was
     * aborted, the job was already resumed or restarted for it (the undo came first), or it is older than the
     * transactions remembered.
     */
    boolean ended(long tx, long job) {
        if (tx <= latestTx - REMEMBERED) return true;
        Steps steps = byTx.get(tx);
        return steps != null && (steps.find(Kind.ABORT, 0) != null || steps.find(Kind.RESUME, job) != null
                || steps.find(Kind.RESTART, job) != null);
    }

    /** Keeps the answer to a step not answered before, and forgets the transactions now too old. */
    void add(Kind kind, long tx, long job, Answer answer) {
        Steps step = new Steps(kind, job, answer);
        Steps steps = byTx.get(tx);
        latestTx = Math.max(latestTx, tx);
        if (steps != null) {
            steps.add(step);
            forgetTooOld();
            return;
        }
        // A new transaction is never the one forgotten (the latest precedes it, or is it), so the old ones go first:
        // then the slot of the id REMEMBERED before it is free for it.
        forgetTooOld();
        byTx.put(tx, step);
        addToOrder(tx);
    }

    private void forgetTooOld() {
        while (orderSize > 0 && order[orderHead] <= latestTx - REMEMBERED) {
            byTx.remove(order[orderHead]);
            orderHead = (orderHead + 1) & (order.length - 1);
            orderSize--;
        }
    }

    private void addToOrder(long tx) {
        if (orderSize == order.length) {
            long[] larger = new long[order.length * 2];
            for (int i = 0; i < orderSize; i++) larger[i] = order[(orderHead + i) & (order.length - 1)];
            order = larger;
            orderHead = 0;
        }
        order[(orderHead + orderSize++) & (order.length - 1)] = tx;
    }

    /**
     * The steps by transaction id, with the ids as they are (no boxing): each in the slot of its id's low bits, in a
     * table that doubles while more than half full, up to {@link #REMEMBERED} slots; an id whose slot is taken goes to
     * a map beside it. The ids a run answers rise one by one, so the remembered ones mostly lie side by side, each in
     * a slot of its own, and the map stays empty.
     */
    private static final class ByTx {
        private long[] ids = new long[16];
        private Steps[] steps = new Steps[16];
        private int size;
        /** The ids whose slot was taken when they came. */
        private final Map<Long, Steps> elsewhere = new HashMap<>();

        Steps get(long tx) {
            int i = (int) tx & (ids.length - 1);
            if (steps[i] != null && ids[i] == tx) return steps[i];
            return elsewhere.isEmpty() ? null : elsewhere.get(tx);
        }

        /** Adds {@code tx}, which is not in the table. */
        void put(long tx, Steps s) {
            if (2 * (size + 1) > ids.length && ids.length < REMEMBERED) grow();
            place(tx, s);
        }

        private void place(long tx, Steps s) {
            int i = (int) tx & (ids.length - 1);
            if (steps[i] == null) {
                ids[i] = tx;
                steps[i] = s;
                size++;
            } else {
                elsewhere.put(tx, s);
            }
        }

        void remove(long tx) {
            int i = (int) tx & (ids.length - 1);
            if (steps[i] != null && ids[i] == tx) {
                steps[i] = null;
                size--;
            } else {
                elsewhere.remove(tx);
            }
        }

        private void grow() {
            long[] oldIds = ids;
            Steps[] oldSteps = steps;
            Map<Long, Steps> oldElsewhere = new HashMap<>(elsewhere);
            ids = new long[oldIds.length * 2];
            steps = new Steps[oldIds.length * 2];
            size = 0;
            elsewhere.clear();
            for (int i = 0; i < oldIds.length; i++) if (oldSteps[i] != null) place(oldIds[i], oldSteps[i]);
            oldElsewhere.forEach(this::place); // in any order: it decides only where each is kept
        }

        void clear() {
            ids = new long[16];
            steps = new Steps[16];
            size = 0;
            elsewhere.clear();
        }
    }

    /** Forgets everything: a new run begins. */
    void clear() {
        byTx.clear();
        order = new long[16];
        orderHead = 0;
        orderSize = 0;
        latestTx = 0;
    }
}
