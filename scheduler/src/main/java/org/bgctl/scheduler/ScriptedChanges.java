package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;

/** A fixed list of health changes, in time order, taken one instant at a time. */
public final class ScriptedChanges implements HealthChanges {

    private final List<HealthChange> changes;
    private int next;

    /** @param changes in nondecreasing time order */
    public ScriptedChanges(List<HealthChange> changes) {
        for (int i = 1; i < changes.size(); i++)
            if (changes.get(i).time() < changes.get(i - 1).time())
                throw new IllegalArgumentException("health changes out of time order at " + changes.get(i));
        this.changes = List.copyOf(changes);
    }

    @Override
    public long nextTime() {
        return next < changes.size() ? changes.get(next).time() : Long.MAX_VALUE;
    }

    @Override
    public List<HealthChange> takeAt(long t) {
        if (nextTime() < t)
            throw new IllegalStateException("health change " + changes.get(next) + " comes after time " + t);
        List<HealthChange> due = new ArrayList<>();
        while (next < changes.size() && changes.get(next).time() == t) due.add(changes.get(next++));
        return due;
    }
}
