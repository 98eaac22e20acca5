package org.bgctl.machine.bgl;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The derived masks of a {@link BglState} — the midplanes that may be taken, the switches that may not be
 * passed through, the cables that may not be used — as one immutable value: all that a
 * {@link PartitionSearch} reads, so equal masks of one machine have equal search results. The masks also
 * hold the results of the searches made on them, which only saves searching again: equality and hash are
 * those of the masks alone.
 *
 * <p>Layout: the available-midplane mask of each x-line, then the busy cables of each line of x, y and z, one word
 * each; beside them, the busy switches of each line of x, y and z, one int each, which change only with health
 * when switches are shared port by port, and so are mostly the very array of other masks.
 */
final class FreeMasks {
    private final long[] words;
    /** Words [0, availableWords) are available midplanes; the rest are busy cables. */
    private final int availableWords;
    private final int[] switches;
    private final int hash;
    /** The best partition found on these masks, by request. Lookups by key only; guarded by itself. */
    private final Map<PartitionRequest, Optional<Partition>> found = new HashMap<>();

    private FreeMasks(long[] words, int[] switches, int switchesHash, int availableWords) {
        this.words = words;
        this.switches = switches;
        this.availableWords = availableWords;
        this.hash = 31 * Arrays.hashCode(words) + switchesHash;
    }

    /**
     * The masks {@code words} and {@code switches}, in the layout above with {@code availableWords} x-lines
     * ({@link BglState#masks()}, {@link BglState#switchMasks()}), as a value; {@code switchesHash} is
     * {@code Arrays.hashCode(switches)}. Taken uncopied, so they must never change afterwards.
     */
    static FreeMasks of(long[] words, int[] switches, int switchesHash, int availableWords) {
        return new FreeMasks(words, switches, switchesHash, availableWords);
    }

    /** The words, in the layout above. Read only. */
    long[] words() {
        return words;
    }

    /** The busy switches of each line. Read only. */
    int[] switches() {
        return switches;
    }

    /** What is free in both this and {@code other} (masks of states of the same machine). */
    FreeMasks and(FreeMasks other) {
        long[] both = new long[words.length];
        for (int i = 0; i < availableWords; i++) both[i] = words[i] & other.words[i];
        for (int i = availableWords; i < words.length; i++) both[i] = words[i] | other.words[i];
        if (switches == other.switches) return new FreeMasks(both, switches, Arrays.hashCode(switches), availableWords);
        int[] busy = new int[switches.length];
        for (int i = 0; i < busy.length; i++) busy[i] = switches[i] | other.switches[i];
        return new FreeMasks(both, busy, Arrays.hashCode(busy), availableWords);
    }

    /** What a search on these masks found for {@code request}, or null if none is remembered. */
    Optional<Partition> found(PartitionRequest request) {
        synchronized (found) {
            return found.get(request);
        }
    }

    /** Remembers what a search on these masks found for {@code request}. */
    void remember(PartitionRequest request, Optional<Partition> best) {
        synchronized (found) {
            found.put(request, best);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FreeMasks m && hash == m.hash && Arrays.equals(words, m.words)
                && (switches == m.switches || Arrays.equals(switches, m.switches));
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
