package org.bgctl.scheduler.event;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Block;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;

/**
 * The journal's compact binary form of an {@link EventBatch}, version 1: the number of events, then each event as
 * a tag byte and its fields in the order of its record's components ({@link CompactOutput} says how a field is
 * written). Nested values are written the same way: a job as its fields, a geometry's shape after a presence
 * flag, a topology by a code of its own, an allocation as its partition and its claims (each a tag and fields).
 * The tags and codes are fixed: a new event type takes a new tag, a changed record a new version.
 */
final class EventBatchFormat {

    private static final int SUBMITTED = 1, STARTED = 2, FINISHED = 3, KILLED = 4, BLOCK_BOOTED = 5,
            BOOT_FAILED = 6, BLOCK_FREED = 7, CANCELLED = 8, REQUEUED = 9, COMPONENT_FAILED = 10,
            COMPONENT_REPAIRED = 11, MIGRATION_ATTEMPTED = 12, CHECKPOINTED = 13, MIGRATED = 14,
            CONTEXT_SWITCHED = 15, RESERVATION_PLACED = 16, RESERVATION_CANCELLED = 17;
    private static final int NODE_CLAIM = 1, PORT_CLAIM = 2;
    private static final int MESH = 0, TORUS = 1;

    private EventBatchFormat() {
    }

    static byte[] write(EventBatch batch) {
        CompactOutput out = new CompactOutput();
        out.writeInt(batch.events().size());
        for (SchedulerEvent e : batch.events()) event(out, e);
        return out.toByteArray();
    }

    /** @throws IllegalArgumentException when {@code bytes} are not a batch of this form */
    static EventBatch read(byte[] bytes) {
        CompactInput in = new CompactInput(bytes);
        int n = in.size("batch");
        List<SchedulerEvent> events = new ArrayList<>(n);
        for (int i = 0; i < n; i++) events.add(event(in));
        if (!in.atEnd()) throw new IllegalArgumentException("bytes left after " + n + " events");
        return new EventBatch(events);
    }

    private static void event(CompactOutput out, SchedulerEvent event) {
        if (event instanceof JobSubmitted e) {
            out.writeInt(SUBMITTED);
            job(out, e.job());
        } else if (event instanceof JobStarted e) {
            out.writeInt(STARTED);
            out.writeLong(e.jobId());
            out.writeLong(e.time());
            allocation(out, e.allocation());
            out.writeLong(e.boot());
            out.writeString(e.bootFailure());
            out.writeLong(e.free());
            out.writeBoolean(e.reused());
            out.writeBoolean(e.staysReady());
        } else if (event instanceof JobFinished e) {
            jobAt(out, FINISHED, e.jobId(), e.time());
        } else if (event instanceof JobKilled e) {
            jobAt(out, KILLED, e.jobId(), e.time());
            out.writeString(e.component());
        } else if (event instanceof BlockBooted e) {
            jobAt(out, BLOCK_BOOTED, e.jobId(), e.time());
        } else if (event instanceof BootFailed e) {
            jobAt(out, BOOT_FAILED, e.jobId(), e.time());
            out.writeString(e.midplane());
        } else if (event instanceof BlockFreed e) {
            jobAt(out, BLOCK_FREED, e.jobId(), e.time());
        } else if (event instanceof JobCancelled e) {
            jobAt(out, CANCELLED, e.jobId(), e.time());
        } else if (event instanceof JobRequeued e) {
            out.writeInt(REQUEUED);
            job(out, e.job());
            out.writeLong(e.time());
        } else if (event instanceof ComponentFailed e) {
            named(out, COMPONENT_FAILED, e.component(), e.time());
        } else if (event instanceof ComponentRepaired e) {
            named(out, COMPONENT_REPAIRED, e.component(), e.time());
        } else if (event instanceof MigrationAttempted e) {
            jobAt(out, MIGRATION_ATTEMPTED, e.jobId(), e.time());
            out.writeInt(e.largestFreeBefore());
            out.writeInt(e.largestFreeAfter());
            out.writeBoolean(e.performed());
        } else if (event instanceof JobCheckpointed e) {
            jobAt(out, CHECKPOINTED, e.jobId(), e.time());
        } else if (event instanceof JobMigrated e) {
            jobAt(out, MIGRATED, e.jobId(), e.time());
            allocation(out, e.allocation());
            out.writeLong(e.cost());
        } else if (event instanceof ContextSwitched e) {
            jobAt(out, CONTEXT_SWITCHED, e.jobId(), e.time());
            out.writeInt(e.number());
            longs(out, e.suspended());
            longs(out, e.resumed());
            out.writeBoolean(e.counted());
            out.writeLong(e.penalty());
        } else if (event instanceof ReservationPlaced e) {
            out.writeInt(RESERVATION_PLACED);
            reservation(out, e.reservation());
            out.writeLong(e.time());
        } else if (event instanceof ReservationCancelled e) {
            named(out, RESERVATION_CANCELLED, e.name(), e.time());
        } else {
            throw new IllegalArgumentException("no compact form for " + event.getClass().getName());
        }
    }

    private static SchedulerEvent event(CompactInput in) {
        int tag = in.readInt();
        return switch (tag) {
            case SUBMITTED -> new JobSubmitted(job(in));
            case STARTED -> new JobStarted(in.readLong(), in.readLong(), allocation(in), in.readLong(), in.readString(),
                    in.readLong(), in.readBoolean(), in.readBoolean());
            case FINISHED -> new JobFinished(in.readLong(), in.readLong());
            case KILLED -> new JobKilled(in.readLong(), in.readLong(), in.readString());
            case BLOCK_BOOTED -> new BlockBooted(in.readLong(), in.readLong());
            case BOOT_FAILED -> new BootFailed(in.readLong(), in.readLong(), in.readString());
            case BLOCK_FREED -> new BlockFreed(in.readLong(), in.readLong());
            case CANCELLED -> new JobCancelled(in.readLong(), in.readLong());
            case REQUEUED -> new JobRequeued(job(in), in.readLong());
            case COMPONENT_FAILED -> new ComponentFailed(in.readString(), in.readLong());
            case COMPONENT_REPAIRED -> new ComponentRepaired(in.readString(), in.readLong());
            case MIGRATION_ATTEMPTED -> new MigrationAttempted(in.readLong(), in.readLong(), in.readInt(), in.readInt(),
                    in.readBoolean());
            case CHECKPOINTED -> new JobCheckpointed(in.readLong(), in.readLong());
            case MIGRATED -> new JobMigrated(in.readLong(), in.readLong(), allocation(in), in.readLong());
            case CONTEXT_SWITCHED -> new ContextSwitched(in.readLong(), in.readLong(), in.readInt(), longs(in), longs(in),
                    in.readBoolean(), in.readLong());
            case RESERVATION_PLACED -> new ReservationPlaced(reservation(in), in.readLong());
            case RESERVATION_CANCELLED -> new ReservationCancelled(in.readString(), in.readLong());
            default -> throw new IllegalArgumentException("unknown event tag " + tag);
        };
    }

    private static void jobAt(CompactOutput out, int tag, long jobId, long time) {
        out.writeInt(tag);
        out.writeLong(jobId);
        out.writeLong(time);
    }

    private static void named(CompactOutput out, int tag, String name, long time) {
        out.writeInt(tag);
        out.writeString(name);
        out.writeLong(time);
    }

    private static void job(CompactOutput out, Job job) {
        out.writeLong(job.id());
        out.writeLong(job.submit());
        out.writeLong(job.runtime());
        out.writeLong(job.estimate());
        out.writeInt(job.size());
        out.writeLong(job.requestedTime());
        out.writeInt(job.user());
        out.writeInt(job.group());
        out.writeInt(job.executable());
        out.writeInt(job.queue());
        out.writeBoolean(job.walltimeKilled());
        Geometry g = job.geometry();
        out.writeBoolean(g.shape() != null);
        if (g.shape() != null) {
            out.writeInt(g.shape().x());
            out.writeInt(g.shape().y());
            out.writeInt(g.shape().z());
        }
        out.writeBoolean(g.rotations());
        out.writeInt(g.topology() == Topology.TORUS ? TORUS : MESH);
        out.writeBoolean(job.communication().intensive());
        out.writeDouble(job.communication().contiguousGain());
    }

    private static Job job(CompactInput in) {
        long id = in.readLong(), submit = in.readLong(), runtime = in.readLong(), estimate = in.readLong();
        int size = in.readInt();
        long requested = in.readLong();
        int user = in.readInt(), group = in.readInt(), executable = in.readInt(), queue = in.readInt();
        boolean walltimeKilled = in.readBoolean();
        Shape shape = in.readBoolean() ? new Shape(in.readInt(), in.readInt(), in.readInt()) : null;
        boolean rotations = in.readBoolean();
        int topology = in.readInt();
        Geometry geometry = new Geometry(shape, rotations, switch (topology) {
            case MESH -> Topology.MESH;
            case TORUS -> Topology.TORUS;
            default -> throw new IllegalArgumentException("unknown topology code " + topology);
        });
        Communication communication = new Communication(in.readBoolean(), in.readDouble());
        return new Job(id, submit, runtime, estimate, size, requested, user, group, executable, queue, walltimeKilled,
                geometry.equals(Geometry.ANY) ? Geometry.ANY : geometry,
                communication.equals(Communication.NOT_INTENSIVE) ? Communication.NOT_INTENSIVE : communication);
    }

    private static void allocation(CompactOutput out, Allocation allocation) {
        out.writeString(allocation.partition());
        out.writeInt(allocation.claims().size());
        for (Claim claim : allocation.claims()) {
            if (claim instanceof NodeClaim c) {
                out.writeInt(NODE_CLAIM);
                out.writeString(c.unit());
                out.writeInt(c.nodes());
                out.writeInt(c.blocks().size());
                for (Block b : c.blocks()) {
                    out.writeInt(b.x());
                    out.writeInt(b.y());
                    out.writeInt(b.width());
                    out.writeInt(b.height());
                }
                out.writeBoolean(c.contiguous());
            } else {
                PortClaim c = (PortClaim) claim;
                out.writeInt(PORT_CLAIM);
                out.writeString(c.unit());
                out.writeInt(c.ports());
            }
        }
    }

    private static Allocation allocation(CompactInput in) {
        String partition = in.readString();
        int n = in.size("claims");
        List<Claim> claims = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int tag = in.readInt();
            claims.add(switch (tag) {
                case NODE_CLAIM -> {
                    String unit = in.readString();
                    int nodes = in.readInt();
                    int blockCount = in.size("blocks");
                    List<Block> blocks = new ArrayList<>(blockCount);
                    for (int b = 0; b < blockCount; b++)
                        blocks.add(new Block(in.readInt(), in.readInt(), in.readInt(), in.readInt()));
                    yield new NodeClaim(unit, nodes, blocks, in.readBoolean());
                }
                case PORT_CLAIM -> new PortClaim(in.readString(), in.readInt());
                default -> throw new IllegalArgumentException("unknown claim tag " + tag);
            });
        }
        return new Allocation(partition, claims);
    }

    private static void reservation(CompactOutput out, Reservation r) {
        out.writeString(r.name());
        out.writeLong(r.start());
        out.writeLong(r.end());
        out.writeInt(r.nodes());
        out.writeInt(r.units().size());
        for (String unit : r.units()) out.writeString(unit);
        out.writeBoolean(r.all());
    }

    private static Reservation reservation(CompactInput in) {
        String name = in.readString();
        long start = in.readLong(), end = in.readLong();
        int nodes = in.readInt();
        int n = in.size("units");
        List<String> units = new ArrayList<>(n);
        for (int i = 0; i < n; i++) units.add(in.readString());
        return new Reservation(name, start, end, nodes, units, in.readBoolean());
    }

    private static void longs(CompactOutput out, List<Long> values) {
        out.writeInt(values.size());
        for (long v : values) out.writeLong(v);
    }

    private static List<Long> longs(CompactInput in) {
        int n = in.size("list");
        List<Long> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) values.add(in.readLong());
        return values;
    }
}
