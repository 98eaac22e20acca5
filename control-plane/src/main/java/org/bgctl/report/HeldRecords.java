package org.bgctl.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Settled jobs waiting, in job-id order, for every job of a lower id to settle ({@link JobTable}). Jobs mostly
 * settle with their ids nearly rising, so a record goes in near the end of two parallel arrays (found by bisection,
 * the later ones shifted) and leaves from the front; no entry object is made per record.
 */
final class HeldRecords {

    private long[] ids = new long[64];
    private JobRecord[] records = new JobRecord[64];
    /** The first record held; those before it have left. */
    private int head;
    /** One past the last record held. */
    private int tail;

    boolean isEmpty() {
        return head == tail;
    }

    int size() {
        return tail - head;
    }

    /** The lowest id held; call only when not empty. */
    long firstId() {
        return ids[head];
    }

    boolean contains(long id) {
        return Arrays.binarySearch(ids, head, tail, id) >= 0;
    }

    /** Holds {@code record}, whose id is not held yet. */
    void add(JobRecord record) {
        long id = record.job().id();
        if (tail == ids.length) makeRoom();
        int at = tail;
        if (at > head && ids[at - 1] > id) {
            at = Arrays.binarySearch(ids, head, tail, id);
            if (at >= 0) throw new IllegalStateException("job " + id + " is held twice");
            at = -at - 1;
            System.arraycopy(ids, at, ids, at + 1, tail - at);
            System.arraycopy(records, at, records, at + 1, tail - at);
        }
        ids[at] = id;
        records[at] = record;
        tail++;
    }

    /** The record of the lowest id, removed; call only when not empty. */
    JobRecord pollFirst() {
        JobRecord r = records[head];
        records[head++] = null;
        if (head == tail) head = tail = 0;
        return r;
    }

    /** The records held, in id order. */
    List<JobRecord> records() {
        return new ArrayList<>(Arrays.asList(records).subList(head, tail));
    }

    /** Moves the records to the front, or into arrays twice as long when more than half are in use. */
    private void makeRoom() {
        int n = tail - head;
        if (n * 2 > ids.length) {
            ids = Arrays.copyOf(ids, ids.length * 2);
            records = Arrays.copyOf(records, records.length * 2);
        }
        System.arraycopy(ids, head, ids, 0, n);
        System.arraycopy(records, head, records, 0, n);
        Arrays.fill(records, n, tail, null);
        head = 0;
        tail = n;
    }
}
