package org.bgctl.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.YearMonth;
import java.util.ArrayList;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bgctl.faults.ComponentKind;
import org.bgctl.faults.FailureLaw;
import org.bgctl.journal.JournalKind;
import org.bgctl.machine.MachineRegistry;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.scheduler.policy.SettingValues;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.EstimateSource;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;

/**
 * The settings of one run by name, as text: the one place that knows every run parameter.
 * {@code bgctl replay} and {@code bgctl serve} fill it from their options (one options class, generated
 * from {@link #known()}) and {@code bgctl sweep} from a sweep's base and axes; replay and sweep turn it
 * into a {@link ReplaySpec} with {@link #toSpec}, serve into {@link RunSettings} with
 * {@link #toRunSettings}. A new run setting becomes available to all three — and sweepable — by adding one
 * entry to {@link #known()}; a scheduler's settings come from the {@link PolicyRegistry}.
 *
 * <p>Immutable; entries are kept in the order of {@link #known()}, whatever order they were set in.
 */
public final class ReplayParameters {

    /** The value of {@code trace} that names the demo trace bundled with bgctl. */
    public static final String DEMO_TRACE = "demo";

    /** The scheduler of a run that names none. */
    public static final String DEFAULT_SCHEDULER = "easy";

    /** The parameters before the schedulers' settings. */
    private static final List<ReplayParameter> HEAD = List.of(
            new ReplayParameter("trace", "--trace", "FILE",
                    "SWF trace file (.swf, .swf.gz); " + DEMO_TRACE + ": the bundled demo trace",
                    (b, v) -> b.trace = v.equals(DEMO_TRACE) ? TraceSource.DEMO : TraceSource.file(Path.of(v))),
            new ReplayParameter("machine", "--machine", "NAME",
                    "Machine: " + String.join(", ", MachineRegistry.patterns()) + " (see Machines below). Default:"
                            + " flat:<MaxProcs of the trace header, else its MaxNodes>.",
                    (b, v) -> b.machine = v),
            new ReplayParameter("scheduler", "--scheduler", "NAME",
                    "Scheduler: " + String.join(", ", PolicyRegistry.names()) + " (which runs on which machine: see"
                            + " Schedulers below). Default: " + DEFAULT_SCHEDULER + ".",
                    (b, v) -> b.scheduler = v),
            new ReplayParameter("executor", "--executor", "KIND",
                    "actors (agents + event-sourced scheduler) or direct (same policies, no actors). Default: actors.",
                    (b, v) -> b.executor = ExecutorKind.parse(v)),
            new ReplayParameter("journal", "--journal", "KIND",
                    "h2 (a file in the run directory), memory or postgres (bgctl.postgres)",
                    (b, v) -> b.journal = JournalKind.parse(v)),
            ofTrace("lenient", "--lenient", null,
                    "Skip malformed trace lines and count them, instead of stopping.",
                    (b, v) -> b.lenient = flag(v)),
            ofTrace("first_jobs", "--first", "N", "Read only the first N job lines of the trace (0 = all).",
                    (b, v) -> b.workload.firstJobs(whole(v))),
            ofTrace("first_kept", "--first-kept", "N",
                    "Stop once N jobs are kept: rejected lines (e.g. cancelled jobs without a run time) do not count,"
                            + " so --first-kept 10000 is the trace's first 10,000 jobs that ran (0 = all).",
                    (b, v) -> b.workload.firstKept(whole(v))),
            ofTrace("submit_from", "--from", "S", "Keep jobs submitted at or after S seconds (trace time).",
                    (b, v) -> b.submitFrom = whole(v)),
            ofTrace("submit_to", "--to", "S", "Keep jobs submitted before S seconds (trace time).",
                    (b, v) -> b.submitTo = whole(v)),
            ofTrace("month", "--month", "YYYY-MM",
                    "Keep jobs submitted in this month, local time of the trace (its UnixStartTime and"
                            + " TimeZoneString); jobs larger than the machine are dropped and counted in jobs_skipped.",
                    (b, v) -> b.month = month(v)),
            ofTrace("size_multiply", "--size-multiply", "K", "Multiply job sizes by K. Default: 1.",
                    (b, v) -> b.workload.sizeMultiply(integer(v))),
            ofTrace("size_divide", "--size-divide", "K",
                    "Divide job sizes by K, rounding up (a 1-node job stays 1 node). Default: 1.",
                    (b, v) -> b.workload.sizeDivide(integer(v))),
            ofTrace("runtime_coefficient", "--runtime-coefficient", "C",
                    "Multiply run times (and requested times) by C, rounded to the second. Default: 1.",
                    (b, v) -> b.workload.runtimeCoefficient(number(v))),
            ofTrace("arrival_scale", "--arrival-scale", "F",
                    "Multiply inter-arrival times by F (F < 1 raises the offered load). Default: 1.",
                    (b, v) -> b.workload.arrivalScale(number(v))),
            ofTrace("offered_load", "--offered-load", "RHO",
                    "Scale inter-arrival times to reach offered load RHO (instead of --arrival-scale): arrival_scale"
                            + " = ρ_trace / RHO.",
                    (b, v) -> b.offeredLoad = number(v)),
            ofTrace("estimate_source", "--estimate", "SOURCE",
                    "Run-time estimates: requested (SWF field 9) or exact. Default: requested.",
                    (b, v) -> b.workload.estimateSource(estimate(v))),
            ofTrace("enforce_walltime", "--enforce-walltime", null,
                    "Kill a job that runs past its requested time at that time.",
                    (b, v) -> b.workload.enforceWalltime(flag(v))),
            ofTrace("ci_fraction", "--ci-fraction", "F",
                    "Fraction of jobs drawn communication-intensive, 0 to 1. Default: 0 (none).",
                    (b, v) -> b.ciFraction = number(v)),
            ofTrace("ci_gain", "--ci-gain", "X",
                    "How much shorter a communication-intensive job runs on a contiguous block, 0 to 1"
                            + " (0.25: 25% shorter). Default: 0.",
                    (b, v) -> b.ciGain = number(v)),
            ofTrace("ci_gain_spread", "--ci-gain-spread", "HOW",
                    "fixed: every communication-intensive job gains X; random: each gains a value drawn from"
                            + " [0, 2X]. Default: fixed.",
                    (b, v) -> b.ciGainSpread = spread(v)));

    /** The parameters after the schedulers' settings. */
    private static final List<ReplayParameter> TAIL = List.of(
            ofTrace("sizes_in", "--sizes-in", "UNIT",
                    "What the trace's sizes count after scaling: nodes, or units (midplanes on bgl: the trace is"
                            + " already scaled to the machine, e.g. CTC with --size-divide 4; refused where a unit is"
                            + " one node, as on flat:N). Default: nodes.",
                    (b, v) -> b.sizeUnit = SizeUnit.parse(v.trim())),
            ofTrace("shapes", "--shapes", "RULE",
                    "Job boxes on a machine of midplanes: free (any box of the job's size) or slim (the BG/L"
                            + " study's slim shapes). Default: free.",
                    (b, v) -> b.shapes = ShapeRule.parse(v.trim())),
            ofTrace("fat_probability", "--fat-probability", "P",
                    "Each job asks for its fat shape (2 or more midplanes per dimension) with probability P."
                            + " Default: 0.",
                    (b, v) -> b.fatProbability = number(v)),
            ofTrace("fat_sizes", "--fat-sizes", null,
                    "Round every size up to its fat shape's volume first (slim and fat workloads of equal sizes).",
                    (b, v) -> b.fatSizes = flag(v)),
            ofTrace("pin_shapes", "--pin-shapes", null, "Jobs' boxes may not be rotated.",
                    (b, v) -> b.pinShapes = flag(v)),
            ofTrace("torus_probability", "--torus-probability", "P",
                    "Each job asks for a torus with probability P, else a mesh. Default: 0.",
                    (b, v) -> b.torusProbability = number(v)),
            new ReplayParameter("seed", "--seed", "N",
                    "Seed of the run's random draws: the shape and topology draws, which jobs are"
                            + " communication-intensive and the random faults (recorded in summary.json). Default: "
                            + GeometryOptions.DEFAULT_SEED + ".",
                    (b, v) -> b.seed = whole(v)),
            new ReplayParameter("on_kill", "--on-kill", "WHAT",
                    "What becomes of a job killed by a failed component: requeue (it keeps its submit time and"
                            + " place in the queue and runs again from the beginning) or fail. Default: requeue. A"
                            + " replay refuses it without a source of kills (--faults, --fault-model, a --fault-KIND"
                            + " law, --boot-failure, --port); serve's API fails components at any time.",
                    (b, v) -> {
                        b.onKill = KillPolicy.parse(v);
                        b.onKillGiven = true;
                    }),
            new ReplayParameter("faults", "--faults", "FILE",
                    "Fault file: one change a line, TIME COMPONENT down|up (seconds of the run; components as the"
                            + " machine names them: mp-R010, sw-x-R010, cable-x-R010-p2 on bgl, node-17 on flat:N;"
                            + " docs/faults.md).",
                    (b, v) -> b.faultFile = Path.of(v.trim())),
            new ReplayParameter("fault_model", "--fault-model", "FILE.conf",
                    "Random fault model (HOCON): per kind (midplane, switch, cable, node) a block"
                            + " { ttf = \"exponential(MEAN)\", ttr = \"weibull(SHAPE, SCALE)\" }, in seconds; drawn"
                            + " with --seed.",
                    (b, v) -> b.faultModelFile = Path.of(v.trim())),
            law(ComponentKind.MIDPLANE), law(ComponentKind.SWITCH), law(ComponentKind.CABLE), law(ComponentKind.NODE),
            new ReplayParameter("chaos", "--chaos", "SPEC",
                    "drop=P,duplicate=P,delay=P: agent messages of the actors executor are dropped, duplicated and"
                            + " delayed at random, drawn with --seed (docs/faults.md).",
                    (b, v) -> b.chaos = Chaos.parse(v)),
            new ReplayParameter("reservations", "--reservations", "FILE",
                    "Reservation file: one window a line, START END WHAT [NAME]; WHAT is all (a maintenance"
                            + " window), a node count on flat:N, or midplanes (mp-R000,mp-R001 or the box R000:2x2x2)"
                            + " on bgl. No job holds reserved nodes during a window (docs/semantics.md).",
                    (b, v) -> b.reservationFile = Path.of(v.trim())),
            new ReplayParameter("boot_model", "--boot-model", "MODEL",
                    "none: a job runs from its start decision (after --boot-delay); machine: on a machine of midplanes"
                            + " its block first boots for the time the machine file's boot block gives (bgl: 120 s"
                            + " + 6 s per midplane, docs/blocks.md). Default: none.",
                    (b, v) -> b.bootModel = BootModelKind.parse(v)),
            new ReplayParameter("boot_failure", "--boot-failure", "P",
                    "With --boot-model machine: each midplane of a booting block fails the boot with probability P,"
                            + " drawn with --seed; the job is requeued as a killed job is (docs/blocks.md). Default: 0.",
                    (b, v) -> b.bootFailure = number(v)),
            new ReplayParameter("reuse_blocks", "--reuse-blocks", null,
                    "With --boot-model machine: a finished job's booted block stays ready, and a job given exactly"
                            + " that block starts on it without a boot; a start that takes part of a ready block frees"
                            + " it first (docs/blocks.md).",
                    (b, v) -> b.reuseBlocks = flag(v)),
            new ReplayParameter("max_requeues", "--max-requeues", "N",
                    "With --on-kill requeue: a job killed after it was requeued N times fails instead (0: every"
                            + " killed job fails). Default: " + KillPolicy.DEFAULT_MAX_REQUEUES + ". Refused as"
                            + " --on-kill is without a source of kills.",
                    (b, v) -> b.maxRequeues = atLeastZero(integer(v))),
            new ReplayParameter("until", "--until", "T",
                    "End the run at virtual second T: nothing after T happens, jobs still queued or running then"
                            + " are reported so (summary.json's end says why the run ended). Default: at the end of"
                            + " the trace.",
                    (b, v) -> b.until = atLeastZero(whole(v))));

    /**
     * A parameter that selects or transforms the jobs read from the trace, and nothing else (a job submitted through
     * the API gives its size, shape and times itself): {@link ReplayParameter#traceOnly()}.
     */
    private static ReplayParameter ofTrace(String key, String option, String label, String description,
                                           BiConsumer<ReplaySpecBuilder, String> setter) {
        return new ReplayParameter(key, option, label, description, setter, true);
    }

    /** A scheduler's setting as a parameter: its key, its option, and its default from reference.conf. */
    private static ReplayParameter setting(PolicySetting s, Object defaultValue) {
        List<String> readers = PolicyRegistry.readersOf(s.key());
        String text = readers.equals(PolicyRegistry.names())
                ? Character.toUpperCase(s.description().charAt(0)) + s.description().substring(1)
                : String.join(", ", readers) + ": " + s.description();
        String shown = defaultValue instanceof Double d && d == Math.rint(d) ? String.valueOf(d.longValue())
                : String.valueOf(defaultValue);
        return new ReplayParameter(s.key(), s.option(), s.label(), text + ". Default: " + shown
                + ".", (b, v) -> {
                    b.settings = b.settings.with(s.key(), v);
                    b.givenSettings.add(s.key());
                });
    }

    /** The parameter that makes components of {@code kind} fail at random, e.g. {@code fault_midplane}. */
    private static ReplayParameter law(ComponentKind kind) {
        return new ReplayParameter("fault_" + kind.label(), "--fault-" + kind.label(),
                "TTF/TTR", "Each " + kind.label() + " fails at random: TTF/TTR, each exponential(MEAN) or"
                        + " weibull(SHAPE, SCALE) in seconds, e.g. exponential(864000)/exponential(3600) (overrides"
                        + " the model file).",
                (b, v) -> b.faultLaws.put(kind, FailureLaw.parse(v)));
    }

    private static final Comparator<String> KNOWN_ORDER = Comparator.comparingInt(ReplayParameters::position);

    private static final ReplayParameters NONE = new ReplayParameters(new TreeMap<>(KNOWN_ORDER));

    private final SortedMap<String, String> values;

    private ReplayParameters(SortedMap<String, String> values) {
        this.values = Collections.unmodifiableSortedMap(values);
    }

    /**
     * Every run parameter, in their fixed order: the trace, machine, scheduler and workload ones, then every
     * registered scheduler setting ({@link PolicyRegistry#settings()}), then geometry and faults.
     */
    public static List<ReplayParameter> known() {
        return Known.current().all;
    }

    /**
     * {@link #known()} for the schedulers registered now, made again only when they change: a sweep orders and checks
     * the parameters of each of its runs by it, thousands of times, and each making reads every setting's default.
     */
    private static final class Known {
        private static volatile Known current;

        /** The registry's generation this was made at. */
        final int generation;
        final List<ReplayParameter> all;
        final Map<String, Integer> positions;

        private Known(int generation) {
            this.generation = generation;
            List<ReplayParameter> known = new ArrayList<>(HEAD);
            SettingValues defaults = PolicyRegistry.defaultValues();
            for (PolicySetting s : PolicyRegistry.settings()) known.add(setting(s, defaults.get(s.key())));
            known.addAll(TAIL);
            all = List.copyOf(known);
            Map<String, Integer> at = new HashMap<>();
            for (int i = 0; i < all.size(); i++) at.put(all.get(i).key(), i);
            positions = Map.copyOf(at);
        }

        static Known current() {
            // a registration while this is made changes the generation again: the next call makes it anew
            int generation = PolicyRegistry.generation();
            Known known = current;
            if (known == null || known.generation != generation) current = known = new Known(generation);
            return known;
        }
    }

    /**
     * The parameter called {@code name}: its key ({@code runtime_coefficient}) or its replay option
     * ({@code --runtime-coefficient}, {@code runtime-coefficient}).
     *
     * @throws IllegalArgumentException naming the unknown parameter and the known ones
     */
    public static ReplayParameter parameter(String name) {
        List<ReplayParameter> known = known();
        for (ReplayParameter p : known) if (p.isNamed(name)) return p;
        throw new IllegalArgumentException("unknown replay parameter '" + name + "'; known: "
                + known.stream().map(ReplayParameter::key).collect(Collectors.joining(", ")));
    }

    /** No parameters: a replay with every default (and no trace). */
    public static ReplayParameters none() {
        return NONE;
    }

    /**
     * These parameters with {@code name} set to {@code value} as text, or removed when {@code value} is null.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public ReplayParameters with(String name, Object value) {
        String key = parameter(name).key();
        SortedMap<String, String> copy = new TreeMap<>(values);
        if (value == null) copy.remove(key);
        else copy.put(key, value.toString());
        return new ReplayParameters(copy);
    }

    /** These parameters with every entry of {@code overrides} set on top. */
    public ReplayParameters withAll(ReplayParameters overrides) {
        SortedMap<String, String> copy = new TreeMap<>(values);
        copy.putAll(overrides.values);
        return new ReplayParameters(copy);
    }

    /** The value of a parameter, by key or option name. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(parameter(name).key()));
    }

    /** Key to value, in the order of {@link #known()}. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The replay spec writing to {@code out}; see {@link #toSpec(Path, LoadMeter)}. */
    public ReplaySpec toSpec(Path out) throws IOException {
        return toSpec(out, LoadMeter.reading());
    }

    /**
     * The validated replay spec writing to {@code out}: every value parsed, the machine and the
     * scheduler known, the workload options consistent, a target offered load turned into an
     * arrival scale (measured with {@code meter}).
     *
     * @throws IllegalArgumentException naming the parameter and the problem
     * @throws IOException when the trace cannot be read for its header or its offered load
     */
    public ReplaySpec toSpec(Path out, LoadMeter meter) throws IOException {
        return builder().build(out, meter, false);
    }

    /**
     * As {@link #toSpec(Path)}, for a replay whose components may also fail while it runs, through the API of a watched
     * replay ({@code --port}), or that continues a run checked when it began ({@code --resume}): {@code on_kill} and
     * {@code max_requeues} apply to such a run without a fault file, a fault model or boots that may fail.
     */
    public ReplaySpec toSpecWithLiveFaults(Path out) throws IOException {
        return builder().build(out, LoadMeter.reading(), true);
    }

    private ReplaySpecBuilder builder() {
        if (values.containsKey("offered_load") && values.containsKey("arrival_scale"))
            throw new IllegalArgumentException("--offered-load and --arrival-scale both set; give one of them"
                    + " (--offered-load sets the arrival scale)");
        ReplaySpecBuilder builder = new ReplaySpecBuilder();
        values.forEach((key, value) -> parameter(key).apply(builder, value));
        return builder;
    }

    /**
     * The validated settings of a run on {@code meter}'s measure, with or without a trace: what
     * {@code bgctl serve} runs. Without a trace the machine must be set, and month and offered_load cannot be.
     *
     * @throws IllegalArgumentException naming the parameter and the problem
     * @throws IOException when the trace cannot be read for its header or its offered load
     */
    public RunSettings toRunSettings(LoadMeter meter) throws IOException {
        return builder().runSettings(meter);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReplayParameters p && values.equals(p.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** {@code key=value} pairs separated by spaces, e.g. {@code scheduler=easy runtime_coefficient=0.8}. */
    @Override
    public String toString() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static int position(String key) {
        Integer position = Known.current().positions.get(key);
        if (position == null) throw new IllegalArgumentException("unknown replay parameter '" + key + "'");
        return position;
    }

    private static double number(String v) {
        try {
            double d = Double.parseDouble(v.trim());
            if (Double.isFinite(d)) return d;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("not a number");
    }

    private static long whole(String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }

    private static <N extends Number> N atLeastZero(N n) {
        if (n.longValue() < 0) throw new IllegalArgumentException("must be 0 or more");
        return n;
    }

    private static int integer(String v) {
        long n = whole(v);
        if (n != (int) n) throw new IllegalArgumentException("out of range");
        return (int) n;
    }

    private static boolean flag(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("not true or false");
        };
    }

    private static YearMonth month(String v) {
        try {
            return YearMonth.parse(v.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a month YYYY-MM");
        }
    }

    private static JobClasses.Spread spread(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "fixed" -> JobClasses.Spread.FIXED;
            case "random" -> JobClasses.Spread.RANDOM;
            default -> throw new IllegalArgumentException("unknown gain spread; known: fixed, random");
        };
    }

    private static EstimateSource estimate(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "requested" -> EstimateSource.REQUESTED;
            case "exact" -> EstimateSource.EXACT;
            default -> throw new IllegalArgumentException("unknown estimate source; known: requested, exact");
        };
    }
}
