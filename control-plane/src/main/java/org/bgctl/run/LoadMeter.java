package org.bgctl.run;

import java.io.IOException;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.workload.OfferedLoad;
import org.bgctl.workload.Workload;
import org.bgctl.workload.WorkloadOptions;

/** Measures the offered load of a trace under a workload's transforms (see {@link OfferedLoad}). */
@FunctionalInterface
public interface LoadMeter {

    /**
     * The offered load of {@code trace} turned into jobs by {@code workload} for the machine named
     * {@code machine}; NaN when the jobs span no time.
     */
    double measure(TraceSource trace, WorkloadOptions workload, boolean lenient, String machine) throws IOException;

    /** Reads the whole trace at every call. */
    static LoadMeter reading() {
        return (trace, workload, lenient, machine) -> {
            OfferedLoad load = new OfferedLoad();
            MachineModel model = MachineCatalog.create(machine);
            try (Workload jobs = new Workload(trace.open(lenient), workload, model)) {
                while (jobs.hasNext()) load.add(jobs.next().job());
            }
            return load.on(model.capacity());
        };
    }

    /** This meter, reading each (trace, workload, lenient, machine) once and remembering the answer. */
    default LoadMeter remembering() {
        record Question(TraceSource trace, WorkloadOptions workload, boolean lenient, String machine) {
        }
        Map<Question, Double> answers = new ConcurrentHashMap<>();
        return (trace, workload, lenient, machine) -> {
            Question q = new Question(trace, workload, lenient, machine);
            Double known = answers.get(q);
            if (known != null) return known;
            double load = measure(trace, workload, lenient, machine);
            answers.put(q, load);
            return load;
        };
    }
}
