package org.bgctl.swf;

import java.util.Arrays;

/**
 * The job numbers a trace has used so far, kept as sorted, disjoint ranges of consecutive numbers in two
 * primitive arrays, so a trace with ascending numbers (as the SWF standard has them) needs one range per gap
 * whatever its length. A number above all others extends or appends the last range in constant time; any
 * other is found by binary search and, if new, joins or is inserted among the ranges.
 */
final class JobNumbers {

    private long[] firsts = new long[16];
    private long[] lasts = new long[16];
    private int ranges;

    /** Adds {@code number}; returns false if it was already there. */
    boolean add(long number) {
        if (ranges == 0 || number > lasts[ranges - 1]) {
            if (ranges > 0 && number == lasts[ranges - 1] + 1) lasts[ranges - 1] = number;
            else insert(ranges, number);
            return true;
        }
        int below = rangeAtOrBelow(number);
        if (below >= 0 && number <= lasts[below]) return false;
        boolean joinsBelow = below >= 0 && number == lasts[below] + 1;
        boolean joinsAbove = number + 1 == firsts[below + 1];
        if (joinsBelow && joinsAbove) {
            lasts[below] = lasts[below + 1];
            remove(below + 1);
        } else if (joinsBelow) {
            lasts[below] = number;
        } else if (joinsAbove) {
            firsts[below + 1] = number;
        } else {
            insert(below + 1, number);
        }
        return true;
    }

    /** The largest number added, 0 before any. */
    long largest() {
        return ranges == 0 ? 0 : lasts[ranges - 1];
    }

    /** Whether {@code number} has been added. */
    boolean contains(long number) {
        int below = rangeAtOrBelow(number);
        return below >= 0 && number <= lasts[below];
    }

    /** The index of the last range starting at or below {@code number}, -1 if none. */
    private int rangeAtOrBelow(long number) {
        int at = Arrays.binarySearch(firsts, 0, ranges, number);
        return at >= 0 ? at : -at - 2;
    }

    private void insert(int at, long number) {
        if (ranges == firsts.length) {
            firsts = Arrays.copyOf(firsts, ranges * 2);
            lasts = Arrays.copyOf(lasts, ranges * 2);
        }
        System.arraycopy(firsts, at, firsts, at + 1, ranges - at);
        System.arraycopy(lasts, at, lasts, at + 1, ranges - at);
        firsts[at] = number;
        lasts[at] = number;
        ranges++;
    }

    private void remove(int at) {
        System.arraycopy(firsts, at + 1, firsts, at, ranges - at - 1);
        System.arraycopy(lasts, at + 1, lasts, at, ranges - at - 1);
        ranges--;
    }
}
