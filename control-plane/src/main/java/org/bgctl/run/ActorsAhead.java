package org.bgctl.run;

import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalSettings;

/**
 * The actor system of a replay started before the replay is known: the command line, seeing from its words alone
 * that it will replay with the actors of this JVM in virtual time, starts the system of that journal's kind at once,
 * and Akka comes up while the command line is parsed and the run made ready. The replay takes the system when it is
 * of the kind its run needs ({@link Replay}); a replay of another kind stops it and starts its own, so a guess that
 * was wrong costs time, never a result. At most one system is ahead in a JVM.
 */
public final class ActorsAhead {

    private static SystemKind kind;
    private static LocalActors started;

    private ActorsAhead() {
    }

    /**
     * Starts, on a thread of its own, the actor system of a replay in virtual time, without chaos mode, with a journal
     * of kind {@code journal} (memory or h2; a postgres journal starts nothing, its persistence id being its run's).
     * Does nothing when a system is ahead already.
     */
    public static synchronized void start(JournalKind journal) {
        SystemKind wanted = SystemKind.virtual(journal);
        if (started != null || !wanted.startsAhead()) return;
        kind = wanted;
        started = LocalActors.start(() -> Replay.actorConfig(wanted, JournalSettings.unplaced(journal)));
    }

    /**
     * The system started ahead when it is of kind {@code wanted}, no longer ahead then; else null, and a system of
     * another kind is stopped (on a thread of its own: the caller starts its own meanwhile).
     */
    static synchronized LocalActors take(SystemKind wanted) {
        LocalActors taken = started;
        boolean fits = wanted.equals(kind);
        started = null;
        kind = null;
        if (taken == null || fits) return taken;
        Thread stopping = new Thread(taken::close, "bgctl-actor-stop");
        stopping.setDaemon(true);
        stopping.start();
        return null;
    }
}
