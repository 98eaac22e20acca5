package org.bgctl.report.html;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The jobs of a run as report.html reads them, held in columns of numbers — 44 bytes a job, so a report of millions
 * of jobs is made in the heap a replay of them runs in — with each partition and status name stored once.
 */
final class JobRows extends AbstractList<JobRow> implements RandomAccess {

    private long[] id = new long[1024];
    private long[] submit = new long[1024];
    private long[] start = new long[1024];
    private long[] end = new long[1024];
    private int[] size = new int[1024];
    private int[] partition = new int[1024];
    private int[] status = new int[1024];
    private int count;
    private final List<String> names = new ArrayList<>();
    /** Looked up only to store a name once; never iterated. */
    private final Map<String, Integer> numbers = new HashMap<>();

    @Override
    public boolean add(JobRow row) {
        if (row.size() > Integer.MAX_VALUE) throw new IllegalArgumentException("job " + row.id() + ": size " + row.size());
        if (count == id.length) grow();
        id[count] = row.id();
        submit[count] = row.submit();
        start[count] = row.start();
        end[count] = row.end();
        size[count] = (int) row.size();
        partition[count] = number(row.partition());
        status[count] = number(row.status());
        count++;
        return true;
    }

    @Override
    public JobRow get(int i) {
        Objects.checkIndex(i, count);
        return new JobRow(id[i], submit[i], start[i], end[i], size[i], names.get(partition[i]), names.get(status[i]));
    }

    @Override
    public int size() {
        return count;
    }

    /** Without a capturing lambda: C1 code makes each through method handles, and this runs once a job. */
    private int number(String name) {
        Integer known = numbers.get(name);
        if (known != null) return known;
        names.add(name);
        numbers.put(name, names.size() - 1);
        return names.size() - 1;
    }

    private void grow() {
        int capacity = id.length + (id.length >> 1);
        id = Arrays.copyOf(id, capacity);
        submit = Arrays.copyOf(submit, capacity);
        start = Arrays.copyOf(start, capacity);
        end = Arrays.copyOf(end, capacity);
        size = Arrays.copyOf(size, capacity);
        partition = Arrays.copyOf(partition, capacity);
        status = Arrays.copyOf(status, capacity);
    }
}
