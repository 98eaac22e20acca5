package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.junit.jupiter.api.Test;

/** The hand-checked 9-job EASY example on flat:100 (job 7's estimate, not its run, is what EASY sees). */
class EasyNineJobsTest {

    static final List<Job> NINE = List.of(
            Job.of(1, 0, 4000, 4000, 40),
            Job.of(2, 1000, 2000, 2000, 80),
            Job.of(3, 2000, 1000, 1000, 90),
            Job.of(4, 3000, 5000, 5000, 20),
            Job.of(5, 4000, 3000, 3000, 60),
            Job.of(6, 5000, 3000, 3000, 50),
            Job.of(7, 6000, 2000, 3000, 50),
            Job.of(8, 8000, 1000, 5000, 50),
            Job.of(9, 8000, 5000, 5000, 10));

    @Test
    void easyMatchesTheWorkedExample() {
        Map<Long, Long> starts = ScheduleRecorder.run(new EasyBackfill(), new FlatMachine(100), NINE).starts();
        assertEquals(Map.of(1L, 0L, 2L, 4000L, 3L, 8000L, 4L, 3000L, 5L, 9000L,
                6L, 12000L, 7L, 13000L, 8L, 15000L, 9L, 8000L), starts);
    }
}
