package org.bgctl.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The gangs of a run (preemptive FCFS), rebuilt from its events alone: for each wide job that preempted, the
 * preemption, every context switch, and the ends of the gang's jobs, one line each, in time order.
 */
public final class GangTimeline implements EventSink {

    /** One gang: its wide job and its lines so far. */
    private record Gang(long wide, List<String> lines) {
    }

    private final List<Gang> gangs = new ArrayList<>();
    /** The gang of each of its jobs not yet ended; lookup by job id only, never iterated. */
    private final Map<Long, Gang> byJob = new HashMap<>();
    /** The gang of each wide job; lookup only. */
    private final Map<Long, Gang> byWide = new HashMap<>();
    private final Map<Long, Integer> sizes = new HashMap<>();

    @Override
    public void accept(SchedulerEvent event) {
        if (event instanceof JobSubmitted s) {
            sizes.put(s.jobId(), s.job().size());
        } else if (event instanceof ContextSwitched c) {
            Gang g = byWide.get(c.jobId());
            if (c.resumed().isEmpty() && !c.suspended().contains(c.jobId())) {
                g = new Gang(c.jobId(), new ArrayList<>());
                gangs.add(g);
                byWide.put(c.jobId(), g);
                byJob.put(c.jobId(), g);
                for (long j : c.suspended()) byJob.put(j, g);
            }
            if (g == null) throw new IllegalArgumentException("context switch of job " + c.jobId() + " without its preemption: " + c);
            String what = c.resumed().isEmpty() ? "preemption" : c.counted() ? "switch" : "switch (gang completed)";
            g.lines.add(line(c.time(), what + " " + c.number() + ": suspended " + ids(c.suspended()) + ", resumed "
                    + ids(c.resumed()) + (c.penalty() > 0 ? ", penalty " + c.penalty() + " s" : "")));
        } else if (event instanceof JobStarted s && byWide.containsKey(s.jobId())) {
            byWide.get(s.jobId()).lines.add(line(s.time(), "job " + s.jobId() + " starts on " + s.allocation().nodes()
                    + " nodes" + (s.boot() > 0 ? ", computing " + s.boot() + " s later" : "")));
        } else if (event instanceof JobFinished f) {
            ended(f.jobId(), f.time(), "finishes");
        } else if (event instanceof JobKilled k) {
            ended(k.jobId(), k.time(), "is killed");
        }
    }

    private void ended(long job, long time, String how) {
        Gang g = byJob.remove(job);
        if (g != null) g.lines.add(line(time, "job " + job + (job == g.wide ? " (wide) " : " ") + how));
    }

    private static String line(long time, String text) {
        return String.format("  %10d  %s", time, text);
    }

    private static String ids(List<Long> jobs) {
        return jobs.isEmpty() ? "-" : jobs.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Number of gangs: wide jobs that preempted. */
    public int size() {
        return gangs.size();
    }

    /** Every gang, a heading and its lines, in the order the gangs began. */
    public List<String> lines() {
        List<String> all = new ArrayList<>();
        for (Gang g : gangs) {
            all.add("gang of wide job " + g.wide + " (" + sizes.get(g.wide) + " nodes)");
            all.addAll(g.lines);
        }
        return all;
    }
}
