package org.bgctl.run;

import java.nio.file.Path;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.WorkloadOptions;

/**
 * Everything a replay needs.
 *
 * @param trace     the SWF trace
 * @param machine   machine name, as for {@code --machine}
 * @param scheduler policy name, as for {@code --scheduler}
 * @param workload  the workload transforms
 * @param lenient   skip (and count) malformed trace lines instead of stopping
 * @param out       the run directory (created; must not hold a journal already)
 * @param journal   where the journal lives
 * @param executor  actors or direct
 */
public record ReplaySpec(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                         boolean lenient, Path out, JournalKind journal, ExecutorKind executor) {
}
