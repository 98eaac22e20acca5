package org.bgctl.live;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bgctl.scheduler.Reservation;

/** A reservation as the API shows it. */
final class ReservationJson {

    private ReservationJson() {
    }

    /** {@code name, start, end, nodes, all, units} (units empty for a node count). */
    static Map<String, Object> fields(Reservation r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("start", r.start());
        m.put("end", r.end());
        m.put("nodes", r.nodes());
        m.put("all", r.all());
        m.put("units", r.units());
        return m;
    }
}
