package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.UnitClaim;

/**
 * The allocations of one scheduling pass while their reservations are out: one transaction
 * id per decision, and the agents' answers as they come. Outcomes are read in decision order,
 * whatever order the answers came in, so the schedule does not depend on message timing.
 */
final class Transaction {

    /** One decision and what its units answered. */
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

    final long time;
    final List<Branch> branches = new ArrayList<>();
    private final long firstTx;
    private int outstanding;

    Transaction(long time, long firstTx, List<Start> starts) {
        this.time = time;
        this.firstTx = firstTx;
        long tx = firstTx;
        for (Start s : starts) {
            branches.add(new Branch(tx++, s));
            outstanding += s.allocation().claims().size();
        }
    }

    /** Records one unit's answer; true when every unit has answered. */
    boolean record(ReserveReply reply) {
        int index = (int) (reply.tx() - firstTx);
        if (index < 0 || index >= branches.size()) return outstanding == 0;
        Branch b = branches.get(index);
        if (reply instanceof Refused r) b.refusals.add(r.unit() + ": " + r.reason());
        else b.reservedUnits.add(reply.unit());
        outstanding--;
        return outstanding == 0;
    }

    /** The claims of a branch, for sending the reservations. */
    static List<UnitClaim> claims(Branch b) {
        return b.start.allocation().claims();
    }
}
