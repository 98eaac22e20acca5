package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.JournalSchema;
import org.bgctl.journal.JournalSettings;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.DirectExecutor;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.Policy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActorReplayTest {

    static List<Job> randomJobs(long seed, int n, int maxSize) {
        Random rnd = new Random(seed);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 1; i <= n; i++) {
            t += rnd.nextInt(300);
            long run = rnd.nextInt(10) == 0 ? 0 : rnd.nextInt(4000);
            long est = run + rnd.nextInt(3000);
            jobs.add(Job.of(i, t, run, est, 1 + rnd.nextInt(maxSize)));
        }
        return jobs;
    }

    static List<SchedulerEvent> direct(String policy, int nodes, List<Job> jobs) {
        List<SchedulerEvent> events = new ArrayList<>();
        new DirectExecutor(new SchedulerCore(Policies.create(policy), machineFor(policy, nodes)), events::add)
                .run(new Arrivals(jobs.iterator()));
        return events;
    }

    static List<SchedulerEvent> actors(String policy, int nodes, List<Job> jobs, JournalKind journal, Path dir) {
        List<SchedulerEvent> events = new ArrayList<>();
        ActorReplay.run(JournalSettings.config(journal, dir).withFallback(ConfigFactory.load()),
                system -> JournalSchema.prepare(journal, system),
                () -> new SchedulerCore(Policies.create(policy), machineFor(policy, nodes)),
                new Arrivals(jobs.iterator()), events::add, 64);
        return events;
    }

    /** Flat:nodes, buddy:nodes and paragon-sdsc. */
    private static List<MachineModel> testMachines(int nodes) {
        return List.of(new FlatMachine(nodes), new BuddyMachine(nodes), MachineCatalog.create("paragon-sdsc"));
    }

    /** The first of {@link #testMachines} that {@code policy} can schedule. */
    static MachineModel machineFor(String policy, int nodes) {
        Policy p = Policies.create(policy);
        List<String> refusals = new ArrayList<>();
        for (MachineModel m : testMachines(nodes)) {
            try {
                p.requireSupported(m);
                if (!p.runsOn(m)) throw new IllegalArgumentException(policy + " does not run on " + m.name());
                return m;
            } catch (IllegalArgumentException e) {
                refusals.add(e.getMessage());
            }
        }
        throw new IllegalArgumentException("no test machine for " + policy + ": " + refusals);
    }

    @Test
    void actorRunEqualsDirectRunForEveryPolicy(@TempDir Path dir) {
        List<Job> jobs = randomJobs(7, 400, 64);
        List<String> policies = Policies.names().stream()
                .filter(n -> testMachines(64).stream().anyMatch(m -> Policies.create(n).runsOn(m))).toList();
        for (String policy : policies) {
            assertEquals(direct(policy, 64, jobs), actors(policy, 64, jobs, JournalKind.MEMORY, dir), policy);
        }
    }

    @Test
    void theH2JournalHoldsExactlyTheEventsOfTheRun(@TempDir Path dir) {
        List<Job> jobs = randomJobs(11, 300, 32);
        List<SchedulerEvent> live = actors("easy", 32, jobs, JournalKind.H2, dir);
        List<SchedulerEvent> journaled = new ArrayList<>();
        JournalReader.read(dir, journaled::add);
        assertEquals(direct("easy", 32, jobs), live);
        assertEquals(live, journaled);
    }
}
