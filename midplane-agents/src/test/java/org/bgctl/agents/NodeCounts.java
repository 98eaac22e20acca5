package org.bgctl.agents;

import java.util.SortedMap;
import java.util.TreeMap;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.machine.NodeClaim;

/** Test helper: a node set's occupancy as node counts, with its free nodes worked out from its capacity. */
record NodeCounts(String unit, int capacity, int free, SortedMap<Long, Integer> running,
                  SortedMap<Long, Integer> reserved) {

    static NodeCounts of(Occupancy o, int capacity) {
        SortedMap<Long, Integer> running = nodes(o.running());
        SortedMap<Long, Integer> reserved = nodes(o.reserved());
        int used = 0;
        for (int n : running.values()) used += n;
        for (int n : reserved.values()) used += n;
        return new NodeCounts(o.unit(), capacity, capacity - used, running, reserved);
    }

    private static SortedMap<Long, Integer> nodes(SortedMap<Long, ? extends org.bgctl.machine.Claim> claims) {
        SortedMap<Long, Integer> nodes = new TreeMap<>();
        claims.forEach((id, c) -> nodes.put(id, ((NodeClaim) c).nodes()));
        return nodes;
    }
}
