package org.bgctl.scheduler.policy.pfcfs;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.Job;

/** Random parameters and jobs for the property tests of preemptive FCFS. */
final class RandomGangs {

    private RandomGangs() {
    }

    /** x in 20..80%, δ in 0..100 s, Δ in 1..300 s, n in 1..6, penalty in 0..10 s. */
    static Arbitrary<GangSettings> settings() {
        return Combinators.combine(
                Arbitraries.integers().between(20, 80), Arbitraries.longs().between(0, 100),
                Arbitraries.longs().between(1, 300), Arbitraries.integers().between(1, 6),
                Arbitraries.longs().between(0, 10)).as((x, d, g, n, p) -> new GangSettings(x, d, g, n, p));
    }

    /** 1 to {@code most} jobs of 1 to {@code nodes} nodes, 0 to 800 s each, 0 to 200 s apart. */
    static Arbitrary<List<Job>> jobs(int nodes, int most) {
        return Combinators.combine(Arbitraries.longs().between(0, 200), Arbitraries.longs().between(0, 800),
                        Arbitraries.integers().between(1, nodes)).as((gap, run, size) -> new long[] {gap, run, size})
                .list().ofMinSize(1).ofMaxSize(most).map(specs -> {
                    List<Job> jobs = new ArrayList<>();
                    long t = 0;
                    for (int i = 0; i < specs.size(); i++) {
                        t += specs.get(i)[0];
                        jobs.add(Job.of(i + 1, t, specs.get(i)[1], specs.get(i)[1], (int) specs.get(i)[2]));
                    }
                    return jobs;
                });
    }
}
