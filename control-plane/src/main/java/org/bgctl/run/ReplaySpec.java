package org.bgctl.run;

import java.nio.file.Path;
import java.util.Objects;
import org.bgctl.faults.FaultPlan;
import org.bgctl.journal.JournalKind;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.workload.WorkloadOptions;

/**
 * Everything a replay needs.
 *
 * @param trace     the SWF trace
 * @param machine   machine name, as for {@code --machine}
 * @param scheduler policy name, as for {@code --scheduler}
 * @param workload  the workload transforms
 * @param lenient   skip (and count) malformed trace lines instead of stopping
 * @param out       the run directory (created; must not hold a journal already)
 * @param journal   where the journal lives
 * @param executor  actors or direct
 * @param settings  the scheduler's parameters (boot delay, backfill increase, migration thresholds and cost)
 * @param faults    the faults injected, and what becomes of the jobs they kill
 * @param chaos     what chaos mode does to agent messages ({@link Chaos#NONE}: nothing)
 * @param chaosSeed the seed of chaos mode's draws (the run's seed); 0 without chaos
 * @param reservations the windows kept from jobs ({@code --reservations})
 * @param until     the last virtual second of the run ({@code --until}); Long.MAX_VALUE: the run goes to its end
 */
public record ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                         boolean lenient, Path out, JournalKind journal, ExecutorKind executor,
                         SchedulerSettings settings, FaultPlan faults, Chaos chaos, long chaosSeed,
                         Reservations reservations, long until) {

    public ReplaySpec {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(reservations, "reservations");
        Objects.requireNonNull(faults, "faults");
        Objects.requireNonNull(chaos, "chaos");
        if (!chaos.active()) chaosSeed = 0;
        if (chaos.active() && executor != ExecutorKind.ACTORS)
            throw new IllegalArgumentException("chaos: perturbs the messages of the actors executor; the "
                    + executor.name().toLowerCase(java.util.Locale.ROOT) + " executor has none");
    }

    /** A replay without reservations that goes to its end. */
    public ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                      boolean lenient, Path out, JournalKind journal, ExecutorKind executor,
                      SchedulerSettings settings, FaultPlan faults, Chaos chaos, long chaosSeed) {
        this(trace, machine, scheduler, workload, lenient, out, journal, executor, settings, faults, chaos, chaosSeed,
                Reservations.NONE, Long.MAX_VALUE);
    }

    /** A replay without chaos. */
    public ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                      boolean lenient, Path out, JournalKind journal, ExecutorKind executor,
                      SchedulerSettings settings, FaultPlan faults) {
        this(trace, machine, scheduler, workload, lenient, out, journal, executor, settings, faults, Chaos.NONE, 0);
    }

    /** A replay without faults. */
    public ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                      boolean lenient, Path out, JournalKind journal, ExecutorKind executor,
                      SchedulerSettings settings) {
        this(trace, machine, scheduler, workload, lenient, out, journal, executor, settings, FaultPlan.NONE);
    }

    /** A replay with the default scheduler settings. */
    public ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                      boolean lenient, Path out, JournalKind journal, ExecutorKind executor) {
        this(trace, machine, scheduler, workload, lenient, out, journal, executor, SchedulerSettings.defaults());
    }
}
