package org.bgctl.scheduler.policy;

import static org.bgctl.scheduler.policy.PolicySetting.Rule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.bgctl.config.BgctlSettings;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineRegistry;
import org.bgctl.machine.MachineType;
import org.bgctl.scheduler.policy.buddy.AllocationScheme;
import org.bgctl.scheduler.policy.buddy.BuddyBackfill;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler.Variant;
import org.bgctl.scheduler.policy.nqs.NqsScheduler;
import org.bgctl.scheduler.policy.pfcfs.PreemptiveFcfs;

/**
 * The schedulers bgctl knows, in the manner of Caffeine's simulator registry: registering a
 * {@link RegisteredPolicy} is the one step that makes a scheduler available — {@code --scheduler} accepts it,
 * its settings become options of {@code replay} and {@code serve} and parameters of {@code sweep} (defaults in
 * reference.conf under {@code bgctl.policy.<name>}), and help texts, validation messages and shell completion
 * list it. {@link Policies} is a view of it.
 *
 * <p>Schedulers and settings are kept in registration order; the built-in ones come first.
 */
public final class PolicyRegistry {

    /** Every scheduler's: the seconds between a job's schedule event and the start of its run. */
    public static final PolicySetting BOOT_DELAY = new PolicySetting("boot_delay", "bgctl.policy.boot-delay", "S",
            SettingType.WHOLE, "boot_delay_s", "seconds between a job's start event and the start of its run; it"
            + " holds its partition meanwhile (Krevat et al. use 1)", Rule.duration("the boot delay"));

    public static final PolicySetting BACKFILL_INCREASE = new PolicySetting("backfill_increase",
            "bgctl.policy.krevat.backfill-increase", "I", SettingType.INTEGER, "backfill_increase",
            "raise a backfilled job's size by at most I supernodes", Rule.notNegative("the backfill size increase I"));

    public static final PolicySetting MIGRATION_FN_TOR = new PolicySetting("migration_fn_tor",
            "bgctl.policy.krevat.migration-fn-tor", "F", SettingType.NUMBER, "migration_fn_tor",
            "migrate only when free supernodes / all are at least F (0 with --migration-fn-max 1: always)",
            Rule.fraction("the migration threshold FN_tor"));

    public static final PolicySetting MIGRATION_FN_MAX = new PolicySetting("migration_fn_max",
            "bgctl.policy.krevat.migration-fn-max", "F", SettingType.NUMBER, "migration_fn_max",
            "migrate only when the largest free partition holds at most F of the free supernodes",
            Rule.fraction("the migration threshold FN_max"));

    public static final PolicySetting MIGRATION_COST = new PolicySetting("migration_cost",
            "bgctl.policy.krevat.migration-cost", "S", SettingType.WHOLE, "migration_cost_s",
            "seconds a migration adds to the run of each job it moves", Rule.duration("the migration cost"));

    public static final PolicySetting PFCFS_THRESHOLD = new PolicySetting("pfcfs_threshold",
            "bgctl.policy.pfcfs.threshold", "X", SettingType.NUMBER, "pfcfs.wide_percent",
            "x: a job of at least X% of the nodes (on bgl and supernode: of the midplanes or supernodes) is wide and"
                    + " may preempt", new Rule(v -> v > 0 && v <= 100, "the wide-job threshold x must be in (0, 100] percent"));

    public static final PolicySetting PFCFS_DELAY = new PolicySetting("pfcfs_delay", "bgctl.policy.pfcfs.delay", "S",
            SettingType.wholeOr("gang", "pfcfs_gang"), "pfcfs.start_delay_s",
            "δ: seconds a wide job waits, once next in FCFS order with no earlier wide job active, before it preempts;"
                    + " gang: δ = Δ", Rule.duration("the start delay δ"));

    public static final PolicySetting PFCFS_GANG = new PolicySetting("pfcfs_gang", "bgctl.policy.pfcfs.gang", "S",
            SettingType.WHOLE, "pfcfs.gang_length_s", "Δ: seconds between two context switches",
            Rule.positiveDuration("the gang length Δ"));

    public static final PolicySetting PFCFS_SWITCHES = new PolicySetting("pfcfs_switches",
            "bgctl.policy.pfcfs.switches", "N", SettingType.INTEGER, "pfcfs.max_switches",
            "n: the most context switches per wide job, its preemption included; odd: the wide job then runs to"
                    + " completion, even: the small jobs do",
            Rule.atLeastOne("the maximum number of context switches n"));

    public static final PolicySetting SWITCH_PENALTY = new PolicySetting("switch_penalty",
            "bgctl.policy.pfcfs.switch-penalty", "S", SettingType.WHOLE, "pfcfs.switch_penalty_s",
            "seconds a job loses each time it is switched in", Rule.duration("the context-switch penalty"));

    /** The settings every scheduler reads. */
    public static final List<PolicySetting> COMMON = List.of(BOOT_DELAY);

    private static final List<PolicySetting> KREVAT_MIGRATION = List.of(MIGRATION_FN_TOR, MIGRATION_FN_MAX,
            MIGRATION_COST);

    private static final List<RegisteredPolicy> REGISTERED = new CopyOnWriteArrayList<>(List.of(
            RegisteredPolicy.of("fcfs", "first come first served: the first queued job that does not fit blocks"
                    + " the queue", List.of(), c -> new Fcfs()),
            RegisteredPolicy.of("easy", "EASY backfilling: FCFS, and a later job starts early when it does not"
                    + " delay the head's reservation", List.of(), c -> new EasyBackfill()),
            RegisteredPolicy.of("conservative", "conservative backfilling: a later job starts early when it delays"
                    + " no earlier job's reservation", List.of(), c -> new ConservativeBackfill()),
            RegisteredPolicy.of("free-list", "EASY, every job on free-list nodes: the non-contiguous baseline of"
                    + " Subramani et al.", List.of(), c -> new BuddyBackfill(AllocationScheme.FREE_LIST)),
            RegisteredPolicy.of("buddy", "EASY, communication-intensive jobs on one buddy each, the others on the"
                    + " free list", List.of(), c -> new BuddyBackfill(AllocationScheme.BUDDY)),
            RegisteredPolicy.of("selective-buddy", "EASY, communication-intensive jobs on a buddy or the free list,"
                    + " whichever is estimated to complete first", List.of(),
                    c -> new BuddyBackfill(AllocationScheme.SELECTIVE)),
            new RegisteredPolicy("nqs", "the Paragon NQS scheduler: queue priority and aging, blocking, two-pass"
                    + " node-set selection", Set.of(PolicyCapability.QUEUES), List.of(),
                    c -> new NqsScheduler(c.calendar())),
            RegisteredPolicy.of("krevat-fcfs", "FCFS; each job in the box leaving the largest free box largest;"
                    + " impossible sizes and a blocked head raised", List.of(),
                    c -> new KrevatScheduler(Variant.FCFS, c.settings())),
            RegisteredPolicy.of("krevat-backfill", "krevat-fcfs, then backfilling that leaves the head a partition"
                    + " at its reservation; sizes raised by at most I", List.of(BACKFILL_INCREASE),
                    c -> new KrevatScheduler(Variant.BACKFILL, c.settings())),
            new RegisteredPolicy("krevat-migration", "krevat-fcfs; when it stops and FN_tor / FN_max call for it,"
                    + " running jobs migrate largest first; FCFS again", Set.of(PolicyCapability.MIGRATES),
                    KREVAT_MIGRATION, c -> new KrevatScheduler(Variant.MIGRATION, c.settings())),
            new RegisteredPolicy("krevat-bm", "FCFS, migration, FCFS, backfilling (B+M)",
                    Set.of(PolicyCapability.MIGRATES),
                    List.of(BACKFILL_INCREASE, MIGRATION_FN_TOR, MIGRATION_FN_MAX, MIGRATION_COST),
                    c -> new KrevatScheduler(Variant.BACKFILL_AND_MIGRATION, c.settings())),
            new RegisteredPolicy("pfcfs", "preemptive FCFS: a wide job at the head preempts small jobs after δ,"
                    + " sharing their nodes by context switches every Δ up to n; on bgl and supernode it takes free"
                    + " units and units of the jobs it suspends (docs/gang.md)", Set.of(PolicyCapability.PREEMPTS),
                    List.of(PFCFS_THRESHOLD, PFCFS_DELAY, PFCFS_GANG, PFCFS_SWITCHES, SWITCH_PENALTY),
                    c -> new PreemptiveFcfs(c.settings().gang()))));

    private PolicyRegistry() {
    }

    /** Changed by every registration and every one undone, so that what is derived from the registry is made again. */
    private static final AtomicInteger GENERATION = new AtomicInteger();

    /** A registration, undone by {@link #close()} (for a scheduler registered by a test or a plug-in's scope). */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Makes {@code policy} available under its name, with its settings' defaults read from reference.conf.
     *
     * @throws IllegalArgumentException for a name taken, a setting key taken by a different setting, or a setting
     *                                  without a valid default in reference.conf
     */
    public static synchronized Registration register(RegisteredPolicy policy) {
        if (names().contains(policy.name()))
            throw new IllegalArgumentException("scheduler '" + policy.name() + "' is registered already");
        for (PolicySetting s : policy.settings()) {
            PolicySetting known = find(s.key());
            if (known != null && !known.equals(s))
                throw new IllegalArgumentException("setting '" + s.key() + "' of scheduler " + policy.name()
                        + " is registered already with another meaning");
            s.defaultValue(BgctlSettings.holding(s.configPath()));
        }
        REGISTERED.add(policy);
        GENERATION.incrementAndGet();
        return () -> {
            if (REGISTERED.remove(policy)) GENERATION.incrementAndGet();
        };
    }

    /** A number that changes whenever the registered schedulers do: what is derived from them holds while it stays. */
    public static int generation() {
        return GENERATION.get();
    }

    /** Every registered scheduler, in registration order. */
    public static List<RegisteredPolicy> all() {
        return List.copyOf(REGISTERED);
    }

    /** The registered names, in registration order. */
    public static List<String> names() {
        return REGISTERED.stream().map(RegisteredPolicy::name).toList();
    }

    /**
     * The scheduler {@code name}.
     *
     * @throws IllegalArgumentException "unknown scheduler 'x'; known: ..."
     */
    public static RegisteredPolicy named(String name) {
        for (RegisteredPolicy p : REGISTERED) if (p.name().equals(name)) return p;
        throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: " + String.join(", ", names()));
    }

    /** The names of the schedulers that can schedule {@code machine}, in registration order. */
    public static List<String> namesFor(MachineModel machine) {
        return REGISTERED.stream().filter(p -> p.runsOn(machine)).map(RegisteredPolicy::name).toList();
    }

    /**
     * For each registered scheduler, in registration order, the {@code --machine} forms it runs on: those whose
     * example machine its policy's {@link Policy#runsOn} accepts. Builds every form's example, so it is meant for
     * help texts and the README check, not for each run.
     */
    public static Map<String, List<String>> machinesBySchedulers() {
        Map<MachineType, MachineModel> examples = new LinkedHashMap<>();
        for (MachineType t : MachineRegistry.types()) examples.put(t, t.exampleModel());
        Map<String, List<String>> machines = new LinkedHashMap<>();
        for (RegisteredPolicy p : REGISTERED) {
            machines.put(p.name(), examples.entrySet().stream().filter(e -> p.runsOn(e.getValue()))
                    .map(e -> e.getKey().pattern()).toList());
        }
        return machines;
    }

    /** Every setting: the common ones, then each scheduler's new ones in registration order. */
    public static List<PolicySetting> settings() {
        Map<String, PolicySetting> all = new LinkedHashMap<>();
        for (PolicySetting s : COMMON) all.put(s.key(), s);
        for (RegisteredPolicy p : REGISTERED) for (PolicySetting s : p.settings()) all.putIfAbsent(s.key(), s);
        return List.copyOf(all.values());
    }

    /** The settings scheduler {@code name} reads: the common ones, then its own. */
    public static List<PolicySetting> settingsOf(String name) {
        List<PolicySetting> settings = new ArrayList<>(COMMON);
        settings.addAll(named(name).settings());
        return settings;
    }

    /** The schedulers that read setting {@code key} (all of them for a common one), in registration order. */
    public static List<String> readersOf(String key) {
        if (COMMON.stream().anyMatch(s -> s.key().equals(key))) return names();
        return REGISTERED.stream().filter(p -> p.settings().stream().anyMatch(s -> s.key().equals(key)))
                .map(RegisteredPolicy::name).toList();
    }

    /**
     * The setting {@code key}.
     *
     * @throws IllegalArgumentException naming the unknown key and the known ones
     */
    public static PolicySetting setting(String key) {
        PolicySetting s = find(key);
        if (s == null) throw new IllegalArgumentException("unknown scheduler setting '" + key + "'; known: "
                + settings().stream().map(PolicySetting::key).collect(Collectors.joining(", ")));
        return s;
    }

    /** Every setting at its default, from reference.conf (and any application.conf over it). */
    public static SettingValues defaultValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (PolicySetting s : settings()) values.put(s.key(), s.defaultValue(BgctlSettings.holding(s.configPath())));
        return new SettingValues(values);
    }

    /**
     * The settings scheduler {@code name} reads, with their {@code values}, as summary.json's
     * {@code scheduler_settings} records them: by summary key, a dotted key nested (pfcfs's under {@code pfcfs}).
     */
    public static Map<String, Object> summaryFields(String name, SettingValues values) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (PolicySetting s : settingsOf(name)) {
            Map<String, Object> into = fields;
            String[] path = s.summaryKey().split("\\.");
            for (int i = 0; i < path.length - 1; i++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> inner = (Map<String, Object>) into.computeIfAbsent(path[i],
                        k -> new LinkedHashMap<String, Object>());
                into = inner;
            }
            into.put(path[path.length - 1], values.resolved(s.key()));
        }
        return fields;
    }

    private static PolicySetting find(String key) {
        for (PolicySetting s : settings()) if (s.key().equals(key)) return s;
        return null;
    }
}
