package org.bgctl.run;

/**
 * A run through the actors stopped before its end for a cause outside its inputs — a cluster member lost or leaving
 * in virtual time, or the driver downed by the cluster — while the instant under way waited: every instant settled before it is in the journal, and none after it, as
 * when the driver is killed. The run fails, and a durable replay's journal and run record are kept (closed), so that
 * {@link Replay#resume} continues it to the outputs of an uninterrupted run, instead of being removed as a failed
 * run's are.
 */
public final class StoppedMidRun extends IllegalStateException {

    public StoppedMidRun(String message) {
        super(message);
    }
}
