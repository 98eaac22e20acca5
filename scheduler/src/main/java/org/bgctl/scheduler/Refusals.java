package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.List;

/**
 * What refused a transaction, a reason a unit (or a component that went down), in the order they came, and how many
 * of them are steps given up unanswered: a transaction undone by those alone is what chaos mode expects. Reads as the
 * reasons joined by "; ".
 */
final class Refusals {
    private final List<String> reasons = new ArrayList<>();
    private int givenUp;

    /** {@code unit} refused, for {@code why}. */
    void add(String unit, String why) {
        reasons.add(unit + ": " + why);
    }

    /** A refusal that names no unit, e.g. a component that went down during the transaction. */
    void add(String reason) {
        reasons.add(reason);
    }

    /** {@code unit} never answered a step, given up for {@code why}. */
    void givenUp(String unit, String why) {
        add(unit, why);
        givenUp++;
    }

    boolean isEmpty() {
        return reasons.isEmpty();
    }

    /** Whether every refusal is a step given up unanswered. */
    boolean allGivenUp() {
        return givenUp == reasons.size();
    }

    @Override
    public String toString() {
        return String.join("; ", reasons);
    }
}
