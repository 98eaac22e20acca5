package org.bgctl.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of the jobs that may still change, by job id: an open-addressing table of primitive ids (no boxing, one
 * probe or two per lookup), and a heap of the ids for the lowest one, whose removed ids are dropped only when they
 * reach its top. Nothing here is iterated in hash order: {@link #inIdOrder()} sorts.
 *
 * @param <R> the rows
 */
final class LiveRows<R> {

    private static final long FREE = Long.MIN_VALUE;

    private long[] ids = free(64);
    private Object[] rows = new Object[64];
    private int size;
    private long[] heap = new long[64];
    private int heapSize;

    /** Adds {@code row} under {@code id}; false, changing nothing, when the id is already there. */
    boolean add(long id, R row) {
        if (id == FREE) throw new IllegalArgumentException("job id " + id + " is out of range");
        if (slot(id) >= 0) return false;
        if (2 * (size + 1) > ids.length) grow();
        if (heapSize == heap.length) {
            // when the ids removed but not yet at the top take as much room as the others, keep only the others
            if (heapSize >= 2 * size) rebuildHeap();
            else heap = Arrays.copyOf(heap, 2 * heap.length);
        }
        place(id, row);
        size++;
        int i = heapSize++;
        while (i > 0 && heap[(i - 1) / 2] > id) {
            heap[i] = heap[(i - 1) / 2];
            i = (i - 1) / 2;
        }
        heap[i] = id;
        return true;
    }

    /** The row of {@code id}, or null. */
    @SuppressWarnings("unchecked")
    R get(long id) {
        int s = slot(id);
        return s < 0 ? null : (R) rows[s];
    }

    /** Removes {@code id} if its row is {@code row}; answers whether it did. */
    boolean remove(long id, R row) {
        int s = slot(id);
        if (s < 0 || rows[s] != row) return false;
        delete(s);
        size--;
        return true;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The lowest id (the table must not be empty). */
    long firstId() {
        while (slot(heap[0]) < 0) popHeap();
        return heap[0];
    }

    /** Every row, in id order. */
    @SuppressWarnings("unchecked")
    List<R> inIdOrder() {
        List<R> out = new ArrayList<>(size);
        for (long id : liveIds()) out.add((R) rows[slot(id)]);
        return out;
    }

    /** The ids present, in order. */
    private long[] liveIds() {
        long[] live = new long[size];
        int n = 0;
        for (long id : ids) if (id != FREE) live[n++] = id;
        Arrays.sort(live);
        return live;
    }

    /** The heap of the ids present alone (an array in order is a heap). */
    private void rebuildHeap() {
        long[] live = liveIds();
        heap = Arrays.copyOf(live, Math.max(64, 2 * live.length + 1));
        heapSize = live.length;
    }

    private static long[] free(int slots) {
        long[] a = new long[slots];
        Arrays.fill(a, FREE);
        return a;
    }

    /** Removes everything. */
    void clear() {
        Arrays.fill(ids, FREE);
        Arrays.fill(rows, null);
        size = 0;
        heapSize = 0;
    }

    private int home(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & (ids.length - 1);
    }

    private int slot(long id) {
        for (int s = home(id); ; s = (s + 1) & (ids.length - 1)) {
            if (ids[s] == id) return s;
            if (ids[s] == FREE) return -1;
        }
    }

    private void place(long id, Object row) {
        int s = home(id);
        while (ids[s] != FREE) s = (s + 1) & (ids.length - 1);
        ids[s] = id;
        rows[s] = row;
    }

    /** Empties slot {@code s}, moving back the entries after it that would no longer be found (linear probing). */
    private void delete(int s) {
        int mask = ids.length - 1;
        ids[s] = FREE;
        rows[s] = null;
        for (int next = (s + 1) & mask; ids[next] != FREE; next = (next + 1) & mask) {
            int home = home(ids[next]);
            // the entry at next stays if its home lies cyclically in (s, next]
            boolean stays = s <= next ? s < home && home <= next : s < home || home <= next;
            if (stays) continue;
            ids[s] = ids[next];
            rows[s] = rows[next];
            ids[next] = FREE;
            rows[next] = null;
            s = next;
        }
    }

    private void grow() {
        long[] oldIds = ids;
        Object[] oldRows = rows;
        ids = free(2 * oldIds.length);
        rows = new Object[ids.length];
        for (int i = 0; i < oldIds.length; i++) if (oldIds[i] != FREE) place(oldIds[i], oldRows[i]);
    }

    private void popHeap() {
        long last = heap[--heapSize];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) break;
            if (child + 1 < heapSize && heap[child + 1] < heap[child]) child++;
            if (heap[child] >= last) break;
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = last;
    }
}
