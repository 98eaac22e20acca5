package org.bgctl.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.bgl.BglIds;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.Cable;
import org.bgctl.machine.bgl.Line;

/**
 * The {@code cables} of {@code GET /api/machine} on a machine of midplanes: per dimension, every line
 * (named by its other two coordinates, the last one varying slowest), and per line every cable in the
 * order of the wiring file, with its component id, the midplanes it joins, the job holding it and
 * whether it is down. A job holds a cable when its allocation claims the port the cable leaves by.
 */
final class CableUse {

    private CableUse() {
    }

    /**
     * @param running job id to its allocation on {@code machine}, in job-id order
     */
    static Map<String, Object> of(BglMachineModel machine, SortedMap<Long, Allocation> running) {
        /* switch id and out-port to the job holding the cable that leaves there; lookups only */
        Map<String, Long> holder = new HashMap<>();
        for (Map.Entry<Long, Allocation> job : running.entrySet())
            for (Claim c : job.getValue().claims())
                if (c instanceof PortClaim p)
                    for (int port : new int[] {2, 4})
                        if ((p.ports() >> port & 1) != 0) holder.put(p.unit() + "/" + port, job.getKey());
        Set<String> down = machine.downComponents();
        Shape size = machine.machine().shape();
        Map<String, Object> out = new LinkedHashMap<>();
        for (Dimension d : Dimension.values()) {
            List<Cable> wiring = machine.machine().wiring().line(d).cables();
            List<Map<String, Object>> lines = new ArrayList<>();
            for (Line line : Line.all(d, size)) {
                List<Map<String, Object>> cables = new ArrayList<>();
                for (Cable cable : wiring) {
                    Coordinate from = line.at(cable.from());
                    String id = BglIds.cable(d, from, cable.outPort());
                    Map<String, Object> c = new LinkedHashMap<>();
                    c.put("id", id);
                    c.put("from", BglIds.position(from));
                    c.put("to", BglIds.position(line.at(cable.to())));
                    c.put("job", holder.get(BglIds.switchOf(d, from) + "/" + cable.outPort()));
                    c.put("down", down.contains(id));
                    cables.add(c);
                }
                Map<String, Object> l = new LinkedHashMap<>();
                l.put("line", line.name());
                l.put("cables", cables);
                lines.add(l);
            }
            out.put(d.label(), lines);
        }
        return out;
    }
}
