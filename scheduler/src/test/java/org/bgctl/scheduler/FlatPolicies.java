package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.policy.Policies;

/** Test helper: the schedulers that run on a flat machine, for tests of the flat scheduling rules. */
public final class FlatPolicies {

    private FlatPolicies() {
    }

    /** The names of {@link Policies#NAMES} whose policy schedules {@code flat:N}, in that order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (String name : Policies.NAMES) {
            try {
                Policies.create(name).requireSupported(new FlatMachine(1));
                names.add(name);
            } catch (IllegalArgumentException notFlat) {
                // a scheduler of another kind of machine
            }
        }
        return names;
    }
}
