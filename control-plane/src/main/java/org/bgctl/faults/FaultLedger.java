package org.bgctl.faults;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.report.JobTable;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The machine's health over a run, from its events: failures, repairs, and how long each component
 * was down. The run spans its first event to its last; a component still down at the end counts as
 * down until then.
 */
public final class FaultLedger implements EventSink {

    private final MachineModel machine;
    /** Component to when it went down; lookups and removals only, never iterated. */
    private final Map<String, Long> downSince = new HashMap<>();
    private final Map<ComponentKind, Long> downSeconds = new EnumMap<>(ComponentKind.class);
    private long nodeSecondsDown;
    private long failures;
    private long repairs;
    private long first = Long.MIN_VALUE;
    private long last = Long.MIN_VALUE;

    /** A ledger of a run on {@code machine} (used only to name components and count their nodes). */
    public FaultLedger(MachineModel machine) {
        this.machine = machine;
    }

    @Override
    public void accept(SchedulerEvent e) {
        if (first == Long.MIN_VALUE) first = e.time();
        last = Math.max(last, e.time());
        if (e instanceof ComponentFailed f) {
            failures++;
            downSince.putIfAbsent(f.component(), f.time());
        } else if (e instanceof ComponentRepaired r) {
            repairs++;
            Long since = downSince.remove(r.component());
            if (since != null) count(r.component(), r.time() - since);
        }
    }

    private void count(String component, long seconds) {
        for (ComponentKind kind : ComponentKind.values())
            if (kind.names(component)) downSeconds.merge(kind, seconds, Long::sum);
        nodeSecondsDown += seconds * nodes(component);
    }

    private long nodes(String component) {
        long n = 0;
        for (Claim part : machine.componentClaims(component)) if (part instanceof NodeClaim c) n += c.nodes();
        return n;
    }

    /** Failures recorded. */
    public long failures() {
        return failures;
    }

    /**
     * The faults block of a run's summary.json past its settings: the kills and what they cost ({@code table}'s, with
     * {@code jobsFailed} jobs a failed component killed and that did not run again), then {@link #figures()}.
     */
    public Map<String, Object> killsAndFigures(JobTable table, long jobsFailed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kills", table.kills());
        m.put("jobs_ever_killed", table.jobsKilled());
        m.put("requeues", table.requeues());
        m.put("jobs_failed", jobsFailed);
        m.put("node_hours_lost", table.nodeSecondsLost() / 3600.0);
        m.putAll(figures());
        return m;
    }

    /**
     * The run's health figures: failures, repairs, node availability (the fraction of node-time whose
     * nodes were up: a failed midplane takes its nodes, a switch or cable none), and per kind of component
     * the fraction of component-time up. Components still down are counted down to the last event.
     */
    public Map<String, Object> figures() {
        Map<ComponentKind, Long> down = new EnumMap<>(downSeconds);
        long nodeDown = nodeSecondsDown;
        for (var e : new TreeMap<>(downSince).entrySet()) {
            long seconds = last - e.getValue();
            for (ComponentKind kind : ComponentKind.values())
                if (kind.names(e.getKey())) down.merge(kind, seconds, Long::sum);
            nodeDown += seconds * nodes(e.getKey());
        }
        long span = first == Long.MIN_VALUE ? 0 : last - first;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("failures", failures);
        m.put("repairs", repairs);
        m.put("down_at_end", downSince.size());
        m.put("span_s", span);
        m.put("availability", span == 0 ? 1.0 : 1 - (double) nodeDown / ((double) machine.capacity() * span));
        Map<String, Object> byKind = new LinkedHashMap<>();
        for (ComponentKind kind : ComponentKind.values()) {
            long count = machine.components().stream().filter(kind::names).count();
            if (count == 0) continue;
            long seconds = down.getOrDefault(kind, 0L);
            byKind.put(kind.label(), span == 0 ? 1.0 : 1 - (double) seconds / ((double) count * span));
        }
        m.put("component_availability", byKind);
        return m;
    }
}
