package org.bgctl.agents;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import java.util.concurrent.atomic.AtomicLong;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Restart;
import org.bgctl.agents.UnitProtocol.Resume;

/**
 * Test helper: steps whose answers a test does not read (it looks at the occupancy instead). A release, a
 * resumption or a restart gets a transaction id of its own, as the scheduler gives it, so that it is not taken
 * for a repetition of an earlier one.
 */
final class Steps {

    /** Above the tests' own transaction ids, and within the transactions an agent remembers of them. */
    private static final AtomicLong NEXT_TX = new AtomicLong(10_000);

    private Steps() {
    }

    /** A transaction id of its own: each context switch a test tries is a transaction. */
    static long tx() {
        return NEXT_TX.getAndIncrement();
    }

    static Commit commit(ActorTestKit kit, long tx) {
        return new Commit(tx, kit.system().ignoreRef());
    }

    static Abort abort(ActorTestKit kit, long tx) {
        return new Abort(tx, kit.system().ignoreRef());
    }

    static Release release(ActorTestKit kit, long job) {
        return new Release(NEXT_TX.getAndIncrement(), job, kit.system().ignoreRef());
    }

    static Resume resume(ActorTestKit kit, long job) {
        return new Resume(NEXT_TX.getAndIncrement(), job, kit.system().ignoreRef());
    }

    static Restart restart(ActorTestKit kit, long tx, long job) {
        return new Restart(tx, job, kit.system().ignoreRef());
    }
}
