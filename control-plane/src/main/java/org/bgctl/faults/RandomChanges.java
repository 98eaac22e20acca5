package org.bgctl.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;

/**
 * Health changes drawn from a {@link FaultModel}, without end: every component of a kind the model
 * names is up at time 0, fails after a time to failure drawn from its law, is repaired after a time
 * to repair, and so on. Durations are rounded to whole seconds, at least 1. Each component draws from
 * a stream of its own, split in component order from one generator seeded with the run's seed, so the
 * same seed gives the same changes; changes at the same second apply in component order.
 */
public final class RandomChanges implements HealthChanges {

    /** Mixed into the run's seed, so the faults' draws differ from the other draws of the same seed. */
    private static final long STREAM = 0x6661756c74734c4cL;

    private static final class Component {
        final int index;
        final String id;
        final FailureLaw law;
        final SplittableRandom random;
        boolean up = true;
        long next;

        Component(int index, String id, FailureLaw law, SplittableRandom random) {
            this.index = index;
            this.id = id;
            this.law = law;
            this.random = random;
        }

        void schedule(long from) {
            double drawn = (up ? law.ttf() : law.ttr()).sample(random);
            long seconds = Math.max(1, Math.round(Math.min(drawn, 1e15)));
            next = from + seconds;
        }
    }

    private final PriorityQueue<Component> queue = new PriorityQueue<>(
            Comparator.comparingLong((Component c) -> c.next).thenComparingInt(c -> c.index));

    /**
     * @throws IllegalArgumentException when the model names a kind of component the machine does not have
     */
    public RandomChanges(FaultModel model, MachineModel machine, long seed) {
        List<String> components = machine.components();
        for (ComponentKind kind : model.laws().keySet())
            if (components.stream().noneMatch(kind::names))
                throw new IllegalArgumentException(model.givenAt(kind) + ": " + machine.name() + " has no " + kind.label()
                        + " components" + (components.isEmpty() ? " (none of its parts can fail)" : ""));
        SplittableRandom root = new SplittableRandom(seed ^ STREAM);
        for (int i = 0; i < components.size(); i++) {
            String id = components.get(i);
            for (var e : model.laws().entrySet()) {
                if (!e.getKey().names(id)) continue;
                Component c = new Component(i, id, e.getValue(), root.split());
                c.schedule(0);
                queue.add(c);
            }
        }
    }

    @Override
    public long nextTime() {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peek().next;
    }

    @Override
    public List<HealthChange> takeAt(long t) {
        if (nextTime() < t) throw new IllegalStateException("a health change at " + nextTime() + " comes after time " + t);
        List<HealthChange> due = new ArrayList<>();
        while (!queue.isEmpty() && queue.peek().next == t) {
            Component c = queue.poll();
            c.up = !c.up;
            due.add(new HealthChange(t, c.id, c.up));
            c.schedule(t);
            queue.add(c);
        }
        return due;
    }
}
