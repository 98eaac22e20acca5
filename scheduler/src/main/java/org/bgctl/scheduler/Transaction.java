package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.ProtocolRunner.Request;

/**
 * The allocations of one scheduling pass while their reservations are out. Each decision is
 * a branch with its own transaction id. Phase one reserves the node claims of every branch;
 * phase two reserves the port claims of the branches that phase one granted. A branch fails when
 * an agent refuses, does not answer before the phase times out, loses a part it had granted
 * ({@link HoldLost}), or when a component it claims is found down meanwhile. Outcomes are read in
 * decision order, whatever order the answers came in, so the schedule does not depend on message
 * timing. The {@link ProtocolRunner} runs the phases; then the granted branches are committed and the
 * others aborted (the undo) at every unit that granted or never answered.
 */
final class Transaction {

    /** One decision and what its agents answered. */
    static final class Branch {
        final long tx;
        final Start start;
        /** Units that may hold something for the branch: those that granted, and those that never answered. */
        final List<String> toAbort = new ArrayList<>();
        /** Units asked in the current phase that have not answered. */
        final TreeSet<String> pending = new TreeSet<>();
        final Refusals refusals = new Refusals();
        /** Failed components the agents named. */
        final TreeSet<String> down = new TreeSet<>();

        Branch(long tx, Start start) {
            this.tx = tx;
            this.start = start;
        }

        boolean granted() {
            return refusals.isEmpty();
        }
    }

    final long time;
    final long firstTx;
    final List<Branch> branches = new ArrayList<>();
    private int phase;

    Transaction(long time, long firstTx, List<Start> starts) {
        this.time = time;
        this.firstTx = firstTx;
        long tx = firstTx;
        for (Start s : starts) branches.add(new Branch(tx++, s));
    }

    /** The phase under way: 1 (node claims) or 2 (port claims). */
    int phase() {
        return phase;
    }

    /**
     * Moves to the next phase that has something to reserve and returns its requests; an
     * empty list means every phase is done.
     */
    List<Request> nextPhase() {
        List<Request> requests = new ArrayList<>();
        while (requests.isEmpty() && phase < 2) {
            phase++;
            for (Branch b : branches) {
                if (!b.granted()) continue;
                for (Claim c : b.start.allocation().phase(phase)) {
                    requests.add(Request.reserve(b.tx, b.start.job().id(), c));
                    b.pending.add(c.unit());
                }
            }
        }
        return requests;
    }

    /** Records an agent's answer to a reservation of this phase. */
    void record(ReserveReply reply) {
        Branch b = branch(reply.tx());
        b.pending.remove(reply.unit());
        if (reply instanceof Refused r) {
            b.refusals.add(r.unit(), r.reason());
            b.down.addAll(r.down());
        } else {
            b.toAbort.add(reply.unit());
        }
    }

    /** A reservation of this phase had no answer: its branch fails, and the unit may hold something for it. */
    void giveUp(Request request, String why) {
        Branch b = branch(request.tx());
        b.pending.remove(request.unit());
        b.refusals.givenUp(request.unit(), why);
        b.toAbort.add(request.unit());
    }

    /** A unit lost a part it held for a branch: the branch fails; false when the branch is not this transaction's. */
    boolean lost(HoldLost lost) {
        Branch b = branch(lost.tx());
        if (b == null) return false;
        b.refusals.add(lost.unit(), lost.reason());
        b.down.addAll(lost.down());
        return true;
    }

    /** {@code component}, which takes {@code parts}, is down: every branch claiming any of them fails. */
    void fail(String component, List<Claim> parts) {
        for (Branch b : branches) {
            if (!b.granted()) continue;
            for (Claim c : b.start.allocation().claims()) {
                if (parts.stream().anyMatch(c::overlaps)) {
                    b.refusals.add(component + " went down during the transaction");
                    break;
                }
            }
        }
    }

    private Branch branch(long tx) {
        long index = tx - firstTx;
        return index < 0 || index >= branches.size() ? null : branches.get((int) index);
    }
}
