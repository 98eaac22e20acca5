package org.bgctl.run;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.RunEnd;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;

/**
 * What is suspicious about a run that completed: settings that are valid but most likely not meant, and results that
 * say the run measured little. Each is one line, printed after the run and recorded in summary.json's
 * {@code warnings}.
 */
public final class RunWarnings {

    private RunWarnings() {
    }

    /**
     * The warnings of a run of {@code workload} on {@code machine}: sizes divided but still counted in nodes on a
     * machine of larger units (each job rounds up to a whole unit); a gain for communication-intensive jobs when none
     * is drawn; no job submitted; most submitted jobs never started, said after how the run ended ({@code end}): cut
     * short by {@code --until}, or left with jobs nothing could make room for.
     */
    public static List<String> of(String trace, WorkloadOptions workload, MachineView machine, long jobsRead,
                                  long submitted, long neverStarted, RunEnd end) {
        List<String> warnings = settings(workload, machine);
        if (submitted == 0)
            warnings.add(jobsRead == 0 ? trace + " has no job lines: nothing was scheduled"
                    : "none of the " + jobsRead + " jobs read from " + trace + " was submitted (all skipped or outside"
                    + " the window): nothing was scheduled");
        else if (2 * neverStarted > submitted)
            warnings.add(neverStarted + " of the " + submitted + " jobs submitted never started: " + why(end));
        return warnings;
    }

    /**
     * The warnings the settings alone give, before the run: sizes divided but still counted in nodes on a machine of
     * larger units, and a gain for communication-intensive jobs when none is drawn. A server says them as it starts.
     */
    public static List<String> settings(WorkloadOptions workload, MachineView machine) {
        List<String> warnings = new ArrayList<>();
        int unit = machine.granularity();
        if (workload.sizeDivide() > 1 && unit > 1 && workload.geometry().sizeUnit() == SizeUnit.NODES)
            warnings.add("--size-divide " + workload.sizeDivide() + " with sizes counted in nodes on " + machine.name()
                    + ", whose jobs take whole units of " + unit + " nodes: most jobs round up to one unit; add"
                    + " --sizes-in units if the divided sizes count units");
        JobClasses classes = workload.jobClasses();
        if (classes.gain() > 0 && classes.ciFraction() == 0)
            warnings.add("--ci-gain " + number(classes.gain()) + " with no communication-intensive job (--ci-fraction"
                    + " 0): no run time changed; add --ci-fraction F to draw some");
        return warnings;
    }

    /** {@code x} as a person writes it: 0.25, 1. */
    private static String number(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }

    private static String why(RunEnd end) {
        return end == RunEnd.JOBS_CANNOT_START
                ? "they were left queued with nothing running or due to make room for them (too large for the"
                + " machine's healthy part, or kept off by what is down or reserved; summary.json's end)"
                : "the run ended first (" + end.label() + "): the machine could not keep up with this load, or the run"
                + " ended early (see --offered-load, --arrival-scale, --until)";
    }
}
