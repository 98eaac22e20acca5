package org.bgctl.scheduler.policy.krevat;

import org.bgctl.machine.torus.Box;

/**
 * A job on the torus when a migration is planned — running, or started earlier in the same pass —
 * and the box it holds.
 *
 * @param jobId   the job
 * @param box     its box, normalized
 * @param running true for a running job (it moves by checkpoint and restart); false for one started
 *                in this pass (it simply starts in its new box)
 */
record Tenant(long jobId, Box box, boolean running) {

    /** Supernodes it holds. */
    int size() {
        return box.volume();
    }
}
