package org.bgctl.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bgctl.run.LoadMeter;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplaySpec;

/**
 * Why runs of a sweep cannot start, each problem told once. A problem that one parameter value gives alone on the
 * run's trace is told by where that value is written ({@code flat.conf line 3: machine = 'flot:128': unknown machine
 * ...}), however many runs have it; any other by the first run that has it, its swept values, and how many more do.
 */
final class RunProblems {

    /** Problems told in full before the rest are counted. */
    private static final int MAX_TOLD = 10;
    /** What a parameter value is tried with, alone: the run's trace and machine. */
    private static final List<String> CONTEXT = List.of("trace", "machine");

    private final Map<String, String> givenAt;
    private final LoadMeter meter;
    /** The problems as told, in the order of the first run that has each. */
    private final Map<String, Told> told = new LinkedHashMap<>();
    /** The problem of a few parameters alone (null: none), by the parameters. */
    private final Map<ReplayParameters, String> alone = new HashMap<>();
    private int runs;

    /**
     * @param givenAt where each parameter was given ({@link SweepSpec#givenAt()})
     * @param meter   the meter the runs are checked with
     */
    RunProblems(Map<String, String> givenAt, LoadMeter meter) {
        this.givenAt = givenAt;
        this.meter = meter;
    }

    /**
     * The validated replay spec of a run of {@code parameters} writing to {@code dir}; its trace file, if any,
     * checked first.
     *
     * @throws IllegalArgumentException naming the parameter and the problem
     * @throws IOException              when the trace is missing or cannot be read
     */
    static ReplaySpec check(ReplayParameters parameters, Path dir, LoadMeter meter) throws IOException {
        Optional<String> trace = parameters.get("trace");
        if (trace.isPresent() && !trace.get().equals(ReplayParameters.DEMO_TRACE)
                && !Files.isRegularFile(Path.of(trace.get())))
            throw new IOException("trace " + trace.get() + " does not exist or is not a file");
        return parameters.toSpec(dir, meter);
    }

    /** Records that the run at {@code point}, of {@code parameters}, to write to {@code dir}, cannot start. */
    void add(GridPoint point, ReplayParameters parameters, String problem, Path dir) {
        runs++;
        // no trace at all: said as what to give, whatever else the run lacks
        if (parameters.get("trace").isEmpty())
            problem = "no trace is given: set trace = FILE in the sweep file, or give --set trace=FILE";
        String value = valueGiving(parameters, problem, dir);
        String key = value != null ? value + ": " + problem : problem;
        Told before = told.get(key);
        told.put(key, before != null ? before.another() : value != null ? new Told(value, problem, false, 0)
                : new Told(point.values().isEmpty() ? "the run" : "run " + point.index() + " (" + point.describe() + ")",
                problem, true, 0));
    }

    /**
     * @throws IllegalArgumentException telling each problem once, when some run of the {@code total} cannot start
     */
    void throwIfAny(int total) {
        if (runs == 0) return;
        List<Told> problems = new ArrayList<>(told.values());
        StringBuilder s = new StringBuilder();
        s.append(runs).append(" of ").append(total).append(" runs cannot start (nothing was started):");
        for (Told t : problems.subList(0, Math.min(MAX_TOLD, problems.size()))) s.append("\n  ").append(t);
        if (problems.size() > MAX_TOLD) s.append("\n  … and ").append(problems.size() - MAX_TOLD).append(" more");
        throw new IllegalArgumentException(s.toString());
    }

    /**
     * The parameter value of {@code parameters} that gives {@code problem} alone, on their trace and machine,
     * where it was given ({@code flat.conf line 3: machine = 'flot:128'}); null when none does, or when the trace and
     * machine give it without the value.
     */
    private String valueGiving(ReplayParameters parameters, String problem, Path dir) {
        ReplayParameters context = ReplayParameters.none();
        for (String key : CONTEXT) context = context.with(key, parameters.get(key).orElse(null));
        for (Map.Entry<String, String> p : parameters.asMap().entrySet()) {
            String where = givenAt.get(p.getKey());
            if (where == null) continue;
            ReplayParameters with = CONTEXT.contains(p.getKey()) ? upTo(context, p.getKey()) : context.with(p.getKey(),
                    p.getValue());
            if (problem.equals(problemOf(with, dir)) && !problem.equals(problemOf(with.with(p.getKey(), null), dir)))
                return where + ": " + p.getKey() + " = '" + p.getValue() + "'";
        }
        return null;
    }

    /** {@code context}'s values up to {@code key} in the order of {@link #CONTEXT}, {@code key}'s included. */
    private static ReplayParameters upTo(ReplayParameters context, String key) {
        ReplayParameters kept = ReplayParameters.none();
        for (String k : CONTEXT.subList(0, CONTEXT.indexOf(key) + 1)) kept = kept.with(k, context.get(k).orElse(null));
        return kept;
    }

    /** Why a run of {@code parameters} alone cannot start; null when it can. */
    private String problemOf(ReplayParameters parameters, Path dir) {
        if (!alone.containsKey(parameters)) {
            String problem = null;
            try {
                check(parameters, dir, meter);
            } catch (IllegalArgumentException | IOException e) {
                problem = e.getMessage();
            }
            alone.put(parameters, problem);
        }
        return alone.get(parameters);
    }

    /**
     * A problem as told.
     *
     * @param who     the value that gives it, where it was given, or the first run that has it
     * @param problem the problem
     * @param byRun   whether {@code who} is a run
     * @param more    how many further runs have it
     */
    private record Told(String who, String problem, boolean byRun, int more) {

        Told another() {
            return new Told(who, problem, byRun, more + 1);
        }

        @Override
        public String toString() {
            return who + (byRun && more > 0 ? " and " + more + " more run" + (more > 1 ? "s" : "") : "") + ": " + problem;
        }
    }
}
