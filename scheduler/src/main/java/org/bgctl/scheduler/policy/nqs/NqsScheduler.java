package org.bgctl.scheduler.policy.nqs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineView;
import org.bgctl.machine.paragon.ParagonMachine;
import org.bgctl.machine.paragon.ParagonSite;
import org.bgctl.machine.paragon.Period;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.policy.Policy;

/**
 * The SDSC Paragon batch scheduler (Wan et al., section 2): NQS queues from the machine file,
 * each job's priority its queue's priority plus the age factor times the hours it has waited.
 * At each pass the waiting jobs are taken by priority, highest first (ties in queue order), and
 * each starts if its queue's node group — the node sets of the current period, prime or not, in
 * the site's local time — has free nodes enough ({@link ParagonMachine#place(int, List)}: two
 * passes over the node sets, M2DB within each). Blocking: when the highest-priority job that
 * cannot start has a priority above the block priority, no job after it starts, so free nodes
 * accrue for it — unless its node group could not hold it even empty in this period.
 */
public final class NqsScheduler implements Policy {

    /** A waiting job, its queue and its priority at this pass. */
    private record Ranked(Job job, NqsQueue queue, double priority) {
    }

    private static final Comparator<Ranked> BY_PRIORITY = Comparator.comparingDouble(Ranked::priority).reversed();

    private final TraceCalendar calendar;
    private ParagonSite site;
    private NqsConfig config;

    /** The scheduler reading local time through {@code calendar}. */
    public NqsScheduler(TraceCalendar calendar) {
        this.calendar = calendar;
    }

    @Override
    public String name() {
        return "nqs";
    }

    /** Checks that {@code machine} is a Paragon site whose NQS settings are valid. */
    @Override
    public boolean runsOn(MachineView machine) {
        try {
            requireSupported(machine);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public void requireSupported(MachineView machine) {
        ParagonSite nqsSite = machine.nqsSite().orElseThrow(() -> new IllegalArgumentException(
                "scheduler nqs needs a Paragon machine (paragon-sdsc or paragon:FILE), not " + machine.name()));
        settings(nqsSite);
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        requireSupported(view.machine());
        // The one place it needs the machine's class: it places jobs on a queue's node sets with M2DB.
        ParagonMachine machine = (ParagonMachine) view.machine();
        NqsConfig nqs = settings(machine.site());
        long now = view.now();
        Period period = site.primeTime().periodAt(calendar.local(now));
        List<Ranked> ranked = new ArrayList<>(view.queue().size());
        for (Job job : view.queue()) {
            NqsQueue queue = nqs.route(job).queue();
            ranked.add(new Ranked(job, queue, queue.priority() + nqs.ageFactor() * (now - job.submit()) / 3600.0));
        }
        ranked.sort(BY_PRIORITY);

        ParagonMachine plan = machine.copy();
        List<Start> starts = new ArrayList<>();
        boolean first = true;
        for (Ranked r : ranked) {
            List<String> group = site.group(r.queue().nodeGroup()).nodeSets(period);
            Allocation a = plan.place(r.job().size(), group);
            if (a != null) {
                plan.allocate(a);
                starts.add(new Start(r.job(), a));
                continue;
            }
            if (first && nqs.blockPriority() > 0 && r.priority() > nqs.blockPriority()
                    && capacity(plan, group) >= r.job().size()) break;
            first = false;
        }
        return starts;
    }

    private static int capacity(ParagonMachine machine, List<String> group) {
        int n = 0;
        for (String unit : group) n += machine.nodesOf(unit);
        return n;
    }

    private NqsConfig settings(ParagonSite machineSite) {
        if (site != machineSite) {
            config = NqsConfig.of(machineSite);
            site = machineSite;
        }
        return config;
    }
}
