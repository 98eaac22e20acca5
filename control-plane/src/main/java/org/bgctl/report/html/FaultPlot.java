package org.bgctl.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.report.FaultLog;

/** When each component that failed was down: a row per component, red while it was down. */
final class FaultPlot {

    /** Rows drawn at most; the components after them (by name) are counted in the title. */
    static final int MAX_ROWS = 120;

    private FaultPlot() {
    }

    static String render(List<FaultLog.Change> changes, TimeSpan span) {
        Map<String, List<long[]>> down = new TreeMap<>();
        Map<String, Long> since = new TreeMap<>();
        for (FaultLog.Change c : changes) {
            down.computeIfAbsent(c.component(), k -> new ArrayList<>());
            if (c.down()) {
                since.putIfAbsent(c.component(), c.time());
            } else {
                Long from = since.remove(c.component());
                if (from != null) down.get(c.component()).add(new long[] {from, c.time()});
            }
        }
        since.forEach((component, from) -> down.get(component).add(new long[] {from, span.end()}));
        int rows = Math.min(MAX_ROWS, down.size());
        double rowHeight = Math.max(3, Math.min(14, 300.0 / Math.max(1, rows)));
        int height = (int) Math.ceil(Math.max(1, rows) * rowHeight) + Frame.TOP + Frame.BOTTOM;
        String label = "fault timeline: " + down.size() + (down.size() == 1 ? " component" : " components") + " failed"
                + (down.size() > rows ? " (the first " + rows + " by name shown)" : "");
        Frame f = new Frame(label, height, 0, span.length(), 0, Math.max(1, rows));
        f.axes(Ticks.time(0, span.length(), 10), "time since the first submission (days)", null, null);
        int r = 0;
        int every = Math.max(1, (int) Math.ceil(12 / rowHeight));
        for (Map.Entry<String, List<long[]>> e : down.entrySet()) {
            if (r == rows) break;
            double y = f.top() + r * rowHeight;
            if (r % every == 0) f.svg().text(f.left() - 5, y + Math.min(rowHeight, 10), "end", e.getKey());
            for (long[] d : e.getValue()) {
                if (d[1] <= span.start()) continue; // down and up again before the first submission
                d[0] = Math.max(d[0], span.start());
                double x0 = f.px(d[0] - span.start());
                double x1 = Math.max(x0 + 1, f.px(d[1] - span.start()));
                f.svg().rect(x0, y, x1 - x0, rowHeight - 0.5, "#c53030", e.getKey() + " down from "
                        + Human.duration(d[0] - span.start()) + " to " + Human.duration(d[1] - span.start()));
            }
            r++;
        }
        return f.toString();
    }
}
