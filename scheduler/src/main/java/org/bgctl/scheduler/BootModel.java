package org.bgctl.scheduler;

import java.util.SplittableRandom;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;

/**
 * How long a block boots and whether its boot fails (docs/blocks.md): a block of m midplanes boots for
 * {@code base + perMidplane × m} seconds, and each of its midplanes fails the boot with probability
 * {@code failure}, drawn from the run's seed, the job and the instant of the start, so that every executor and
 * every resumed run draws the same. {@link #NONE}: jobs run from their start decision (or after the flat boot
 * delay), and no boot fails. A block whose job finished is freed {@code free} seconds later (deallocated); one
 * whose boot failed, or that a failed component or a cancellation ended, is freed at once. With {@code reuse}, a
 * block whose job finished stays ready instead, for a job given exactly that block to start on without a boot.
 *
 * @param base             seconds every boot takes
 * @param perMidplane      seconds each midplane of the block adds
 * @param nodesPerMidplane nodes of one midplane; 0 for {@link #NONE}
 * @param failure          probability that one midplane fails one boot, in [0, 1)
 * @param seed             the run's seed
 * @param free             seconds a block takes to be freed once its job finished
 * @param reuse            whether a finished job's block stays ready for reuse (docs/blocks.md)
 */
public record BootModel(long base, long perMidplane, int nodesPerMidplane, double failure, long seed, long free,
                        boolean reuse) {

    /** No boots. */
    public static final BootModel NONE = new BootModel(0, 0, 0, 0, 0, 0);

    /** A model whose finished jobs' blocks are freed (no reuse). */
    public BootModel(long base, long perMidplane, int nodesPerMidplane, double failure, long seed, long free) {
        this(base, perMidplane, nodesPerMidplane, failure, seed, free, false);
    }

    public BootModel {
        if (base < 0 || perMidplane < 0 || free < 0) throw new IllegalArgumentException("boot times must not be"
                + " negative, were " + base + ", " + perMidplane + " per midplane and " + free + " to free");
        if (nodesPerMidplane < 0) throw new IllegalArgumentException("nodes per midplane must not be negative");
        if (!(failure >= 0 && failure < 1))
            throw new IllegalArgumentException("the boot-failure probability must be in [0, 1), was " + failure);
        if (nodesPerMidplane == 0 && (base != 0 || perMidplane != 0 || failure != 0 || free != 0 || reuse))
            throw new IllegalArgumentException("boots need a machine of midplanes");
    }

    /** Whether blocks boot. */
    public boolean on() {
        return nodesPerMidplane > 0;
    }

    /** This model with each midplane failing a boot with probability {@code p}. */
    public BootModel failing(double p) {
        return new BootModel(base, perMidplane, nodesPerMidplane, p, seed, free, reuse);
    }

    /** This model with finished jobs' blocks kept ready for reuse. */
    public BootModel reusing() {
        return new BootModel(base, perMidplane, nodesPerMidplane, failure, seed, free, true);
    }

    /** Seconds a block of {@code nodes} nodes (rounded up to whole midplanes) boots; 0 without boots. */
    public long seconds(int nodes) {
        if (!on()) return 0;
        long midplanes = (nodes + (long) nodesPerMidplane - 1) / nodesPerMidplane;
        return TimeBounds.plus(base, perMidplane * midplanes);
    }

    /**
     * The midplane whose boot fails when job {@code jobId}'s block {@code block} boots from {@code time}: the first
     * of its midplanes, in claim order, whose draw falls below the failure probability; null when the boot succeeds.
     */
    public String failingMidplane(long jobId, long time, Allocation block) {
        if (failure == 0) return null;
        SplittableRandom draws = new SplittableRandom(seed ^ jobId * 0x9E3779B97F4A7C15L ^ time * 0xC2B2AE3D27D4EB4FL);
        for (Claim c : block.claims())
            if (c instanceof NodeClaim n && draws.nextDouble() < failure) return n.unit();
        return null;
    }
}
