package org.bgctl.live;

import java.nio.file.Path;
import java.util.Optional;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.workload.GeometryOptions;

/**
 * What {@code bgctl serve} runs.
 *
 * @param machine    the machine name, or null to take it from the run directory
 * @param scheduler  the scheduler name, or null to take it from the run directory
 * @param speed      virtual seconds per wall second
 * @param trace      a trace to feed at that speed, if any
 * @param firstJobs  only the trace's first N jobs (0: all)
 * @param run        the run directory: journal and summary.json
 * @param host       the address to bind
 * @param port       the port to bind, 0 for any free one
 * @param token      the token mutating calls must carry, if any
 * @param faults     a fault file applied on the live clock, if any
 * @param faultModel a random fault model applied on the live clock, if any
 * @param seed       seeds the fault model's draws
 * @param onKill     {@code requeue} or {@code fail}, or null to take it from the run directory (requeue when new)
 * @param onRestart  what becomes, when the server is started again, of the jobs that were running when it stopped
 * @param cluster    the cluster this server drives (agents sharded over its members, the scheduler its singleton
 *                   here), or empty for everything in this JVM
 */
public record ServeSpec(String machine, String scheduler, double speed, Optional<Path> trace, long firstJobs, Path run,
                        String host, int port, Optional<String> token, Optional<Path> faults,
                        Optional<Path> faultModel, long seed, String onKill, RestartPolicy onRestart,
                        Optional<ClusterOptions> cluster) {

    /** A server without faults, killed jobs as the run directory says, running jobs continued at a restart. */
    public ServeSpec(String machine, String scheduler, double speed, Optional<Path> trace, long firstJobs, Path run,
                     String host, int port, Optional<String> token) {
        this(machine, scheduler, speed, trace, firstJobs, run, host, port, token, Optional.empty(), Optional.empty(),
                GeometryOptions.DEFAULT_SEED, null, RestartPolicy.CONTINUE, Optional.empty());
    }
}
