package org.bgctl.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.time.YearMonth;
import org.bgctl.faults.ComponentKind;
import org.bgctl.faults.FailureLaw;
import org.bgctl.faults.FaultPlan;
import org.bgctl.journal.JournalKind;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.reservations.ReservationFile;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TraceCalendars;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.OfferedLoad;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.Workload;
import org.bgctl.workload.WorkloadOptions;

/**
 * Collects the settings of one replay, as {@link ReplayParameter}s apply them, and turns them
 * into a validated {@link ReplaySpec}: the machine known, the scheduler known and able to
 * schedule it, the workload options consistent. Unset settings take {@code replay}'s defaults.
 */
final class ReplaySpecBuilder {

    TraceSource trace;
    String machine;
    String scheduler = ReplayParameters.DEFAULT_SCHEDULER;
    /** The journal asked for; null when not given (h2 with actors). */
    JournalKind journal;
    ExecutorKind executor = ExecutorKind.ACTORS;
    boolean lenient;
    Long submitFrom;
    Long submitTo;
    YearMonth month;
    Double offeredLoad;
    double ciFraction;
    double ciGain;
    JobClasses.Spread ciGainSpread = JobClasses.Spread.FIXED;
    final WorkloadOptions.Builder workload = WorkloadOptions.builder();
    /** Every registered scheduler setting, at its default until given. */
    SchedulerSettings settings = SchedulerSettings.defaults();
    /** The keys of the settings given, in the order given. */
    final Set<String> givenSettings = new LinkedHashSet<>();
    SizeUnit sizeUnit = GeometryOptions.NONE.sizeUnit();
    ShapeRule shapes = GeometryOptions.NONE.shapes();
    double fatProbability = GeometryOptions.NONE.fatProbability();
    boolean fatSizes = GeometryOptions.NONE.fatSizes();
    boolean pinShapes;
    double torusProbability = GeometryOptions.NONE.torusProbability();
    /** The run's one seed: it seeds the job classes and, through a stream of its own, the geometry draws. */
    long seed = GeometryOptions.DEFAULT_SEED;
    KillPolicy onKill = KillPolicy.REQUEUE;
    /** Whether the kill policy was given, not taken by default. */
    boolean onKillGiven;
    Path faultFile;
    Path faultModelFile;
    /** Laws given one kind at a time; they override the fault model file's. */
    final Map<ComponentKind, FailureLaw> faultLaws = new EnumMap<>(ComponentKind.class);
    Chaos chaos = Chaos.NONE;
    Path reservationFile;
    /** Null when not given. */
    Integer maxRequeues;
    BootModelKind bootModel = BootModelKind.NONE;
    double bootFailure;
    boolean reuseBlocks;
    /** The last virtual second of the run. */
    long until = Long.MAX_VALUE;

    /**
     * The replay spec writing to {@code out}. Without a machine, the trace header's MaxProcs
     * (or, when it is missing or not positive, MaxNodes) gives {@code flat:N}: job sizes count processors. A target offered load is turned into the arrival scale
     * {@code ρ_trace / ρ}, with {@code ρ_trace} measured by {@code meter} on the transformed trace.
     *
     * @param liveFaults whether components may also fail through the API while the replay runs (a watched replay),
     *                   so that the kill policy matters without a fault source given here
     * @throws IllegalArgumentException naming the missing or invalid setting
     * @throws IOException when the trace cannot be read for its header or its load
     */
    ReplaySpec build(Path out, LoadMeter meter, boolean liveFaults) throws IOException {
        if (trace == null) throw new IllegalArgumentException("trace: not set; give an SWF file");
        if (executor == ExecutorKind.DIRECT && journal != null && journal != JournalKind.MEMORY)
            throw new IllegalArgumentException("--executor direct runs the policies without the event-sourced scheduler"
                    + " and writes no journal, so --journal " + journal.name().toLowerCase(Locale.ROOT)
                    + " cannot be kept: leave out --journal, or use --executor actors");
        RunSettings run = runSettings(meter);
        if (!liveFaults && !run.faults().injects()) killPolicyRefusal().ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        return new ReplaySpec(trace, run.machine(), run.scheduler(), run.workload(), lenient, out,
                journal == null ? JournalKind.H2 : journal, executor,
                run.settings(), run.faults(), chaos, seed, run.reservations(), until);
    }

    /**
     * The settings of a run whose trace, if any, is the one set: the machine known, the scheduler known and
     * able to schedule it, the workload options consistent. Without a trace a machine must be named, and a
     * month or a target offered load cannot be placed.
     *
     * @throws IllegalArgumentException naming the missing or invalid setting
     * @throws IOException when the trace cannot be read for its header or its load
     */
    RunSettings runSettings(LoadMeter meter) throws IOException {
        String machineName = machine != null ? machine : defaultMachine();
        MachineModel model = MachineCatalog.create(machineName);
        Policies.createFor(scheduler, settings, model);
        for (String key : givenSettings) {
            List<String> readers = PolicyRegistry.readersOf(key);
            if (!readers.contains(scheduler))
                throw new IllegalArgumentException(PolicyRegistry.setting(key).option() + " is read only by "
                        + String.join(", ", readers) + "; scheduler " + scheduler + " does not read it: leave it out");
        }
        if (submitTo != null && submitTo <= 0)
            throw new IllegalArgumentException("--to must be positive, was " + submitTo + ": submit times start at 0,"
                    + " so the window would keep no job");
        if (month != null) monthWindow();
        workload.submitWindow(submitFrom == null ? Long.MIN_VALUE : submitFrom,
                submitTo == null ? Long.MAX_VALUE : submitTo);
        workload.geometry(new GeometryOptions(sizeUnit, shapes, fatProbability, fatSizes, !pinShapes, torusProbability,
                seed));
        workload.jobClasses(new JobClasses(ciFraction, ciGain, ciGainSpread, seed));
        WorkloadOptions options = workload.build();
        Workload.checkFor(options, model);
        if (offeredLoad != null) {
            if (!(offeredLoad > 0 && Double.isFinite(offeredLoad)))
                throw new IllegalArgumentException("--offered-load must be positive and finite, was " + offeredLoad);
            if (trace == null) throw new IllegalArgumentException("--offered-load needs a trace to measure its load");
            double traceLoad = meter.measure(trace, options, lenient, machineName);
            try {
                options = options.toBuilder().arrivalScale(OfferedLoad.arrivalScaleFor(traceLoad, offeredLoad)).build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--offered-load " + offeredLoad + " on " + trace.name() + ": "
                        + e.getMessage(), e);
            }
        }
        if (maxRequeues != null && onKill == KillPolicy.FAIL)
            throw new IllegalArgumentException("--max-requeues counts the requeues of --on-kill requeue, and --on-kill"
                    + " fail requeues no job: leave --max-requeues out");
        int requeues = maxRequeues == null ? KillPolicy.DEFAULT_MAX_REQUEUES : maxRequeues;
        BootModel boots = bootModel.of(machineName, bootFailure, seed, reuseBlocks);
        if (boots.on()) Policies.bootRefusal(scheduler).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        FaultPlan faults = FaultPlan.read(onKill, requeues, faultFile, faultModelFile, faultLaws, seed, model, boots)
                .checkedFor(scheduler);
        Reservations reservations = reservationFile == null ? Reservations.NONE
                : ReservationFile.read(reservationFile, model);
        if (!reservations.isEmpty()) Policies.reservationRefusal(scheduler).ifPresent(why -> {
            throw new IllegalArgumentException("reservations: " + why + "; use a scheduler that does not preempt");
        });
        return new RunSettings(machineName, scheduler, options, lenient, settings, faults, reservations);
    }

    /**
     * Why the kill policy given cannot apply to a replay that kills no job: no fault file, no fault model, no boot that
     * may fail. Empty when neither --on-kill nor --max-requeues is given.
     */
    private Optional<String> killPolicyRefusal() {
        List<String> given = new ArrayList<>();
        if (onKillGiven) given.add("--on-kill " + onKill.label());
        if (maxRequeues != null) given.add("--max-requeues " + maxRequeues);
        if (given.isEmpty()) return Optional.empty();
        return Optional.of(String.join(", ", given) + ": no job is killed in this replay, so it changes nothing; it"
                + " needs a source of kills: --faults FILE, --fault-model FILE.conf, a --fault-midplane, --fault-switch,"
                + " --fault-cable or --fault-node law, --boot-failure P with --boot-model machine, or --port (the API"
                + " fails components); else leave it out");
    }

    /** The submit window of {@link #month} in the trace's run time, from its header's start time and time zone. */
    private void monthWindow() throws IOException {
        if (submitFrom != null || submitTo != null)
            throw new IllegalArgumentException("--month and --from/--to both set; give one of them");
        if (trace == null) throw new IllegalArgumentException("--month needs a trace to place the month in");
        if (trace.equals(TraceSource.DEMO)) throw new IllegalArgumentException("--month: the demo trace has no calendar");
        try (SwfReader reader = trace.open(true)) {
            if (reader.header().unixStartTime().isEmpty())
                throw new IllegalArgumentException("--month: the header of " + trace.name()
                        + " gives no UnixStartTime to place " + month + " in the trace's time");
            TraceCalendar calendar = TraceCalendars.of(reader.header(), reader.fileName());
            submitFrom = calendar.runTime(month.atDay(1).atStartOfDay());
            submitTo = calendar.runTime(month.plusMonths(1).atDay(1).atStartOfDay());
        }
    }

    private String defaultMachine() throws IOException {
        if (trace == null) throw new IllegalArgumentException("machine: not set; name the machine (e.g. flat:128)");
        return trace.defaultMachine();
    }
}
