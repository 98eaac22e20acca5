package org.bgctl.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bgctl.scheduler.SchedulerActor.ProtocolStats;

/**
 * What chaos mode did in one run, for summary.json's {@code chaos} object: the settings, the messages dropped,
 * duplicated and delayed, and how the protocol coped (the scheduler's {@link ProtocolStats}).
 */
public final class ChaosLedger {

    private final Chaos chaos;
    private final long seed;
    private long dropped;
    private long duplicated;
    private long delayed;
    private ProtocolStats protocol;

    /** A ledger of chaos {@code chaos} drawn from {@code seed}. */
    public ChaosLedger(Chaos chaos, long seed) {
        this.chaos = chaos;
        this.seed = seed;
    }

    public Chaos chaos() {
        return chaos;
    }

    public long seed() {
        return seed;
    }

    synchronized void dropped() {
        dropped++;
    }

    synchronized void duplicated() {
        duplicated++;
    }

    synchronized void delayed() {
        delayed++;
    }

    synchronized void protocol(ProtocolStats stats) {
        protocol = stats;
    }

    /** The {@code chaos} object of summary.json. */
    public synchronized Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("drop", chaos.drop());
        m.put("duplicate", chaos.duplicate());
        m.put("delay", chaos.delay());
        m.put("seed", seed);
        m.put("dropped", dropped);
        m.put("duplicated", duplicated);
        m.put("delayed", delayed);
        m.put("timeouts", protocol == null ? null : protocol.timeouts());
        m.put("steps_given_up", protocol == null ? null : protocol.givenUp());
        m.put("aborted_transactions", protocol == null ? null : protocol.aborted());
        return m;
    }
}
