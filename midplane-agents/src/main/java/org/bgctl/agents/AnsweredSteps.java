package org.bgctl.agents;

import java.util.Arrays;
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

    /** The steps of one transaction answered here, in the order answered. */
    private static final class Steps {
        Kind[] kinds = new Kind[2];
        long[] jobs = new long[2];
        Answer[] answers = new Answer[2];
        int size;

        Answer find(Kind kind, long job) {
            for (int i = 0; i < size; i++) if (kinds[i] == kind && jobs[i] == job) return answers[i];
            return null;
        }

        void add(Kind kind, long job, Answer answer) {
            if (size == kinds.length) {
                kinds = Arrays.copyOf(kinds, size * 2);
                jobs = Arrays.copyOf(jobs, size * 2);
                answers = Arrays.copyOf(answers, size * 2);
            }
            kinds[size] = kind;
            jobs[size] = job;
            answers[size++] = answer;
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
        Steps steps = byTx.get(tx);
        if (steps == null) {
            steps = new Steps();
            byTx.put(tx, steps);
            addToOrder(tx);
        }
        steps.add(kind, job, answer);
        latestTx = Math.max(latestTx, tx);
        while (order[orderHead] <= latestTx - REMEMBERED) {
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
     * The steps by transaction id: a hash table of its own, with the ids as they are (no boxing), open addressing and
     * linear probing, at most half full. The slot of an id is its Fibonacci hash: the ids a run answers rise one by
     * one, and slots by their low bits would make one run of occupied slots, which every removal walks to its end.
     */
    private static final class ByTx {
        private long[] ids = new long[16];
        private Steps[] steps = new Steps[16];
        private int size;
        /** 64 less the bits of a slot number. */
        private int shift = 64 - 4;

        private int slot(long tx) {
            return (int) ((tx * 0x9E3779B97F4A7C15L) >>> shift);
        }

        Steps get(long tx) {
            int mask = ids.length - 1;
            for (int i = slot(tx); steps[i] != null; i = (i + 1) & mask) if (ids[i] == tx) return steps[i];
            return null;
        }

        /** Adds {@code tx}, which is not in the table. */
        void put(long tx, Steps s) {
            if (2 * (size + 1) > ids.length) grow();
            int mask = ids.length - 1;
            int i = slot(tx);
            while (steps[i] != null) i = (i + 1) & mask;
            ids[i] = tx;
            steps[i] = s;
            size++;
        }

        void remove(long tx) {
            int mask = ids.length - 1;
            int i = slot(tx);
            while (steps[i] != null && ids[i] != tx) i = (i + 1) & mask;
            if (steps[i] == null) return;
            size--;
            // the entries after it in its run move back into the gap, each no further back than its own slot
            int gap = i;
            for (int j = (i + 1) & mask; steps[j] != null; j = (j + 1) & mask) {
                int home = slot(ids[j]);
                if (((j - home) & mask) >= ((j - gap) & mask)) {
                    ids[gap] = ids[j];
                    steps[gap] = steps[j];
                    gap = j;
                }
            }
            steps[gap] = null;
        }

        private void grow() {
            long[] oldIds = ids;
            Steps[] oldSteps = steps;
            ids = new long[oldIds.length * 2];
            steps = new Steps[oldIds.length * 2];
            shift--;
            size = 0;
            for (int i = 0; i < oldIds.length; i++) if (oldSteps[i] != null) put(oldIds[i], oldSteps[i]);
        }

        void clear() {
            ids = new long[16];
            steps = new Steps[16];
            shift = 64 - 4;
            size = 0;
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
