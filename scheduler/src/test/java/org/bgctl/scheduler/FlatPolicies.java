package org.bgctl.scheduler;

import java.util.List;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.policy.Policies;

/** Test helper: the schedulers that run on a flat machine, for tests of the flat scheduling rules. */
public final class FlatPolicies {

    private FlatPolicies() {
    }

    /** The names of {@link Policies#names()} whose policy schedules {@code flat:N}, in that order. */
    public static List<String> names() {
        return Policies.namesFor(new FlatMachine(1));
    }
}
