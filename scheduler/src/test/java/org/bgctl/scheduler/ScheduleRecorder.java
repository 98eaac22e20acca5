package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policy;

/**
 * Test helper: runs jobs through the direct executor and keeps every event in order, plus the
 * start and end times by job id.
 */
public final class ScheduleRecorder implements EventSink {

    private final List<SchedulerEvent> events = new ArrayList<>();
    private final TreeMap<Long, Long> starts = new TreeMap<>();
    private final TreeMap<Long, Long> ends = new TreeMap<>();

    public static ScheduleRecorder run(Policy policy, MachineModel machine, List<Job> jobs) {
        ScheduleRecorder recorder = new ScheduleRecorder();
        new DirectExecutor(new SchedulerCore(policy, machine), recorder).run(new Arrivals(jobs.iterator()));
        return recorder;
    }

    /** Runs {@code jobs} (in submit order) on {@code flat:nodes}. */
    public static ScheduleRecorder run(Policy policy, int nodes, Job... jobs) {
        return run(policy, new FlatMachine(nodes), List.of(jobs));
    }

    @Override
    public void accept(SchedulerEvent event) {
        events.add(event);
        if (event instanceof JobStarted s) starts.put(s.jobId(), s.time());
        if (event instanceof JobFinished f) ends.put(f.jobId(), f.time());
    }

    /** Every event, in the order the executor emitted them. */
    public List<SchedulerEvent> events() {
        return events;
    }

    public Map<Long, Long> starts() {
        return starts;
    }

    public Map<Long, Long> ends() {
        return ends;
    }
}
