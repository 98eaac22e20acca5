package org.bgctl.machine.bgl;

import java.util.Collection;
import org.bgctl.machine.Shape;

/**
 * A set of lines of each dimension of a machine, such as the lines that partitions released since a search
 * found no room span. A box that spans none of them in any dimension is as it was then — its midplanes, their
 * switches, the cables and switches of its lines untouched — so it still has no room. Immutable.
 *
 * <p>A line of dimension d is named by the other two coordinates, the lower dimension's {@code a} and the
 * higher one's {@code b} (x-line: a = y, b = z; y-line: a = x, b = z; z-line: a = x, b = y); the set is kept
 * as one mask of {@code a} per {@code b}.
 */
final class Lines {
    /** [dimension ordinal][b]: bit a set when the line (a, b) is in the set. */
    private final int[][] rows;
    private final boolean empty;

    private Lines(int[][] rows, boolean empty) {
        this.rows = rows;
        this.empty = empty;
    }

    /** No line of a machine of {@code size} midplanes. */
    static Lines none(Shape size) {
        return new Lines(new int[][] {new int[size.z()], new int[size.z()], new int[size.y()]}, true);
    }

    /** These lines and every line, of each dimension, that one of {@code partitions} spans. */
    Lines with(Collection<Partition> partitions, Shape size) {
        if (partitions.isEmpty()) return this;
        int[][] union = copyRows();
        for (Partition p : partitions) {
            int xArc = Grid.arc(p.base().x(), p.shape().x(), size.x());
            int yArc = Grid.arc(p.base().y(), p.shape().y(), size.y());
            int zArc = Grid.arc(p.base().z(), p.shape().z(), size.z());
            add(union[0], yArc, zArc);
            add(union[1], xArc, zArc);
            add(union[2], xArc, yArc);
        }
        return new Lines(union, false);
    }

    /** These lines and those of {@code other} (of the same machine). */
    Lines or(Lines other) {
        if (other.empty) return this;
        if (empty) return other;
        int[][] union = copyRows();
        for (int d = 0; d < 3; d++)
            for (int b = 0; b < union[d].length; b++) union[d][b] |= other.rows[d][b];
        return new Lines(union, false);
    }

    private int[][] copyRows() {
        return BglState.deepCopy(rows);
    }

    private static void add(int[] rows, int aArc, int bArc) {
        for (int b = 0; b < rows.length; b++)
            if ((bArc >> b & 1) != 0) rows[b] |= aArc;
    }

    /** Whether the set has no line. */
    boolean isEmpty() {
        return empty;
    }

    /**
     * Whether a box whose lower other coordinate covers the mask {@code aArc} and whose higher one covers
     * {@code b, b+1, ..., b+eb-1} (mod {@code nb}) spans one of the lines of dimension {@code d} in the set.
     */
    boolean spannedBy(int d, int aArc, int b, int eb, int nb) {
        int[] row = rows[d];
        for (int k = 0; k < eb; k++)
            if ((row[(b + k) % nb] & aArc) != 0) return true;
        return false;
    }
}
