package org.bgctl.live;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What {@code bgctl serve} runs.
 *
 * @param machine   the machine name, or null to take it from the run directory
 * @param scheduler the scheduler name, or null to take it from the run directory
 * @param speed     virtual seconds per wall second
 * @param trace     a trace to feed at that speed, if any
 * @param firstJobs only the trace's first N jobs (0: all)
 * @param run       the run directory: journal and summary.json
 * @param host      the address to bind
 * @param port      the port to bind, 0 for any free one
 * @param token     the token mutating calls must carry, if any
 */
public record ServeSpec(String machine, String scheduler, double speed, Optional<Path> trace, long firstJobs, Path run,
                        String host, int port, Optional<String> token) {
}
