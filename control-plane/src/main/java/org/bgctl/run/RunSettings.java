package org.bgctl.run;

import java.util.Map;
import java.util.Objects;
import org.bgctl.faults.FaultPlan;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.workload.WorkloadOptions;

/**
 * What a run's parameters say, checked, whatever drives the run: a replay adds its trace, run directory,
 * journal and executor ({@link ReplaySpec}); a live server its clock and API.
 *
 * @param machine   machine name, as for {@code --machine}
 * @param scheduler scheduler name, as for {@code --scheduler}
 * @param workload  the workload transforms, applied to the run's trace
 * @param lenient   skip (and count) malformed trace lines instead of stopping
 * @param settings  the scheduler's settings
 * @param faults    the faults injected, and what becomes of the jobs they kill
 * @param reservations the windows kept from jobs ({@code --reservations})
 */
public record RunSettings(String machine, String scheduler, WorkloadOptions workload, boolean lenient,
                          SchedulerSettings settings, FaultPlan faults, Reservations reservations) {

    public RunSettings {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(faults, "faults");
        Objects.requireNonNull(reservations, "reservations");
    }

    /** The scheduler's settings as summary.json's {@code scheduler_settings} records them: those it reads. */
    public Map<String, Object> settingsFields() {
        return settings.fields(scheduler);
    }
}
