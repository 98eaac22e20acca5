package org.bgctl.workload;

import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineRegistry;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.machine.bgl.Shapes;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.TimeBounds;
import org.bgctl.swf.SwfField;
import org.bgctl.swf.SwfFormatException;
import org.bgctl.swf.SwfHeader;
import org.bgctl.swf.SwfReader;
import org.bgctl.swf.SwfRecord;

import java.io.Closeable;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Random;

/**
 * Turns the records of an SWF trace into schedulable jobs, lazily and in trace order.
 *
 * <p>Selection, in this order, on each record the reader returns:
 * <ol>
 *   <li><b>first N</b>: reading stops after {@code firstJobs} records, whether they end up kept, rejected
 *       or outside the window, so "first 500 jobs" means the trace's first 500 job lines. Lines a lenient
 *       reader skips as malformed are not records and do not count.</li>
 *   <li><b>partial execution</b>: a record of status 2, 3 or 4 (one part of a checkpointed or swapped job, whose
 *       summary line holds the whole job) is rejected as {@code partial_execution}; it takes no part in the order
 *       check below.</li>
 *   <li><b>unknown submit time</b>: a record whose submit time is -1 (unknown, in the SWF definition) is
 *       rejected as {@code submit_unknown}; it takes no part in the order check below.</li>
 *   <li><b>first N kept</b>: reading stops once {@code firstKept} jobs are kept; rejected records and
 *       records outside the window do not count.</li>
 *   <li><b>order</b>: a submit time below an earlier record's is an error naming the line in strict mode
 *       and is rejected as {@code submit_out_of_order} in lenient mode, so the stream's submit times never
 *       decrease.</li>
 *   <li><b>window</b>: records whose original submit time is below {@code fromSubmit} are passed over;
 *       the first at or above {@code toSubmit} ends the stream (traces are in submit order).</li>
 * </ol>
 *
 * <p>Rules for a record in the window, checked in this order:
 * <ul>
 *   <li>size = field 5 (allocated processors) if positive, else field 8 (requested processors); if not
 *       positive the job is rejected as {@code size_not_positive};</li>
 *   <li>field 4 (run time) -1, unknown: rejected as {@code runtime_unknown}; any other negative value: rejected
 *       as {@code runtime_negative};</li>
 *   <li>size scaling: {@code ceil(size × sizeMultiply / sizeDivide)}, rounding up so that no job shrinks to
 *       0 nodes (a 1-node job stays 1 node);</li>
 *   <li>units: with sizes in nodes, the job needs {@code u = ceil(size / g)} allocation units of the machine's
 *       granularity g (512-node midplanes on BG/L, single nodes on a flat machine); with sizes in units,
 *       {@code u = size} and the job asks for {@code u × g} nodes; more nodes than the machine has is
 *       rejected as {@code larger_than_machine};</li>
 *   <li>run time = field 4 × runtimeCoefficient and requested time = field 9 × runtimeCoefficient (field 9
 *       only when positive, else unknown, -1), each rounded to the nearest second, halves up;</li>
 *   <li>with enforceWalltime and a known requested time, a run time above it is cut to it and the job is
 *       marked {@link Job#walltimeKilled()};</li>
 *   <li>estimate = max(requested time, run time) when the requested time is known and the estimate source
 *       is {@link EstimateSource#REQUESTED}, else the run time;</li>
 *   <li>geometry (machines of midplanes; {@link GeometryOptions}): two numbers u1, u2 uniform in [0, 1)
 *       are drawn for every job that got this far, in trace order, from one generator seeded from the seed
 *       ({@link GeometryOptions#drawSeed()}),
 *       so a job's draws do not depend on the other options. The size s is u, or with fatSizes the volume of
 *       u's fat shape. The job asks for its fat shape when u1 &lt; fatProbability, else for the slim shape of
 *       s when the shape rule is slim, else for any box of s units; for a torus when u2 &lt;
 *       torusProbability, else a mesh; its box may be rotated unless rotations are off. A job with a box
 *       (or with fatSizes) asks for the nodes of all its units. A job the machine could never hold, not
 *       even empty, is rejected as {@code cannot_be_placed};</li>
 *   <li>submit = s0 + round((field 2 − s0) × arrivalScale), halves up, where s0 is the original submit time
 *       of the first job kept; so the default scale leaves submit times as in the trace;</li>
 *   <li>with {@link JobClasses}, each kept job in turn is drawn communication-intensive or not, from a
 *       second generator seeded with the seed itself: the two streams differ, so a job's class does not
 *       follow from its shape and topology draws.</li>
 * </ul>
 * Lines a lenient reader skipped count as {@code malformed_line}. Closing the workload closes the reader.
 */
public final class Workload implements Iterator<WorkloadJob>, Closeable {

    private final SwfReader reader;
    private final WorkloadOptions options;
    private final MachineModel machine;
    /** The machine's grid of allocation units, or null on a flat machine. */
    private final Shape grid;
    /** By size in units: its slim and its fat shape on {@link #grid}, worked out when first needed. */
    private final Shape[] slimShapes, fatShapes;
    private final Random random;
    private final Map<RejectionReason, Long> rejected = new EnumMap<>(RejectionReason.class);
    private final JobClassifier classifier;

    private long jobsRead;
    private long jobsKept;
    private long latestSubmit = Long.MIN_VALUE;
    private long firstKeptSubmit;
    private WorkloadJob next;
    private boolean finished;
    /** The last virtual second a job may be submitted at (a run's --until); the first job after it ends the workload. */
    private long until = Long.MAX_VALUE;

    /**
     * @param reader  the trace; the workload owns it from now on
     * @param options selection and transforms
     * @param machine the machine the jobs are for: its size, granularity and grid (not modified)
     * @throws IllegalArgumentException when the options give jobs shapes or topologies and the machine has
     *                                  no grid of allocation units
     */
    public Workload(SwfReader reader, WorkloadOptions options, MachineModel machine) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.options = Objects.requireNonNull(options, "options");
        this.machine = Objects.requireNonNull(machine, "machine");
        this.grid = machine.grid().orElse(null);
        this.slimShapes = new Shape[grid == null ? 0 : grid.volume() + 1];
        this.fatShapes = new Shape[slimShapes.length];
        checkFor(options, machine);
        this.random = new Random(options.geometry().drawSeed());
        this.classifier = options.jobClasses().any() ? new JobClassifier(options.jobClasses()) : null;
    }

    /**
     * Checks that {@code machine} can take the jobs {@code options} make, as a workload on it does when made, so that a
     * run can be refused before it starts.
     *
     * @throws IllegalArgumentException when the options give jobs shapes or topologies and the machine has no grid of
     *                                  allocation units, or count sizes in units on a supernode torus of many nodes
     *                                  per supernode or on a machine whose unit is one node (where they would change
     *                                  nothing)
     */
    public static void checkFor(WorkloadOptions options, MachineModel machine) {
        if (machine.grid().isEmpty() && options.geometry().shapesJobs())
            throw new IllegalArgumentException("job shapes, fat shapes, tori and pinned shapes need a machine of midplanes"
                    + " such as bgl; " + machine.name() + " has none");
        if (options.geometry().sizeUnit() == SizeUnit.UNITS
                && MachineRegistry.typeOf(machine.name()).has(MachineCapability.SUPERNODE_TORUS)
                && machine.capacity() > machine.units().size())
            throw new IllegalArgumentException("--sizes-in units: " + machine.name() + " counts job sizes in nodes;"
                    + " for a trace whose sizes count supernodes, give it one node per supernode (supernode:XxYxZ/1)");
        if (options.geometry().sizeUnit() == SizeUnit.UNITS && machine.granularity() == 1)
            throw new IllegalArgumentException("--sizes-in units: " + machine.name() + " allocates single nodes, so its"
                    + " sizes in units are sizes in nodes and the option changes nothing; leave it out (units are"
                    + " midplanes on a machine of midplanes such as bgl)");
    }

    /**
     * Ends the workload at the first job submitted after virtual second {@code until} (a replay's {@code --until}),
     * whose arrival the run never releases: that job's record is read and counted as the one that ended the window,
     * and no record after it is read, so {@link #jobsRead()} and {@link #rejections()} do not depend on how far ahead
     * of the run the trace was read. Returns this workload.
     */
    public Workload until(long until) {
        this.until = until;
        return this;
    }

    /** The trace's header. */
    public SwfHeader header() {
        return reader.header();
    }

    /** The jobs rejected so far, by reason. */
    public JobRejections rejections() {
        Map<RejectionReason, Long> counts = new EnumMap<>(rejected);
        counts.put(RejectionReason.MALFORMED_LINE, reader.skippedLines());
        return new JobRejections(counts);
    }

    /**
     * Records read from the trace so far, counted from its start: kept, rejected, before the window, and the
     * one that ended the window.
     */
    public long jobsRead() {
        return jobsRead;
    }

    /** Jobs handed out so far. */
    public long jobsKept() {
        return jobsKept;
    }

    @Override
    public boolean hasNext() {
        while (next == null && !finished) advance();
        return next != null;
    }

    @Override
    public WorkloadJob next() {
        // reads ahead here only when hasNext() was not asked first, as SwfReader.next() does, and for the same reason
        if (next == null && !hasNext()) throw new NoSuchElementException(reader.fileName() + ": no more jobs");
        WorkloadJob job = next;
        next = null;
        jobsKept++;
        return job;
    }

    /** Reads one record and either sets {@link #next}, counts it as passed over or rejected, or finishes. */
    private void advance() {
        if (options.firstJobs() > 0 && jobsRead >= options.firstJobs()
                || options.firstKept() > 0 && jobsKept >= options.firstKept() || !reader.hasNext()) {
            finished = true;
            return;
        }
        SwfRecord record = reader.next();
        jobsRead++;
        if (record.isPartialExecution()) {
            reject(RejectionReason.PARTIAL_EXECUTION);
            return;
        }
        if (record.submit() == SwfRecord.UNKNOWN) {
            reject(RejectionReason.SUBMIT_UNKNOWN);
            return;
        }
        if (record.submit() < latestSubmit) {
            SwfFormatException outOfOrder = new SwfFormatException(reader.fileName(), reader.lineNumber(),
                    SwfField.SUBMIT, "'" + record.submit() + "' is earlier than an earlier job's submit time "
                    + latestSubmit);
            if (!reader.isLenient()) throw outOfOrder;
            reader.keepMessage(outOfOrder.getMessage());
            reject(RejectionReason.SUBMIT_OUT_OF_ORDER);
            return;
        }
        latestSubmit = record.submit();
        if (record.submit() >= options.toSubmit()) {
            finished = true;
        } else if (record.submit() >= options.fromSubmit()) {
            next = transform(record);
            if (next != null && next.job().submit() > until) {
                next = null;
                finished = true;
            }
        }
    }

    private WorkloadJob transform(SwfRecord r) {
        long procs = r.allocProcs() > 0 ? r.allocProcs() : r.reqProcs();
        if (procs <= 0) return reject(RejectionReason.SIZE_NOT_POSITIVE);
        if (r.runTime() == SwfRecord.UNKNOWN) return reject(RejectionReason.RUNTIME_UNKNOWN);
        if (r.runTime() < 0) return reject(RejectionReason.RUNTIME_NEGATIVE);
        long scaled = procs * options.sizeMultiply();
        long size = (scaled + options.sizeDivide() - 1) / options.sizeDivide();
        GeometryOptions g = options.geometry();
        int granularity = machine.granularity();
        long nodes = g.sizeUnit() == SizeUnit.UNITS ? size * granularity : size;
        if (nodes > machine.capacity()) return reject(RejectionReason.LARGER_THAN_MACHINE);
        int units = (int) ((nodes + granularity - 1) / granularity);

        long runtime = Math.round(r.runTime() * options.runtimeCoefficient());
        boolean requestKnown = r.reqTime() > 0;
        long requested = requestKnown ? Math.round(r.reqTime() * options.runtimeCoefficient()) : -1;
        boolean killed = options.enforceWalltime() && requestKnown && runtime > requested;
        if (killed) runtime = requested;
        long estimate = requestKnown && options.estimateSource() == EstimateSource.REQUESTED
                ? Math.max(requested, runtime) : runtime;

        double fatDraw = random.nextDouble();
        double torusDraw = random.nextDouble();
        Geometry geometry = Geometry.ANY;
        if (grid != null) {
            int sized = g.fatSizes() ? fat(units).volume() : units;
            Shape shape = fatDraw < g.fatProbability() ? fat(units) : g.shapes() == ShapeRule.SLIM ? slim(sized) : null;
            Topology topology = torusDraw < g.torusProbability() ? Topology.TORUS : Topology.MESH;
            geometry = shape == null ? Geometry.anyShape(topology) : Geometry.box(shape, g.rotations(), topology);
            if (shape != null) nodes = (long) shape.volume() * granularity;
            else if (g.fatSizes()) nodes = (long) sized * granularity;
        }
        if (machine.unplaceable(new Demand((int) nodes, geometry)).isPresent())
            return reject(RejectionReason.CANNOT_BE_PLACED);

        if (jobsKept == 0) firstKeptSubmit = r.submit();
        long offset = Math.round((r.submit() - firstKeptSubmit) * options.arrivalScale());
        // saturates, as Math.round does: a huge scale must not wrap the submit time round to a negative one
        long submit = offset > Long.MAX_VALUE - firstKeptSubmit ? Long.MAX_VALUE : firstKeptSubmit + offset;
        if (submit > TimeBounds.MAX_TIME || estimate > TimeBounds.MAX_DURATION)
            throw new IllegalArgumentException(reader.fileName() + " line " + reader.lineNumber() + ": job " + r.jobId()
                    + (submit > TimeBounds.MAX_TIME ? " is submitted at " + submit + " s after the arrival scaling, above"
                    + " the limit of " + TimeBounds.describe(TimeBounds.MAX_TIME)
                    : " runs or is estimated " + estimate + " s after --runtime-coefficient, above the limit of "
                    + TimeBounds.describe(TimeBounds.MAX_DURATION)));

        Job job = new Job(r.jobId(), submit, runtime, estimate, (int) nodes, requested,
                r.user(), r.group(), r.executable(), r.queue(), killed, geometry,
                classifier == null ? Communication.NOT_INTENSIVE : classifier.next());
        return new WorkloadJob(job, r);
    }

    /** The fat shape of a job of {@code units} units ({@link Shapes#fat}). */
    private Shape fat(int units) {
        if (units >= fatShapes.length) return Shapes.fat(units, grid);
        Shape known = fatShapes[units];
        return known != null ? known : (fatShapes[units] = Shapes.fat(units, grid));
    }

    /** The slim shape of a job of {@code units} units ({@link Shapes#slim}). */
    private Shape slim(int units) {
        if (units >= slimShapes.length) return Shapes.slim(units, grid);
        Shape known = slimShapes[units];
        return known != null ? known : (slimShapes[units] = Shapes.slim(units, grid));
    }

    /** Counts a rejection; returns null so callers can {@code return reject(...)} for "no job". */
    private WorkloadJob reject(RejectionReason reason) {
        rejected.merge(reason, 1L, Long::sum);
        return null;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
