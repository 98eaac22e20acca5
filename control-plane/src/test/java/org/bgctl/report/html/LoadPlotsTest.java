package org.bgctl.report.html;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The utilization plot keeps its line inside its frame. */
class LoadPlotsTest {

    @Test
    void aShareAboveTheWholeMachineStaysInsideThePlot() {
        // as under pfcfs: a wide job of the whole machine runs over a suspended job that jobs.csv counts until its end
        List<JobRow> jobs = List.of(new JobRow(1, 0, 0, 1000, 10, "", "completed"),
                new JobRow(2, 0, 200, 400, 10, "", "completed"));
        String svg = LoadPlots.utilization(jobs, 10, new TimeSpan(0, 1000));
        Matcher points = Pattern.compile("points=\"([^\"]*)\"").matcher(svg);
        assertTrue(points.find(), svg);
        for (String point : points.group(1).split(" ")) {
            double y = Double.parseDouble(point.split(",")[1]);
            assertTrue(y >= Frame.TOP, () -> "point " + point + " above the plot's top " + Frame.TOP);
        }
        assertTrue(svg.contains(">200.0%<"), "the axis is marked up to the highest share: " + svg);
    }
}
