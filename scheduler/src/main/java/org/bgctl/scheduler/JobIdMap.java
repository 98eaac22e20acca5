package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Values by job id, in open addressing on the ids themselves: the scheduler core looks its queued and running jobs
 * up at every start and end, and a {@code HashMap<Long, V>} there boxes an id and allocates an entry each time. Never
 * iterated in its table's order, which depends on the ids' hashes: {@link #byId()} sorts.
 *
 * @param <V> the values; never null
 */
final class JobIdMap<V> {

    private static final int MIN_CAPACITY = 16;

    private long[] ids = new long[MIN_CAPACITY];
    /** The value of the id at the same index; null where the slot is free. */
    private Object[] values = new Object[MIN_CAPACITY];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    boolean containsKey(long id) {
        return values[slot(id)] != null;
    }

    @SuppressWarnings("unchecked")
    V get(long id) {
        return (V) values[slot(id)];
    }

    /** Maps {@code id} to {@code value}; returns the value it had, or null. */
    @SuppressWarnings("unchecked")
    V put(long id, V value) {
        if (value == null) throw new NullPointerException("a null value for job " + id);
        int i = slot(id);
        V old = (V) values[i];
        ids[i] = id;
        values[i] = value;
        if (old == null && ++size > ids.length / 2) grow();
        return old;
    }

    /** Removes {@code id}; returns the value it had, or null. */
    @SuppressWarnings("unchecked")
    V remove(long id) {
        int i = slot(id);
        V old = (V) values[i];
        if (old == null) return null;
        size--;
        // backward shift: a later id of the same run moves into the gap, so that no search stops short of it
        int mask = ids.length - 1;
        int gap = i;
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = home(ids[j]);
            // j's id may fill the gap when its home is not in (gap, j], cyclically
            if (((j - home) & mask) >= ((j - gap) & mask)) {
                ids[gap] = ids[j];
                values[gap] = values[j];
                gap = j;
            }
        }
        values[gap] = null;
        return old;
    }

    /** The values in increasing order of their ids. */
    @SuppressWarnings("unchecked")
    List<V> byId() {
        long[] keys = new long[size];
        int n = 0;
        for (int i = 0; i < values.length; i++) if (values[i] != null) keys[n++] = ids[i];
        Arrays.sort(keys);
        List<V> out = new ArrayList<>(size);
        for (long id : keys) out.add((V) values[slot(id)]);
        return out;
    }

    /** The slot holding {@code id}, or the free slot where it would go. */
    private int slot(long id) {
        int mask = ids.length - 1;
        int i = home(id);
        while (values[i] != null && ids[i] != id) i = (i + 1) & mask;
        return i;
    }

    private int home(long id) {
        // Fibonacci hashing: consecutive ids, the common case, land far apart
        return (int) ((id * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(ids.length)));
    }

    private void grow() {
        long[] oldIds = ids;
        Object[] oldValues = values;
        ids = new long[oldIds.length * 2];
        values = new Object[oldValues.length * 2];
        for (int i = 0; i < oldValues.length; i++)
            if (oldValues[i] != null) {
                int j = slot(oldIds[i]);
                ids[j] = oldIds[i];
                values[j] = oldValues[i];
            }
    }
}
