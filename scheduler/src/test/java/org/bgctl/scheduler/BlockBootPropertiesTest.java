package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.scheduler.event.BlockBooted;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Assertions;

/**
 * Block boots on random workloads of small-bgl under EASY, with and without boot failures: no job is given a
 * midplane of a block booting (or running) for another job, and every boot ends at the boot's end either ready
 * ({@link BlockBooted}; its job then runs and finishes) or in error ({@link BootFailed}); a finished job's block is
 * held until it is freed ({@link BlockFreed}), and every block is freed in the end.
 */
class BlockBootPropertiesTest {

    record Case(List<Job> jobs, double failure) {
    }

    @Property(tries = 150)
    void noJobTakesABootingBlockAndEveryBootEndsReadyOrInError(@ForAll("cases") Case c) {
        List<SchedulerEvent> events = BlockBootTest.run(BlockBootTest.boots(c.failure()), 3, List.of(),
                c.jobs().toArray(Job[]::new));
        TreeMap<String, Long> holder = new TreeMap<>();
        TreeMap<Long, JobStarted> booting = new TreeMap<>();
        java.util.TreeSet<Long> ready = new java.util.TreeSet<>();
        TreeMap<Long, Long> freeing = new TreeMap<>();
        for (SchedulerEvent e : events) {
            if (e instanceof JobStarted s) {
                for (Claim claim : s.allocation().claims())
                    if (claim instanceof NodeClaim n) {
                        Long other = holder.put(n.unit(), s.jobId());
                        assertNull(other, "job " + s.jobId() + " takes " + n.unit() + " of job " + other + " at " + s.time());
                    }
                assertNull(booting.put(s.jobId(), s), "job " + s.jobId() + " started twice");
            } else if (e instanceof BlockBooted b) {
                JobStarted s = booting.get(b.jobId());
                assertNotNull(s, "job " + b.jobId() + "'s block is ready but was not booting");
                assertNull(s.bootFailure(), "a block whose boot fails is never ready");
                assertEquals(s.time() + s.boot(), b.time(), "a block is ready at the boot's end");
                assertTrue(ready.add(b.jobId()), "job " + b.jobId() + "'s block is ready twice");
            } else if (e instanceof JobFinished f) {
                JobStarted s = booting.remove(f.jobId());
                assertNotNull(s);
                assertTrue(ready.remove(f.jobId()), "job " + f.jobId() + " ends but its block was never ready");
                assertTrue(f.time() >= s.time() + s.boot(), "job " + f.jobId() + " ends before its block booted");
                if (s.free() == 0) holder.values().removeIf(j -> j == f.jobId());
                else freeing.put(f.jobId(), f.time() + s.free());
            } else if (e instanceof BlockFreed b) {
                assertEquals(freeing.remove(b.jobId()), b.time(), "a block is freed its free time after its job finished");
                holder.values().removeIf(j -> j == b.jobId());
            } else if (e instanceof BootFailed b) {
                JobStarted s = booting.remove(b.jobId());
                assertNotNull(s);
                assertEquals(s.bootFailure(), b.midplane());
                assertEquals(s.time() + s.boot(), b.time(), "a failed boot ends at the boot's end");
                holder.values().removeIf(j -> j == b.jobId());
            }
        }
        Assertions.assertEquals(List.of(), List.copyOf(booting.keySet()), "boots that never ended");
        Assertions.assertEquals(List.of(), List.copyOf(freeing.keySet()), "blocks never freed");
        Assertions.assertEquals(List.of(), List.copyOf(holder.keySet()), "midplanes left held");
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Job> job = Combinators.combine(Arbitraries.longs().between(0, 3000),
                Arbitraries.longs().between(0, 2000), Arbitraries.longs().between(0, 500),
                Arbitraries.integers().between(1, 16)).as((submit, run, slack, midplanes) ->
                Job.of(0, submit, run, run + slack, midplanes * 512));
        return Combinators.combine(job.list().ofMinSize(1).ofMaxSize(25), Arbitraries.of(0.0, 0.05, 0.3))
                .as((jobs, failure) -> {
                    List<Job> sorted = new ArrayList<>(jobs);
                    sorted.sort((a, b) -> Long.compare(a.submit(), b.submit()));
                    List<Job> numbered = new ArrayList<>();
                    for (int i = 0; i < sorted.size(); i++) {
                        Job j = sorted.get(i);
                        numbered.add(Job.of(i + 1, j.submit(), j.runtime(), j.estimate(), j.size()));
                    }
                    return new Case(numbered, failure);
                });
    }
}
