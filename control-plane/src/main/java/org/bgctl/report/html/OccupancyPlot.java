package org.bgctl.report.html;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.machine.Shape;

/**
 * Which partition each job held over time on a machine of midplanes: a row per midplane, a job's colour where it
 * held that midplane. The run is cut into equal columns, each showing the job that held the midplane at its middle
 * (a job shorter than a column may not show); hovering a block names the job and its partition.
 */
final class OccupancyPlot {

    static final int COLUMNS = 300;

    /** A partition's name begins with its base midplane and its extent, e.g. {@code R010:2x1x4:torus:...}. */
    private static final Pattern PARTITION = Pattern.compile("R(\\d)(\\d)(\\d):(\\d+)x(\\d+)x(\\d+)(:.*)?");
    /** What {@link #box} gives for a name of no box of midplanes. */
    private static final int[] NO_BOX = new int[0];

    private OccupancyPlot() {
    }

    /** True when some job of {@code jobs} held a partition of midplanes. */
    static boolean applies(List<JobRow> jobs) {
        return jobs.stream().anyMatch(j -> j.started() && PARTITION.matcher(j.partition()).matches());
    }

    static String render(List<JobRow> jobs, Shape grid, TimeSpan span) {
        int rows = grid.x() * grid.y() * grid.z();
        int[][] cells = new int[rows][COLUMNS];
        for (int[] row : cells) Arrays.fill(row, -1);
        double width = span.length() / COLUMNS;
        // jobs share partitions: each name is parsed once (looked up only, never iterated)
        Map<String, int[]> boxes = new HashMap<>();
        for (int j = 0; j < jobs.size(); j++) {
            JobRow job = jobs.get(j);
            if (!job.started()) continue;
            int[] box = boxes.computeIfAbsent(job.partition(), OccupancyPlot::box);
            if (box == NO_BOX) continue;
            long end = job.end() >= 0 ? job.end() : span.end();
            int first = (int) Math.max(0, Math.ceil((job.start() - span.start()) / width - 0.5));
            int last = (int) Math.min(COLUMNS - 1, Math.ceil((end - span.start()) / width - 0.5) - 1);
            if (first > last) continue;
            for (int dx = 0; dx < box[3]; dx++)
                for (int dy = 0; dy < box[4]; dy++)
                    for (int dz = 0; dz < box[5]; dz++) {
                        int x = (box[0] + dx) % grid.x();
                        int y = (box[1] + dy) % grid.y();
                        int z = (box[2] + dz) % grid.z();
                        Arrays.fill(cells[(x * grid.y() + y) * grid.z() + z], first, last + 1, j);
                    }
        }
        double rowHeight = Math.max(2, Math.min(12, 420.0 / rows));
        int height = (int) Math.ceil(rows * rowHeight) + Frame.TOP + Frame.BOTTOM;
        Frame f = new Frame("occupancy timeline: the partition each job held", height, 0, span.length(), 0, rows);
        int every = Math.max(1, (int) Math.ceil(14 / rowHeight));
        f.axes(Ticks.time(0, span.length(), 10), "time since the first submission (days)", null, "midplane");
        double columnWidth = (f.right() - f.left()) / COLUMNS;
        for (int r = 0; r < rows; r++) {
            double y = f.top() + r * rowHeight;
            if (r % every == 0) {
                int z = r % grid.z();
                int yy = r / grid.z() % grid.y();
                int x = r / (grid.z() * grid.y());
                f.svg().text(f.left() - 5, y + Math.min(rowHeight, 10), "end", "R" + x + yy + z);
            }
            int[] row = cells[r];
            for (int c = 0; c < COLUMNS; ) {
                int job = row[c];
                int stop = c + 1;
                while (stop < COLUMNS && row[stop] == job) stop++;
                if (job >= 0) {
                    JobRow held = jobs.get(job);
                    f.svg().rect(f.left() + c * columnWidth, y, (stop - c) * columnWidth, rowHeight - 0.3,
                            colour(held.id()), "job " + held.id() + " on " + brief(held.partition()));
                }
                c = stop;
            }
        }
        return f.toString();
    }

    /**
     * The base midplane and extent a partition's name gives, {@code {x, y, z, dx, dy, dz}}, or {@link #NO_BOX} when it
     * names no box of midplanes.
     */
    private static int[] box(String partition) {
        Matcher m = PARTITION.matcher(partition);
        if (!m.matches()) return NO_BOX;
        return new int[] {m.group(1).charAt(0) - '0', m.group(2).charAt(0) - '0', m.group(3).charAt(0) - '0',
                Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6))};
    }

    /** A colour of its own for each job, the same on every run. */
    private static String colour(long id) {
        long hue = Math.floorMod(id * 137L, 360L);
        return "hsl(" + hue + ",55%," + (50 + Math.floorMod(id, 3) * 8) + "%)";
    }

    /** The base and extent of a partition's name: {@code R010:2x1x4}. */
    private static String brief(String partition) {
        int second = partition.indexOf(':', partition.indexOf(':') + 1);
        return second < 0 ? partition : partition.substring(0, second);
    }
}
