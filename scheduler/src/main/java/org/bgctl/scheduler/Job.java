package org.bgctl.scheduler;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Comparator;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;

/**
 * A job as the scheduler sees it, after the workload transforms.
 *
 * @param id            job id (SWF field 1)
 * @param submit        submit time in seconds
 * @param runtime       actual run time in seconds (what the job will really use)
 * @param estimate      the run time the scheduler believes (SWF field 9 or the exact run time)
 * @param size          requested size in nodes
 * @param requestedTime the user's wall-time limit (SWF field 9), or -1 when unknown
 * @param user          SWF field 12, -1 when unknown
 * @param group         SWF field 13, -1 when unknown
 * @param executable    SWF field 14, -1 when unknown
 * @param queue         SWF field 15, -1 when unknown
 * @param walltimeKilled true when the run time was cut at the wall-time limit (the job is
 *                       killed then, as production schedulers do)
 * @param geometry      the box and topology asked for on a machine of midplanes (flat machines
 *                      ignore it); a job recorded without one asks for any box, as a mesh
 * @param communication whether the job is communication-intensive, and what a contiguous block saves it;
 *                      a job recorded without one is not communication-intensive
 */
public record Job(long id, long submit, long runtime, long estimate, int size, long requestedTime,
                  int user, int group, int executable, int queue, boolean walltimeKilled, Geometry geometry,
                  Communication communication) {

    /** Queue order: (submit, job id). */
    public static final Comparator<Job> QUEUE_ORDER = (a, b) -> {
        int bySubmit = Long.compare(a.submit(), b.submit());
        return bySubmit != 0 ? bySubmit : Long.compare(a.id(), b.id());
    };

    @JsonCreator
    public Job {
        if (communication == null) communication = Communication.NOT_INTENSIVE;
        if (size <= 0) throw new IllegalArgumentException("job " + id + ": size must be positive, was " + size);
        if (runtime < 0) throw new IllegalArgumentException("job " + id + ": runtime must not be negative, was " + runtime);
        if (estimate < runtime)
            throw new IllegalArgumentException("job " + id + ": estimate " + estimate + " below runtime " + runtime);
        if (geometry == null) geometry = Geometry.ANY;
        if (communication == null) communication = Communication.NOT_INTENSIVE;
    }

    /** A job that asks for any box, mesh, and is not communication-intensive. */
    public Job(long id, long submit, long runtime, long estimate, int size, long requestedTime,
               int user, int group, int executable, int queue, boolean walltimeKilled) {
        this(id, submit, runtime, estimate, size, requestedTime, user, group, executable, queue, walltimeKilled,
                Geometry.ANY, Communication.NOT_INTENSIVE);
    }

    /** A job that asks for {@code geometry} and is not communication-intensive. */
    public Job(long id, long submit, long runtime, long estimate, int size, long requestedTime,
               int user, int group, int executable, int queue, boolean walltimeKilled, Geometry geometry) {
        this(id, submit, runtime, estimate, size, requestedTime, user, group, executable, queue, walltimeKilled,
                geometry, Communication.NOT_INTENSIVE);
    }

    /** A job that asks for any box, mesh, in communication class {@code communication}. */
    public Job(long id, long submit, long runtime, long estimate, int size, long requestedTime,
               int user, int group, int executable, int queue, boolean walltimeKilled,
               Communication communication) {
        this(id, submit, runtime, estimate, size, requestedTime, user, group, executable, queue, walltimeKilled,
                Geometry.ANY, communication);
    }

    /** This job with another communication class. */
    public Job withCommunication(Communication c) {
        return new Job(id, submit, runtime, estimate, size, requestedTime, user, group, executable, queue,
                walltimeKilled, geometry, c);
    }

    /** The run time on {@code allocation}: shorter on a contiguous block for a communication-intensive job. */
    public long runtimeOn(Allocation allocation) {
        return communication.intensive() && allocation.contiguous() ? communication.shortened(runtime) : runtime;
    }

    /** The estimate on {@code allocation}, shortened like {@link #runtimeOn} (so it stays at or above it). */
    public long estimateOn(Allocation allocation) {
        return communication.intensive() && allocation.contiguous() ? communication.shortened(estimate) : estimate;
    }

    /** Whether the estimate is more than twice the run time (Subramani et al., section 5). */
    public boolean badlyEstimated() {
        return estimate > 2 * runtime;
    }

    /** A job with only the fields scheduling needs; the rest unknown, any box, mesh. */
    public static Job of(long id, long submit, long runtime, long estimate, int size) {
        return new Job(id, submit, runtime, estimate, size, -1, -1, -1, -1, -1, false, Geometry.ANY,
                Communication.NOT_INTENSIVE);
    }

    /** This job asking for {@code geometry} instead. */
    public Job withGeometry(Geometry geometry) {
        return new Job(id, submit, runtime, estimate, size, requestedTime, user, group, executable, queue,
                walltimeKilled, geometry, communication);
    }

    /** What the job asks of the machine. */
    public Demand demand() {
        return new Demand(size, geometry);
    }
}
