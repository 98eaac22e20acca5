package org.bgctl.scheduler.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.ReadyBlock;
import org.bgctl.scheduler.event.JobStarted;

/**
 * The ready blocks of a recorded run whose blocks are reused (docs/blocks.md): a finished job's block that its start
 * said stays ready holds nothing, but it must be reused whole or freed ({@code BlockFreed}) before a start or a failed
 * component takes part of it.
 */
final class ReadyBlockLedger {

    /** The running jobs whose block stays ready once they finished. */
    private final TreeSet<Long> staying = new TreeSet<>();
    private final TreeMap<Long, ReadyBlock> ready = new TreeMap<>();

    /** What is wrong with start {@code s} on the ready blocks, if anything; a reused block stops being ready. */
    List<String> started(JobStarted s) {
        List<String> wrong = new ArrayList<>();
        Allocation a = s.allocation();
        if (s.reused()) {
            ReadyBlock same = null;
            for (ReadyBlock b : ready.values()) if (b.is(a)) same = b;
            if (same == null) wrong.add("job " + s.jobId() + " reuses " + a.partition() + ", which is not a ready block");
            else ready.remove(same.jobId());
            if (s.boot() != 0) wrong.add("job " + s.jobId() + " reuses a ready block but boots for " + s.boot() + " s");
        }
        for (ReadyBlock b : ready.values())
            if (b.overlaps(a)) wrong.add("job " + s.jobId() + " starts on " + a.partition() + ", which takes part of job "
                    + b.jobId() + "'s ready block " + b.allocation().partition() + " without freeing it");
        if (s.staysReady()) staying.add(s.jobId());
        return wrong;
    }

    /** Job {@code jobId} finished on {@code block}: it stays ready if its start said so. */
    void finished(long jobId, Allocation block) {
        if (staying.remove(jobId)) ready.put(jobId, new ReadyBlock(jobId, block));
    }

    /** Job {@code jobId} ended otherwise (killed, failed to boot, cancelled): its block is freed at once. */
    void ended(long jobId) {
        staying.remove(jobId);
    }

    /** Whether job {@code jobId}'s ready block was there to be freed; it is not ready any more. */
    boolean freed(long jobId) {
        return ready.remove(jobId) != null;
    }

    /** The ready blocks that {@code parts} (a failed component's) strike, which should have been freed. */
    List<ReadyBlock> struck(List<Claim> parts) {
        List<ReadyBlock> struck = new ArrayList<>();
        for (ReadyBlock b : ready.values())
            if (b.overlaps(new Allocation("", parts))) struck.add(b);
        return struck;
    }

    /** The ready blocks, by the id of the job that last ran on them. */
    SortedMap<Long, Allocation> blocks() {
        TreeMap<Long, Allocation> blocks = new TreeMap<>();
        ready.forEach((job, b) -> blocks.put(job, b.allocation()));
        return blocks;
    }
}
