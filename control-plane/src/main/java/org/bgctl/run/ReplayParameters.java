package org.bgctl.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bgctl.faults.ComponentKind;
import org.bgctl.faults.FailureLaw;
import org.bgctl.journal.JournalKind;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.workload.EstimateSource;
import org.bgctl.workload.JobClasses;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;

/**
 * The settings of one replay by name, as text: the one place that knows every replay parameter.
 * {@code bgctl replay} fills it from its options and {@code bgctl sweep} from a sweep's base and
 * axes; both turn it into a {@link ReplaySpec} with {@link #toSpec}. A new replay setting becomes
 * available to both — and sweepable — by adding one entry to {@link #known()}.
 *
 * <p>Immutable; entries are kept in the order of {@link #known()}, whatever order they were set in.
 */
public final class ReplayParameters {

    /** The value of {@code trace} that names the demo trace bundled with bgctl. */
    public static final String DEMO_TRACE = "demo";

    private static final List<ReplayParameter> KNOWN = List.of(
            new ReplayParameter("trace", "--trace",
                    "SWF trace file (.swf, .swf.gz); " + DEMO_TRACE + ": the bundled demo trace",
                    (b, v) -> b.trace = v.equals(DEMO_TRACE) ? TraceSource.DEMO : TraceSource.file(Path.of(v))),
            new ReplayParameter("machine", "--machine",
                    "machine, e.g. flat:128 (default: flat:<trace's MaxNodes>)",
                    (b, v) -> b.machine = v),
            new ReplayParameter("scheduler", "--scheduler",
                    "fcfs, easy (default), conservative, pfcfs; free-list, buddy, selective-buddy (buddy:N);"
                            + " nqs (paragon-sdsc); krevat-fcfs, krevat-backfill, krevat-migration, krevat-bm"
                            + " (supernode)",
                    (b, v) -> b.scheduler = v),
            new ReplayParameter("executor", "--executor", "actors (default) or direct",
                    (b, v) -> b.executor = ExecutorKind.parse(v)),
            new ReplayParameter("journal", "--journal", "h2 (a file in the run directory), memory or postgres (bgctl.postgres)",
                    (b, v) -> b.journal = JournalKind.parse(v)),
            new ReplayParameter("lenient", "--lenient", "true: skip and count malformed trace lines",
                    (b, v) -> b.lenient = flag(v)),
            new ReplayParameter("first_jobs", "--first", "only the first N job lines of the trace (0 = all)",
                    (b, v) -> b.workload.firstJobs(whole(v))),
            new ReplayParameter("submit_from", "--from", "keep jobs submitted at or after S seconds (trace time)",
                    (b, v) -> b.submitFrom = whole(v)),
            new ReplayParameter("submit_to", "--to", "keep jobs submitted before S seconds (trace time)",
                    (b, v) -> b.submitTo = whole(v)),
            new ReplayParameter("month", "--month",
                    "keep jobs submitted in the month YYYY-MM, local time of the trace (UnixStartTime, TimeZoneString)",
                    (b, v) -> b.month = month(v)),
            new ReplayParameter("size_multiply", "--size-multiply", "multiply job sizes by K",
                    (b, v) -> b.workload.sizeMultiply(integer(v))),
            new ReplayParameter("size_divide", "--size-divide", "divide job sizes by K, rounding up",
                    (b, v) -> b.workload.sizeDivide(integer(v))),
            new ReplayParameter("runtime_coefficient", "--runtime-coefficient",
                    "multiply run times and requested times by C",
                    (b, v) -> b.workload.runtimeCoefficient(number(v))),
            new ReplayParameter("arrival_scale", "--arrival-scale",
                    "multiply inter-arrival times by F (F < 1: more load)",
                    (b, v) -> b.workload.arrivalScale(number(v))),
            new ReplayParameter("offered_load", "--offered-load",
                    "target offered load ρ; sets arrival_scale = ρ_trace / ρ",
                    (b, v) -> b.offeredLoad = number(v)),
            new ReplayParameter("estimate_source", "--estimate", "requested (SWF field 9, default) or exact",
                    (b, v) -> b.workload.estimateSource(estimate(v))),
            new ReplayParameter("enforce_walltime", "--enforce-walltime",
                    "true: kill a job that runs past its requested time",
                    (b, v) -> b.workload.enforceWalltime(flag(v))),
            new ReplayParameter("ci_fraction", "--ci-fraction",
                    "fraction of jobs drawn communication-intensive (0 to 1)",
                    (b, v) -> b.ciFraction = number(v)),
            new ReplayParameter("ci_gain", "--ci-gain",
                    "how much shorter a communication-intensive job runs on a contiguous block (0 to 1)",
                    (b, v) -> b.ciGain = number(v)),
            new ReplayParameter("ci_gain_spread", "--ci-gain-spread",
                    "fixed (every such job gains ci_gain) or random (a gain drawn from [0, 2 ci_gain])",
                    (b, v) -> b.ciGainSpread = spread(v)),
            new ReplayParameter("boot_delay", "--boot-delay",
                    "seconds between a job's schedule and its start (Krevat et al. use 1)",
                    (b, v) -> b.bootDelay = whole(v)),
            new ReplayParameter("backfill_increase", "--backfill-increase",
                    "krevat backfilling: raise a backfilled job's size by at most I supernodes",
                    (b, v) -> b.backfillIncrease = integer(v)),
            new ReplayParameter("migration_fn_tor", "--migration-fn-tor",
                    "krevat migration: migrate only when free units / all units >= F",
                    (b, v) -> b.migrationFnTor = number(v)),
            new ReplayParameter("migration_fn_max", "--migration-fn-max",
                    "krevat migration: migrate only when the largest free partition / free units <= F",
                    (b, v) -> b.migrationFnMax = number(v)),
            new ReplayParameter("migration_cost", "--migration-cost",
                    "seconds a migration adds to the run of each job it moves",
                    (b, v) -> b.migrationCost = whole(v)),
            new ReplayParameter("pfcfs_threshold", "--pfcfs-threshold",
                    "pfcfs: x, a job of at least X percent of the nodes (on bgl and supernode: of the units) is wide"
                            + " and may preempt (default 40)",
                    (b, v) -> b.pfcfsThreshold = number(v)),
            new ReplayParameter("pfcfs_delay", "--pfcfs-delay",
                    "pfcfs: δ, seconds a wide job waits at the head before it preempts (default 60);"
                            + " gang: δ = Δ, as the paper's theory suggests",
                    (b, v) -> b.pfcfsDelay = v.trim().equals("gang") ? null : whole(v)),
            new ReplayParameter("pfcfs_gang", "--pfcfs-gang",
                    "pfcfs: Δ, seconds between two context switches (default 600)",
                    (b, v) -> b.pfcfsGang = whole(v)),
            new ReplayParameter("pfcfs_switches", "--pfcfs-switches",
                    "pfcfs: n, the most context switches per wide job, the preemption included (default 1)",
                    (b, v) -> b.pfcfsSwitches = integer(v)),
            new ReplayParameter("switch_penalty", "--switch-penalty",
                    "pfcfs: seconds a job loses each time it is switched in (default 0)",
                    (b, v) -> b.switchPenalty = whole(v)),
            new ReplayParameter("sizes_in", "--sizes-in",
                    "what the trace's sizes count after scaling: nodes (default) or units (midplanes on bgl)",
                    (b, v) -> b.sizeUnit = SizeUnit.parse(v.trim())),
            new ReplayParameter("shapes", "--shapes",
                    "job boxes on a machine of midplanes: free (default, any box of the job's size) or slim",
                    (b, v) -> b.shapes = ShapeRule.parse(v.trim())),
            new ReplayParameter("fat_probability", "--fat-probability",
                    "each job asks for its fat shape with probability P",
                    (b, v) -> b.fatProbability = number(v)),
            new ReplayParameter("fat_sizes", "--fat-sizes",
                    "true: round every size up to its fat shape's volume first",
                    (b, v) -> b.fatSizes = flag(v)),
            new ReplayParameter("pin_shapes", "--pin-shapes", "true: jobs' boxes may not be rotated",
                    (b, v) -> b.pinShapes = flag(v)),
            new ReplayParameter("torus_probability", "--torus-probability",
                    "each job asks for a torus with probability P, else a mesh",
                    (b, v) -> b.torusProbability = number(v)),
            new ReplayParameter("seed", "--seed",
                    "seed of the run's random draws: job shapes and topologies, and which jobs are"
                            + " communication-intensive (default 1)",
                    (b, v) -> b.seed = whole(v)),
            new ReplayParameter("on_kill", "--on-kill",
                    "what becomes of a job a failed component kills: requeue (default; it keeps its place and"
                            + " runs again from the beginning) or fail",
                    (b, v) -> b.onKill = KillPolicy.parse(v)),
            new ReplayParameter("faults", "--faults",
                    "fault file: one line per change, TIME COMPONENT down|up (docs/faults.md)",
                    (b, v) -> b.faultFile = Path.of(v.trim())),
            new ReplayParameter("fault_model", "--fault-model",
                    "random fault model file (HOCON): per kind of component, ttf and ttr distributions",
                    (b, v) -> b.faultModelFile = Path.of(v.trim())),
            law(ComponentKind.MIDPLANE), law(ComponentKind.SWITCH), law(ComponentKind.CABLE), law(ComponentKind.NODE),
            new ReplayParameter("chaos", "--chaos",
                    "drop=P,duplicate=P,delay=P: agent messages of the actors executor are dropped, duplicated and"
                            + " delayed at random, drawn with --seed (docs/faults.md)",
                    (b, v) -> b.chaos = Chaos.parse(v)));

    /** The parameter that makes components of {@code kind} fail at random, e.g. {@code fault_midplane}. */
    private static ReplayParameter law(ComponentKind kind) {
        return new ReplayParameter("fault_" + kind.label(), "--fault-" + kind.label(),
                kind.label() + "s fail at random: TTF/TTR, each exponential(MEAN) or weibull(SHAPE, SCALE) in"
                        + " seconds, e.g. exponential(864000)/exponential(3600)",
                (b, v) -> b.faultLaws.put(kind, FailureLaw.parse(v)));
    }

    private static final Comparator<String> KNOWN_ORDER = Comparator.comparingInt(ReplayParameters::position);

    private static final ReplayParameters NONE = new ReplayParameters(new TreeMap<>(KNOWN_ORDER));

    private final SortedMap<String, String> values;

    private ReplayParameters(SortedMap<String, String> values) {
        this.values = Collections.unmodifiableSortedMap(values);
    }

    /** Every replay parameter, in their fixed order. */
    public static List<ReplayParameter> known() {
        return KNOWN;
    }

    /**
     * The parameter called {@code name}: its key ({@code runtime_coefficient}) or its replay option
     * ({@code --runtime-coefficient}, {@code runtime-coefficient}).
     *
     * @throws IllegalArgumentException naming the unknown parameter and the known ones
     */
    public static ReplayParameter parameter(String name) {
        for (ReplayParameter p : KNOWN) if (p.isNamed(name)) return p;
        throw new IllegalArgumentException("unknown replay parameter '" + name + "'; known: "
                + KNOWN.stream().map(ReplayParameter::key).collect(Collectors.joining(", ")));
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
        if (values.containsKey("offered_load") && values.containsKey("arrival_scale"))
            throw new IllegalArgumentException("offered_load and arrival_scale both set; give one of them"
                    + " (offered_load sets the arrival scale)");
        ReplaySpecBuilder builder = new ReplaySpecBuilder();
        values.forEach((key, value) -> parameter(key).apply(builder, value));
        return builder.build(out, meter);
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
        for (int i = 0; i < KNOWN.size(); i++) if (KNOWN.get(i).key().equals(key)) return i;
        throw new IllegalArgumentException("unknown replay parameter '" + key + "'");
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
