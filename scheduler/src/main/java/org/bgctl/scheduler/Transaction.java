package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.Claim;

/**
 * The allocations of one scheduling pass while their reservations are out. Each decision is
 * a branch with its own transaction id. Phase one reserves the node claims of every branch;
 * phase two reserves the port claims of the branches that phase one granted. Outcomes are
 * read in decision order, whatever order the answers came in, so the schedule does not depend
 * on message timing.
 */
final class Transaction {

    /** One decision and what its agents answered. */
    static final class Branch {
        final long tx;
        final Start start;
        final List<String> reservedUnits = new ArrayList<>();
        final List<String> refusals = new ArrayList<>();

        Branch(long tx, Start start) {
            this.tx = tx;
            this.start = start;
        }

        boolean granted() {
            return refusals.isEmpty();
        }
    }

    /** A reservation to send: the branch's transaction id, job, and the claim. */
    record Request(long tx, long job, Claim claim) {
    }

    final long time;
    final List<Branch> branches = new ArrayList<>();
    private final long firstTx;
    private int phase;
    private int outstanding;

    Transaction(long time, long firstTx, List<Start> starts) {
        this.time = time;
        this.firstTx = firstTx;
        long tx = firstTx;
        for (Start s : starts) branches.add(new Branch(tx++, s));
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
                    requests.add(new Request(b.tx, b.start.job().id(), c));
                }
            }
        }
        outstanding = requests.size();
        return requests;
    }

    /** Records one agent's answer; true when every request of the phase has been answered. */
    boolean record(ReserveReply reply) {
        int index = (int) (reply.tx() - firstTx);
        if (index < 0 || index >= branches.size()) return false;
        Branch b = branches.get(index);
        if (reply instanceof Refused r) b.refusals.add(r.unit() + ": " + r.reason());
        else b.reservedUnits.add(reply.unit());
        outstanding--;
        return outstanding == 0;
    }
}
