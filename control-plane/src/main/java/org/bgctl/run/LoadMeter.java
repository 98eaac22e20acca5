package org.bgctl.run;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.workload.OfferedLoad;
import org.bgctl.workload.Workload;
import org.bgctl.workload.WorkloadOptions;

/** Measures the offered load of a trace under a workload's transforms (see {@link OfferedLoad}). */
@FunctionalInterface
public interface LoadMeter {

    /**
     * The offered load of {@code trace} turned into jobs by {@code workload} for a machine of
     * {@code nodes} nodes; NaN when the jobs span no time.
     */
    double measure(TraceSource trace, WorkloadOptions workload, boolean lenient, int nodes) throws IOException;

    /** Reads the whole trace at every call. */
    static LoadMeter reading() {
        return (trace, workload, lenient, nodes) -> {
            OfferedLoad load = new OfferedLoad();
            try (Workload jobs = new Workload(trace.open(lenient), workload, nodes)) {
                while (jobs.hasNext()) load.add(jobs.next().job());
            }
            return load.on(nodes);
        };
    }

    /** This meter, reading each (trace, workload, lenient, nodes) once and remembering the answer. */
    default LoadMeter remembering() {
        record Question(TraceSource trace, WorkloadOptions workload, boolean lenient, int nodes) {
        }
        Map<Question, Double> answers = new ConcurrentHashMap<>();
        return (trace, workload, lenient, nodes) -> {
            Question q = new Question(trace, workload, lenient, nodes);
            Double known = answers.get(q);
            if (known != null) return known;
            double load = measure(trace, workload, lenient, nodes);
            answers.put(q, load);
            return load;
        };
    }
}
