package org.bgctl.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How one run of a sweep ended.
 *
 * @param run     the run
 * @param status  completed now, finished earlier, or failed
 * @param summary its summary.json (empty when it failed)
 * @param error   what went wrong (null unless it failed)
 * @param seconds wall-clock seconds it took now (0 when resumed)
 */
public record RunOutcome(PlannedRun run, RunStatus status, Map<String, Object> summary, String error,
                         double seconds) {

    public RunOutcome {
        summary = Collections.unmodifiableMap(new LinkedHashMap<>(summary));
    }

    /** True unless it failed. */
    public boolean ok() {
        return status != RunStatus.FAILED;
    }

    /**
     * One progress line, e.g. {@code run 12/48 done in 6.6 s: scheduler=easy runtime_coefficient=0.9;
     * utilization 0.7249, mean wait 7306 s}.
     */
    public String line(int total) {
        String head = "run " + run.index() + "/" + total;
        String what = run.point().describe();
        return switch (status) {
            case COMPLETED -> String.format(Locale.ROOT, "%s done in %.1f s: %s; %s", head, seconds, what, figures());
            case RESUMED -> String.format(Locale.ROOT, "%s finished earlier: %s; %s", head, what, figures());
            case FAILED -> String.format(Locale.ROOT, "%s failed after %.1f s: %s: %s", head, seconds, what, error);
        };
    }

    private String figures() {
        return String.format(Locale.ROOT, "utilization %.4f, mean wait %.0f s", number("utilization"),
                number("mean_wait_s"));
    }

    private double number(String key) {
        return summary.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
