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
            for (Line line : lines(d, size)) {
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
                l.put("line", name(line));
                l.put("cables", cables);
                lines.add(l);
            }
            out.put(d.label(), lines);
        }
        return out;
    }

    /** The lines of {@code d}: the first of the other two dimensions varying fastest. */
    private static List<Line> lines(Dimension d, Shape size) {
        Dimension[] others = others(d);
        List<Line> lines = new ArrayList<>();
        for (int slow = 0; slow < size.extent(others[1]); slow++)
            for (int fast = 0; fast < size.extent(others[0]); fast++)
                lines.add(new Line(d, Coordinate.ORIGIN.with(others[1], slow).with(others[0], fast)));
        return lines;
    }

    /** E.g. {@code y=1 z=0} for an x-line, as {@code bgctl status --map} names it. */
    private static String name(Line line) {
        Dimension[] others = others(line.dimension());
        return others[0].label() + "=" + line.origin().get(others[0]) + " " + others[1].label() + "="
                + line.origin().get(others[1]);
    }

    private static Dimension[] others(Dimension d) {
        Dimension[] others = new Dimension[2];
        int n = 0;
        for (Dimension o : Dimension.values()) if (o != d) others[n++] = o;
        return others;
    }
}
