package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.CoreSnapshot;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.ScriptedChanges;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.TraceCalendars;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.Workload;
import org.bgctl.workload.WorkloadOptions;

/**
 * A scheduler core restored from a snapshot, taken after any instant of a replay of a committed trace excerpt
 * and sent through the journal's serializer, goes on exactly as the core that was never interrupted: the same
 * events, hence the same outputs. The cases cover the state the policies depend on: preemptive FCFS's gangs and
 * suspended jobs, Krevat's migrations and boot delay, NQS queues, buddy lines with communication-intensive jobs,
 * failed components (nodes, BG/L midplanes and cables) with killed and requeued jobs, and BG/L blocks that boot
 * and whose boots fail.
 */
class CoreSnapshotPropertyTest {

    private static final ActorSystem<Void> SYSTEM = ActorSystem.create(Behaviors.empty(), "snapshots",
            ConfigFactory.load());

    /** One replay: trace, machine, scheduler and its parameters, workload options, scripted health changes. */
    record Case(String name, TraceSource trace, String machine, String scheduler, SchedulerSettings settings,
                WorkloadOptions workload, List<HealthChange> faults, BootModel boots) {

        Case(String name, TraceSource trace, String machine, String scheduler, SchedulerSettings settings,
             WorkloadOptions workload, List<HealthChange> faults) {
            this(name, trace, machine, scheduler, settings, workload, faults, BootModel.NONE);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The trace's jobs and calendar, read once per case. */
    private record Input(List<Job> jobs, TraceCalendar calendar) {
    }

    /** The events of a replay and how many instants it had. */
    private record Run(List<SchedulerEvent> events, int instants) {
    }

    private static final WorkloadOptions FIRST_400 = WorkloadOptions.builder().firstJobs(400).build();

    private static final List<Case> CASES = List.of(
            new Case("pfcfs on CTC, flat:128", PfcfsReplayTest.CTC, "flat:128", "pfcfs",
                    SchedulerSettings.defaults().withGang(new GangSettings(50, 1, 120, 2, 0)),
                    WorkloadOptions.defaults(), List.of()),
            new Case("pfcfs on CTC, bgl, a CTC node per midplane", PfcfsReplayTest.CTC, "bgl", "pfcfs",
                    SchedulerSettings.defaults().withGang(new GangSettings(40, 60, 600, 2, 0)),
                    WorkloadOptions.builder().geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false,
                            true, 0, GeometryOptions.DEFAULT_SEED)).build(), List.of()),
            new Case("easy on SDSC, flat:128, failing nodes", Runs.SDSC, "flat:128", "easy",
                    SchedulerSettings.defaults(), FIRST_400, faults(i -> "node-" + (i * 37 % 128))),
            new Case("easy on SDSC, bgl, failing midplanes", Runs.SDSC, "bgl", "easy",
                    SchedulerSettings.defaults(), WorkloadOptions.builder().firstJobs(400)
                            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, 1)).build(),
                    faults(i -> i % 4 == 0 ? "cable-x-R000-p2" : "mp-R" + (i % 8) + (i % 4) + ((i / 4) % 4))),
            new Case("krevat-bm on NASA, supernodes", Runs.NASA, KrevatReplayTest.ONE_NODE_PER_SUPERNODE, "krevat-bm",
                    KrevatReplayTest.PAPER, WorkloadOptions.defaults(), List.of()),
            new Case("selective-buddy on SDSC, buddy:128", Runs.SDSC, "buddy:128", "selective-buddy",
                    SchedulerSettings.defaults(), BuddyReplayTest.CLASSES, List.of()),
            new Case("nqs on SDSC, paragon-sdsc", Runs.SDSC, "paragon-sdsc", "nqs",
                    SchedulerSettings.defaults(), NqsReplayTest.TRIPLED, List.of()),
            new Case("easy on SDSC, bgl, booting blocks, failing boots and midplanes", Runs.SDSC, "bgl", "easy",
                    SchedulerSettings.defaults(), WorkloadOptions.builder().firstJobs(400)
                            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, 1)).build(),
                    faults(i -> "mp-R" + (i % 8) + (i % 4) + ((i / 4) % 4)),
                    BootModelKind.MACHINE.of("bgl", 0.02, 1, false)),
            new Case("easy on SDSC, bgl, reused blocks, failing boots and midplanes", Runs.SDSC, "bgl", "easy",
                    SchedulerSettings.defaults(), WorkloadOptions.builder().firstJobs(400)
                            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, 1)).build(),
                    faults(i -> "mp-R" + (i % 8) + (i % 4) + ((i / 4) % 4)),
                    BootModelKind.MACHINE.of("bgl", 0.02, 1, true)));

    private static final Map<Case, Input> INPUTS = new ConcurrentHashMap<>();
    private static final Map<Case, Run> UNINTERRUPTED = new ConcurrentHashMap<>();

    @AfterContainer
    static void shutDown() {
        SYSTEM.terminate();
    }

    /** Every 5 hours from the SDSC excerpt's first submission, a component fails for 2 hours. */
    private static List<HealthChange> faults(IntFunction<String> component) {
        List<HealthChange> changes = new ArrayList<>();
        long t = 566129;
        for (int i = 0; i < 40; i++, t += 5 * 3600) {
            changes.add(new HealthChange(t, component.apply(i), false));
            changes.add(new HealthChange(t + 2 * 3600, component.apply(i), true));
        }
        changes.sort(Comparator.comparingLong(HealthChange::time));
        return changes;
    }

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.of(CASES);
    }

    @Property(tries = 24)
    void aCoreRestoredFromASnapshotGoesOnAsTheUninterruptedOne(@ForAll("cases") Case c,
                                                               @ForAll @IntRange(min = 1, max = 1000) int permille) {
        Run whole = UNINTERRUPTED.computeIfAbsent(c, k -> run(k, 0));
        int cut = Math.max(1, whole.instants() * permille / 1000);
        Run restored = run(c, cut);
        assertEquals(whole.instants(), restored.instants(), c + " cut after instant " + cut);
        assertEquals(whole.events(), restored.events(), c + " cut after instant " + cut);
    }

    /** On a machine of units the wide job holds the preempted jobs' units in the machine model: cut often there. */
    @Property(tries = 30)
    void aGangOnMidplanesIsRestoredFromASnapshot(@ForAll @IntRange(min = 1, max = 1000) int permille) {
        aCoreRestoredFromASnapshotGoesOnAsTheUninterruptedOne(CASES.get(1), permille);
    }

    @Property(tries = 1)
    void theCasesReachTheStateTheyAreMeantToCover() {
        Run pfcfs = UNINTERRUPTED.computeIfAbsent(CASES.get(0), k -> run(k, 0));
        assertTrue(pfcfs.events().stream().anyMatch(ContextSwitched.class::isInstance));
        Run pfcfsBgl = UNINTERRUPTED.computeIfAbsent(CASES.get(1), k -> run(k, 0));
        assertTrue(pfcfsBgl.events().stream().anyMatch(ContextSwitched.class::isInstance));
        Run krevat = UNINTERRUPTED.computeIfAbsent(CASES.get(4), k -> run(k, 0));
        assertTrue(krevat.events().stream().anyMatch(JobMigrated.class::isInstance));
        Run bgl = UNINTERRUPTED.computeIfAbsent(CASES.get(3), k -> run(k, 0));
        assertTrue(bgl.events().stream().anyMatch(JobKilled.class::isInstance));
        Run boots = UNINTERRUPTED.computeIfAbsent(CASES.get(7), k -> run(k, 0));
        assertTrue(boots.events().stream().anyMatch(BootFailed.class::isInstance));
        assertTrue(boots.events().stream().anyMatch(org.bgctl.scheduler.event.BlockFreed.class::isInstance));
        assertTrue(boots.events().stream().anyMatch(e -> e instanceof JobKilled k
                && boots.events().stream().anyMatch(s -> s instanceof JobStarted st && st.jobId() == k.jobId()
                && st.time() <= k.time() && k.time() < st.time() + st.boot())), "a midplane fails mid-boot");
    }

    /** A booting block is restored with its boot and the failure drawn for it: cut often there. */
    @Property(tries = 20)
    void bootingBlocksAreRestoredFromASnapshot(@ForAll @IntRange(min = 1, max = 1000) int permille) {
        aCoreRestoredFromASnapshotGoesOnAsTheUninterruptedOne(CASES.get(7), permille);
    }

    @Property(tries = 20)
    void readyBlocksAreRestoredFromASnapshot(@ForAll @IntRange(min = 1, max = 1000) int permille) {
        aCoreRestoredFromASnapshotGoesOnAsTheUninterruptedOne(CASES.get(8), permille);
    }

    /** The replay of {@code c} by the direct executor; after instant {@code cut} (none for 0) its core is restored. */
    private static Run run(Case c, int cut) {
        Input input = INPUTS.computeIfAbsent(c, CoreSnapshotPropertyTest::read);
        List<SchedulerEvent> events = new ArrayList<>();
        SchedulerCore core = core(c, input);
        DirectExecutor direct = new DirectExecutor(core, events::add);
        Arrivals arrivals = new Arrivals(input.jobs().iterator());
        HealthChanges health = new ScriptedChanges(c.faults());
        int instants = 0;
        while (true) {
            boolean jobsRemain = core.runningCount() > 0 || !core.queue().isEmpty();
            long t = HealthChanges.nextInstant(arrivals, core.nextEventTime(), jobsRemain, health);
            if (t == Long.MAX_VALUE) return new Run(events, instants);
            direct.step(t, health.nextTime() == t ? health.takeAt(t) : List.of(), arrivals.takeAt(t));
            if (++instants == cut) {
                core = restored(c, input, core.snapshot());
                direct = new DirectExecutor(core, events::add);
            }
        }
    }

    /** An empty core restored from {@code snapshot} after a round trip through the journal's serializer. */
    private static SchedulerCore restored(Case c, Input input, CoreSnapshot snapshot) {
        Serialization serialization = SerializationExtension.get(SYSTEM.classicSystem());
        Serializer serializer = serialization.findSerializerFor(snapshot);
        byte[] bytes = serialization.serialize(snapshot).get();
        CoreSnapshot read = (CoreSnapshot) serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, snapshot)).get();
        assertEquals(snapshot, read);
        SchedulerCore core = core(c, input);
        core.restore(read);
        assertEquals(snapshot, core.snapshot());
        return core;
    }

    private static SchedulerCore core(Case c, Input input) {
        return new SchedulerCore(Policies.create(c.scheduler(), c.settings(), input.calendar()),
                MachineCatalog.create(c.machine()), c.settings().bootDelay(), KillPolicy.REQUEUE, Integer.MAX_VALUE,
                c.boots());
    }

    private static Input read(Case c) {
        try (SwfReader reader = c.trace().open(false)) {
            Workload workload = new Workload(reader, c.workload(), MachineCatalog.create(c.machine()));
            List<Job> jobs = new ArrayList<>();
            workload.forEachRemaining(w -> jobs.add(w.job()));
            return new Input(jobs, TraceCalendars.of(reader.header(), reader.fileName()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
