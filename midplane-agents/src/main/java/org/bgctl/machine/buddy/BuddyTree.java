package org.bgctl.machine.buddy;

import java.util.Arrays;

/**
 * The buddies of a line of nodes (Subramani et al., section 3): a binary tree whose root is the
 * whole line, each buddy split into two whose sizes add up to its own, down to buddies of one
 * node. A buddy whose size is a power of two splits into halves; any other splits into the
 * largest power of two below its size and the rest (338 = 256 + 82, 82 = 64 + 18, ...), so that
 * the power-of-two requests that dominate real workloads find buddies of exactly their size.
 *
 * <p>Buddies are numbered in pre-order, the root 0: a buddy's children come after it, the left
 * (larger) child first. The tree is immutable and shared by every copy of a machine.
 */
public final class BuddyTree {

    private final int nodes;
    private final int[] first;
    private final int[] size;
    private final int[] left;
    private final int[] right;
    private final int[] parent;
    private final int[] leaf;
    private int count;

    /** The tree over a line of {@code nodes} nodes. */
    public BuddyTree(int nodes) {
        if (nodes <= 0) throw new IllegalArgumentException("a buddy tree needs at least one node, was " + nodes);
        this.nodes = nodes;
        int buddies = 2 * nodes - 1;
        first = new int[buddies];
        size = new int[buddies];
        left = new int[buddies];
        right = new int[buddies];
        parent = new int[buddies];
        leaf = new int[nodes];
        build(0, nodes, -1);
    }

    private int build(int from, int length, int up) {
        int b = count++;
        first[b] = from;
        size[b] = length;
        parent[b] = up;
        if (length == 1) {
            leaf[from] = b;
            left[b] = -1;
            right[b] = -1;
        } else {
            int split = Integer.bitCount(length) == 1 ? length / 2 : Integer.highestOneBit(length);
            left[b] = build(from, split, b);
            right[b] = build(from + split, length - split, b);
        }
        return b;
    }

    /** Nodes of the line. */
    public int nodes() {
        return nodes;
    }

    /** Number of buddies (2 × nodes − 1); buddies are numbered 0 .. count − 1, the root 0. */
    public int count() {
        return count;
    }

    /** The buddy's first node. */
    public int first(int buddy) {
        return first[buddy];
    }

    /** The buddy's nodes. */
    public int size(int buddy) {
        return size[buddy];
    }

    /** One past the buddy's last node. */
    public int end(int buddy) {
        return first[buddy] + size[buddy];
    }

    /** The larger child, or −1 for a one-node buddy. */
    public int left(int buddy) {
        return left[buddy];
    }

    /** The smaller child, or −1 for a one-node buddy. */
    public int right(int buddy) {
        return right[buddy];
    }

    /** The buddy this one is half of, or −1 for the root. */
    public int parent(int buddy) {
        return parent[buddy];
    }

    /** The one-node buddy of {@code node}. */
    public int leaf(int node) {
        return leaf[node];
    }

    /** The buddy of exactly the nodes {@code first .. first+size-1}, or −1 when there is none. */
    public int find(int from, int length) {
        int b = 0;
        while (b >= 0) {
            if (first[b] == from && size[b] == length) return b;
            if (left[b] < 0) return -1;
            b = from < end(left[b]) ? left[b] : right[b];
            if (from + length > end(b)) return -1;
        }
        return -1;
    }

    /**
     * The smallest buddies that hold {@code request} nodes, in line order: every buddy of at least
     * that size none of whose children holds it. On a line whose length is a power of two these are
     * exactly the buddies of the smallest power of two at or above the request.
     */
    public int[] smallestHolding(int request) {
        if (request < 1 || request > nodes)
            throw new IllegalArgumentException("a request of " + request + " nodes on a line of " + nodes);
        int[] found = new int[count];
        int n = 0;
        int[] stack = new int[count];
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            int b = stack[--top];
            if (size[b] < request) continue;
            if (left[b] < 0 || size[left[b]] < request) {
                found[n++] = b;
            } else {
                stack[top++] = right[b];
                stack[top++] = left[b];
            }
        }
        return Arrays.copyOf(found, n);
    }
}
