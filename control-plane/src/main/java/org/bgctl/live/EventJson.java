package org.bgctl.live;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ReservationEvent;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/** A scheduler event as the event stream sends it: a type, its time, and what it concerns. */
public final class EventJson {

    private EventJson() {
    }

    /**
     * The event's type in the stream: {@code JobSubmitted} is {@code submitted}, {@code ComponentFailed}
     * {@code component-failed}, {@code ContextSwitched} {@code context-switched}, and so on.
     */
    public static String type(SchedulerEvent e) {
        String name = e.getClass().getSimpleName();
        if (name.startsWith("Job")) name = name.substring("Job".length());
        return name.replaceAll("(?<=[a-z])(?=[A-Z])", "-").toLowerCase(Locale.ROOT);
    }

    public static Map<String, Object> fields(SchedulerEvent e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type(e));
        m.put("time", e.time());
        if (e instanceof JobEvent j) m.put("job", j.jobId());
        if (e instanceof ComponentFailed f) m.put("component", f.component());
        else if (e instanceof ComponentRepaired r) m.put("component", r.component());
        else if (e instanceof JobKilled k) m.put("component", k.component());
        else if (e instanceof BootFailed b) m.put("component", b.midplane());
        if (e instanceof ReservationEvent r) m.put("reservation", r.name());
        if (e instanceof ReservationPlaced p) {
            Map<String, Object> window = ReservationJson.fields(p.reservation());
            window.remove("name");
            m.putAll(window);
        }
        if (e instanceof JobSubmitted s) {
            m.put("size", s.job().size());
            m.put("estimate", s.job().estimate());
        } else if (e instanceof JobStarted s) {
            m.put("nodes", s.allocation().nodes());
            m.put("partition", s.allocation().partition());
            if (s.boot() > 0) m.put("boot", s.boot());
        } else if (e instanceof JobMigrated mg) {
            m.put("partition", mg.allocation().partition());
        }
        return m;
    }
}
