package org.bgctl.workload;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** How many trace jobs were rejected, by reason: a snapshot, so nothing is dropped silently. */
public final class JobRejections {

    private final SortedMap<String, Long> byLabel;
    private final Map<RejectionReason, Long> byReason;

    JobRejections(Map<RejectionReason, Long> counts) {
        Map<RejectionReason, Long> nonZero = new EnumMap<>(RejectionReason.class);
        SortedMap<String, Long> labels = new TreeMap<>();
        counts.forEach((reason, count) -> {
            if (count > 0) {
                nonZero.put(reason, count);
                labels.put(reason.label(), count);
            }
        });
        this.byReason = Collections.unmodifiableMap(nonZero);
        this.byLabel = Collections.unmodifiableSortedMap(labels);
    }

    /** The count for one reason, 0 if none. */
    public long count(RejectionReason reason) {
        return byReason.getOrDefault(reason, 0L);
    }

    /** All rejected jobs. */
    public long total() {
        return byLabel.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Reason label to count, for the reasons that occurred, in alphabetical order of the labels. */
    public SortedMap<String, Long> asMap() {
        return byLabel;
    }

    /** {@code larger_than_machine=2, runtime_unknown=5}, or {@code none}. */
    @Override
    public String toString() {
        if (byLabel.isEmpty()) return "none";
        StringBuilder s = new StringBuilder();
        byLabel.forEach((label, count) -> s.append(s.length() == 0 ? "" : ", ").append(label).append('=').append(count));
        return s.toString();
    }
}
