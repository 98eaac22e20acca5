package org.bgctl.machine.torus;

/**
 * Where a job goes, and how good that is.
 *
 * @param box                  the free box the job takes, normalized
 * @param largestFreeSizeAfter units in the largest free box left once the job holds {@code box}
 */
public record Placement(Box box, int largestFreeSizeAfter) {
}
