package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.UniqueElements;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.Test;

class ArrivalsTest {

    @Test
    void takesOneInstantAtATimeInJobIdOrder() {
        Arrivals arrivals = new Arrivals(List.of(of(3, 0, 1, 1, 1), of(1, 0, 1, 1, 1), of(2, 7, 1, 1, 1)).iterator());
        assertEquals(0, arrivals.nextTime());
        assertEquals(List.of(1L, 3L), ids(arrivals.takeAt(0)));
        assertEquals(7, arrivals.nextTime());
        assertEquals(List.of(), arrivals.takeAt(5));
        assertEquals(List.of(2L), ids(arrivals.takeAt(7)));
        assertEquals(Long.MAX_VALUE, arrivals.nextTime());
    }

    @Property(tries = 200)
    void eachInstantsJobsComeInIdOrderWhateverTheirOrderInTheInput(
            @ForAll @Size(min = 1, max = 12) @UniqueElements List<@IntRange(min = 1, max = 40) Integer> ids,
            @ForAll @IntRange(max = 3) int instants) {
        List<Job> input = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) input.add(of(ids.get(i), (long) i * instants / ids.size(), 1, 1, 1));
        Arrivals arrivals = new Arrivals(input.iterator());
        for (long t = 0; t < Math.max(instants, 1); t++) {
            long at = t;
            List<Long> expected = input.stream().filter(j -> j.submit() == at).map(Job::id).sorted().toList();
            assertEquals(expected, ids(arrivals.takeAt(at)), "instant " + at);
        }
        assertEquals(Long.MAX_VALUE, arrivals.nextTime());
    }

    @Test
    void aJobSubmittedBeforeAnEarlierOneIsAnErrorNamingIt() {
        // Job 2 (submit 5) comes after job 1 (submit 10) in the input.
        Arrivals arrivals = new Arrivals(List.of(of(1, 10, 1, 1, 1), of(2, 5, 1, 1, 1)).iterator());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> arrivals.takeAt(10));
        assertTrue(e.getMessage().contains("job 2 submitted at 5"), e.getMessage());
    }

    @Test
    void theExecutorStopsOnOutOfOrderInput() {
        List<Job> jobs = List.of(of(1, 10, 1, 1, 1), of(7, 3, 1, 1, 1));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ScheduleRecorder.run(new Fcfs(), new FlatMachine(4), jobs));
        assertTrue(e.getMessage().contains("job 7"), e.getMessage());
    }

    private static List<Long> ids(List<Job> jobs) {
        return jobs.stream().map(Job::id).toList();
    }
}
