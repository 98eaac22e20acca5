package org.bgctl.machine.bgl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Topology;

/**
 * Measures one partition search for one job on a half-full BG/L, and the building of the link-set
 * tables. A search remembers what it found per state of the machine, so every timed search is a first
 * one: each on its own state, never searched before, by a search that has not met that state; the
 * warm-up runs on other states. Run by hand (not a test):
 *
 * <pre>
 * mvn -pl midplane-agents test-compile dependency:build-classpath \
 *     -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath
 * cd midplane-agents &amp;&amp; java -cp target/test-classes:target/classes:$(cat target/test.classpath) \
 *     org.bgctl.machine.bgl.PartitionSearchBenchmark
 * </pre>
 */
public final class PartitionSearchBenchmark {
    private static final int WARM_UP_STATES = 500;
    private static final int WARM_UP_ROUNDS = 40;
    private static final int TIMED_STATES = 4000;
    private static final int LARGEST_JOB = 16;

    private PartitionSearchBenchmark() {
    }

    public static void main(String[] args) {
        reportTableBuild(Wiring.loadResource("bgl").line(Dimension.X));
        BglMachine machine = BglMachine.load("bgl");

        Random random = new Random(42);
        PartitionSearch warm = new PartitionSearch(machine);
        List<BglState> states = new ArrayList<>();
        List<PartitionRequest> jobs = new ArrayList<>();
        for (int i = 0; i < WARM_UP_STATES; i++) {
            states.add(halfFull(machine, warm, random));
            jobs.add(randomJob(random));
        }
        int found = 0;
        for (int round = 0; round < WARM_UP_ROUNDS; round++)
            for (int i = 0; i < WARM_UP_STATES; i++) found += warm.best(states.get(i), jobs.get(i)).isPresent() ? 1 : 0;

        // Fresh states (the last change of each is an allocation, so no search result is kept on it) for a fresh search.
        states.clear();
        jobs.clear();
        for (int i = 0; i < TIMED_STATES; i++) {
            states.add(halfFull(machine, warm, random));
            jobs.add(randomJob(random));
        }
        PartitionSearch search = new PartitionSearch(machine);
        found = 0;
        long[] nanos = new long[TIMED_STATES];
        for (int i = 0; i < TIMED_STATES; i++) {
            long start = System.nanoTime();
            Optional<Partition> best = search.best(states.get(i), jobs.get(i));
            nanos[i] = System.nanoTime() - start;
            found += best.isPresent() ? 1 : 0;
        }
        Arrays.sort(nanos);
        System.out.printf("search on a half-full machine, jobs of 1..%d midplanes, mesh or torus: "
                        + "median %.1f µs, p90 %.1f µs, max %.1f µs over %d searches (%d found a partition)%n",
                LARGEST_JOB, nanos[nanos.length / 2] / 1e3, nanos[nanos.length * 9 / 10] / 1e3,
                nanos[nanos.length - 1] / 1e3, nanos.length, found);
    }

    /** Times the first build in this JVM (class loading and interpreter included), then warm builds. */
    private static void reportTableBuild(LineWiring x) {
        long start = System.nanoTime();
        LinkSetTable first = LinkSetTable.build(x);
        long cold = System.nanoTime() - start;
        long[] warm = new long[20];
        for (int i = 0; i < warm.length; i++) {
            start = System.nanoTime();
            LinkSetTable.build(x);
            warm[i] = System.nanoTime() - start;
        }
        Arrays.sort(warm);
        byte[] file = LinkSetTableFile.encode(first, x);
        start = System.nanoTime();
        try {
            LinkSetTableFile.decode(file, x);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long load = System.nanoTime() - start;
        System.out.printf("x-line table %s: built in %.1f ms cold, %.2f ms warm (median); "
                        + "cache file %d bytes, decoded in %.1f ms%n",
                first, cold / 1e6, warm[warm.length / 2] / 1e6, file.length, load / 1e6);
    }

    /** Allocates random jobs until at least half the midplanes are used. */
    private static BglState halfFull(BglMachine machine, PartitionSearch search, Random random) {
        BglState state = machine.newState();
        int total = machine.shape().volume();
        while (state.usedMidplanes() < total / 2) {
            PartitionRequest job = randomJob(random);
            if (job.size() > total / 2 - state.usedMidplanes()) continue;
            search.best(state, job).ifPresent(state::allocate);
        }
        return state;
    }

    private static PartitionRequest randomJob(Random random) {
        return PartitionRequest.ofSize(1 + random.nextInt(LARGEST_JOB), random.nextBoolean() ? Topology.MESH : Topology.TORUS);
    }
}
