package org.bgctl.live;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.run.ReplayParameters;
import org.bgctl.workload.GeometryOptions;

/**
 * What {@code bgctl serve} runs.
 *
 * @param parameters the run's parameters, as for {@code replay}: machine and scheduler (unset: taken from the run
 *                   directory), the scheduler's settings, the workload and geometry of the trace fed live, the faults
 *                   applied on the live clock; no executor or journal (a server journals to its run directory)
 * @param speed      virtual seconds per wall second; empty: the run directory's (1 when new)
 * @param run        the run directory: journal and summary.json
 * @param host       the address to bind
 * @param port       the port to bind, 0 for any free one
 * @param token      the token mutating calls must carry, if any
 * @param onRestart  what becomes, when the server is started again, of the jobs that were running when it stopped
 * @param cluster    the cluster this server drives (agents sharded over its members, the scheduler its singleton
 *                   here), or empty for everything in this JVM
 * @param override   a restart may change the inputs the journal records for the run (its trace, options and speed)
 */
public record ServeSpec(ReplayParameters parameters, OptionalDouble speed, Path run, String host, int port,
                        Optional<String> token, RestartPolicy onRestart, Optional<ClusterOptions> cluster,
                        boolean override) {

    public ServeSpec {
        Objects.requireNonNull(parameters, "parameters");
        for (String key : new String[] {"executor", "journal"})
            if (parameters.get(key).isPresent())
                throw new IllegalArgumentException(key + " does not apply to serve, which runs the actors and journals"
                        + " to the H2 file of its run directory");
    }

    /**
     * A server of {@code machine} and {@code scheduler} (null: the run directory's), a trace's first jobs fed live,
     * faults and a fault model seeded with {@code seed}, killed jobs as {@code onKill} says (null: the run
     * directory's, requeue when new).
     */
    public ServeSpec(String machine, String scheduler, double speed, Optional<Path> trace, long firstJobs, Path run,
                     String host, int port, Optional<String> token, Optional<Path> faults,
                     Optional<Path> faultModel, long seed, String onKill, RestartPolicy onRestart,
                     Optional<ClusterOptions> cluster) {
        this(ReplayParameters.none().with("machine", machine).with("scheduler", scheduler)
                        .with("trace", trace.orElse(null)).with("first_jobs", firstJobs == 0 ? null : firstJobs)
                        .with("faults", faults.orElse(null)).with("fault_model", faultModel.orElse(null))
                        .with("seed", seed == GeometryOptions.DEFAULT_SEED ? null : seed).with("on_kill", onKill),
                OptionalDouble.of(speed), run, host, port, token, onRestart, cluster, false);
    }

    /** A server without faults, killed jobs as the run directory says, running jobs continued at a restart. */
    public ServeSpec(String machine, String scheduler, double speed, Optional<Path> trace, long firstJobs, Path run,
                     String host, int port, Optional<String> token) {
        this(machine, scheduler, speed, trace, firstJobs, run, host, port, token, Optional.empty(), Optional.empty(),
                GeometryOptions.DEFAULT_SEED, null, RestartPolicy.CONTINUE, Optional.empty());
    }

    /** The machine name, or null to take it from the run directory. */
    public String machine() {
        return parameters.get("machine").orElse(null);
    }

    /** The scheduler name, or null to take it from the run directory. */
    public String scheduler() {
        return parameters.get("scheduler").orElse(null);
    }

    /** A trace to feed at the server's speed, if any. */
    public Optional<Path> trace() {
        return parameters.get("trace").map(Path::of);
    }

    /** {@code requeue} or {@code fail}, or null to take it from the run directory (requeue when new). */
    public String onKill() {
        return parameters.get("on_kill").orElse(null);
    }
}
