package org.bgctl.workload;

/**
 * How a trace's scalar sizes become jobs on a machine of 3D allocation units, after the simulation
 * environment of the BG/L allocation study (Aridor et al. 2005); see {@link Workload} for the rules.
 * Every random choice comes from one generator seeded with {@link #drawSeed()}, derived from the run's
 * {@code seed}.
 *
 * @param sizeUnit         what the trace's sizes count, after the size scaling
 * @param shapes           the box a job asks for unless it is drawn fat
 * @param fatProbability   the probability that a job asks for its fat shape instead (0 to 1)
 * @param fatSizes         round every size up to its fat shape's volume first, so that slim and fat
 *                         workloads have the same sizes (the study's Figure 8)
 * @param rotations        whether a job's box may be placed rotated
 * @param torusProbability the probability that a job asks for a torus rather than a mesh (0 to 1)
 * @param seed             the run's seed, the same one that draws the job classes ({@link JobClasses})
 */
public record GeometryOptions(SizeUnit sizeUnit, ShapeRule shapes, double fatProbability, boolean fatSizes,
                              boolean rotations, double torusProbability, long seed) {

    /** The seed used when none is given. */
    public static final long DEFAULT_SEED = 1;

    /** Sizes in nodes, any box, mesh: what a machine without geometry needs. */
    public static final GeometryOptions NONE =
            new GeometryOptions(SizeUnit.NODES, ShapeRule.FREE, 0, false, true, 0, DEFAULT_SEED);

    public GeometryOptions {
        if (sizeUnit == null) throw new IllegalArgumentException("a size unit is required");
        if (shapes == null) throw new IllegalArgumentException("a shape rule is required");
        if (!(fatProbability >= 0 && fatProbability <= 1))
            throw new IllegalArgumentException("--fat-probability must be between 0 and 1, was " + fatProbability);
        if (!(torusProbability >= 0 && torusProbability <= 1))
            throw new IllegalArgumentException("--torus-probability must be between 0 and 1, was " + torusProbability);
    }

    /** Mixed into {@link #seed} so the geometry draws are a stream of their own. */
    private static final long GEOMETRY_STREAM = 0x9E3779B97F4A7C15L;

    /**
     * The seed of the generator of the shape and topology draws: the run's seed mixed with a constant.
     * The job classes draw from a generator seeded with the run's seed itself; were both seeded alike
     * they would give the same sequence, and a job's class would follow from the numbers that chose its
     * shape and topology.
     */
    public long drawSeed() {
        return seed ^ GEOMETRY_STREAM;
    }

    /** Whether these options give jobs shapes or topologies, which only a machine of midplanes has. */
    public boolean shapesJobs() {
        return shapes != ShapeRule.FREE || fatProbability > 0 || fatSizes || torusProbability > 0 || !rotations;
    }
}
