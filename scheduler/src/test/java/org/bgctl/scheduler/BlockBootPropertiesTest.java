package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * held until it is freed ({@link BlockFreed}), and every block is freed in the end. With block reuse, a finished job's
 * block stays ready: a start on exactly it never boots, any other start that takes part of it frees it first and
 * boots after the free time, and every ready block is reused, freed, or still ready when the run ends.
 */
class BlockBootPropertiesTest {

    record Case(List<Job> jobs, double failure, boolean reuse) {
    }

    @Property(tries = 150)
    void noJobTakesABootingBlockAndEveryBootEndsReadyOrInError(@ForAll("cases") Case c) {
        BootModel model = c.reuse() ? BlockBootTest.boots(c.failure()).reusing() : BlockBootTest.boots(c.failure());
        List<SchedulerEvent> events = BlockBootTest.run(model, 3, List.of(), c.jobs().toArray(Job[]::new));
        TreeMap<String, Long> holder = new TreeMap<>();
        TreeMap<Long, JobStarted> booting = new TreeMap<>();
        java.util.TreeSet<Long> ready = new java.util.TreeSet<>();
        TreeMap<Long, Long> freeing = new TreeMap<>();
        TreeMap<Long, ReadyBlock> readyBlocks = new TreeMap<>();
        List<ReadyBlock> freedForStart = new ArrayList<>();
        int madeReady = 0;
        int reusedOrFreed = 0;
        for (SchedulerEvent e : events) {
            if (e instanceof JobStarted s) {
                if (s.reused()) {
                    assertEquals(0, s.boot(), "a reuse never boots");
                    assertNull(s.bootFailure(), "a reuse never boots");
                    ReadyBlock same = readyBlocks.values().stream().filter(b -> b.is(s.allocation())).findFirst()
                            .orElseThrow(() -> new AssertionError("job " + s.jobId() + " reuses a block that is not ready"));
                    readyBlocks.remove(same.jobId());
                    reusedOrFreed++;
                } else if (c.reuse()) {
                    long midplanes = s.allocation().nodes() / 512;
                    long free = freedForStart.isEmpty() ? 0 : model.free();
                    assertEquals(free + 100 + 10 * midplanes, s.boot(), "a boot starts once the ready blocks it takes are freed");
                    for (ReadyBlock b : freedForStart) assertTrue(b.overlaps(s.allocation()), "a ready block freed for nothing");
                }
                for (ReadyBlock b : readyBlocks.values())
                    assertFalse(b.overlaps(s.allocation()), "job " + s.jobId() + " takes a ready block that was not freed");
                freedForStart.clear();
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
                assertTrue(ready.remove(f.jobId()) || s.reused(), "job " + f.jobId() + " ends but its block was never ready");
                assertTrue(f.time() >= s.time() + s.boot(), "job " + f.jobId() + " ends before its block booted");
                if (s.staysReady()) {
                    readyBlocks.put(f.jobId(), new ReadyBlock(f.jobId(), s.allocation()));
                    madeReady++;
                }
                if (s.free() == 0) holder.values().removeIf(j -> j == f.jobId());
                else freeing.put(f.jobId(), f.time() + s.free());
            } else if (e instanceof BlockFreed b && readyBlocks.containsKey(b.jobId())) {
                freedForStart.add(readyBlocks.remove(b.jobId()));
                reusedOrFreed++;
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
        Assertions.assertEquals(List.of(), freedForStart, "ready blocks freed for no start");
        Assertions.assertEquals(madeReady, reusedOrFreed + readyBlocks.size(),
                "every ready block is reused, freed or ready at the end");
        if (!c.reuse()) Assertions.assertEquals(0, madeReady);
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Job> job = Combinators.combine(Arbitraries.longs().between(0, 3000),
                Arbitraries.longs().between(0, 2000), Arbitraries.longs().between(0, 500),
                Arbitraries.integers().between(1, 16)).as((submit, run, slack, midplanes) ->
                Job.of(0, submit, run, run + slack, midplanes * 512));
        return Combinators.combine(job.list().ofMinSize(1).ofMaxSize(25), Arbitraries.of(0.0, 0.05, 0.3),
                        Arbitraries.of(false, true))
                .as((jobs, failure, reuse) -> {
                    List<Job> sorted = new ArrayList<>(jobs);
                    sorted.sort((a, b) -> Long.compare(a.submit(), b.submit()));
                    List<Job> numbered = new ArrayList<>();
                    for (int i = 0; i < sorted.size(); i++) {
                        Job j = sorted.get(i);
                        numbered.add(Job.of(i + 1, j.submit(), j.runtime(), j.estimate(), j.size()));
                    }
                    return new Case(numbered, failure, reuse);
                });
    }
}
