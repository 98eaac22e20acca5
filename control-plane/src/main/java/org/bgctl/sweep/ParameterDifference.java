package org.bgctl.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** What differs between the parameters an output directory records and those of the sweep now, for a refusal. */
final class ParameterDifference {

    private ParameterDifference() {
    }

    /**
     * Each parameter whose value differs, in name order: {@code first_jobs = unset there, '500' now, ...}.
     *
     * @param there the values recorded in the directory
     * @param here  the values now
     */
    static String of(Map<String, String> there, Map<String, String> here) {
        TreeSet<String> keys = new TreeSet<>(there.keySet());
        keys.addAll(here.keySet());
        List<String> differences = new ArrayList<>();
        for (String key : keys)
            if (!Objects.equals(there.get(key), here.get(key)))
                differences.add(key + " = " + show(there.get(key)) + " there, " + show(here.get(key)) + " now");
        return String.join(", ", differences);
    }

    private static String show(String value) {
        return value == null ? "unset" : "'" + value + "'";
    }
}
