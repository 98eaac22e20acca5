package org.bgctl.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sweep whose results an output directory already holds, as its {@code sweep.json} records it. The same sweep
 * again — the same base and the same axes, in the same order — resumes there; any other would write its own
 * results.csv and plots over that sweep's, so it is refused before anything is written. A sweep's name and plots
 * do not make it another: its runs and results are the same, and the plots are drawn anew.
 */
final class EarlierSweep {

    /** How a sweep without axes is shown. */
    private static final String NONE = "none";

    private EarlierSweep() {
    }

    /**
     * Refuses {@code plan} when its output directory holds another sweep.
     *
     * @throws IllegalArgumentException naming the directory and what differs, or a sweep.json that cannot be read
     */
    static void checkSameAs(SweepPlan plan) throws IOException {
        Path file = plan.out().resolve(Sweep.SWEEP_JSON);
        if (!Files.isRegularFile(file)) return;
        Map<String, Object> there = read(file);
        Map<String, String> base = RunDirectory.texts(there.get("base"));
        String axes = axes(there.get("axes"));
        if (base == null || axes == null)
            throw new IllegalArgumentException(file + " cannot be read as a sweep's record; choose another --out or"
                    + " remove " + plan.out() + " (nothing was changed)");

        List<String> differences = new ArrayList<>();
        Map<String, String> baseNow = plan.spec().base().asMap();
        if (!base.equals(baseNow)) differences.add("base: " + ParameterDifference.of(base, baseNow));
        String axesNow = axes(plan.spec().axes());
        if (!axes.equals(axesNow)) differences.add("axes: '" + axes + "' there, '" + axesNow + "' now");
        if (!differences.isEmpty())
            throw new IllegalArgumentException(plan.out() + " holds the results of another sweep ("
                    + String.join("; ", differences) + "); choose another --out or remove it (nothing was changed)");
    }

    /**
     * The file names of the plots the sweep.json in {@code out} records — those a sweep into {@code out} drew, or was
     * to draw, before — in its order; empty when there is none or it records none.
     */
    static List<String> plotNames(Path out) throws IOException {
        Path file = out.resolve(Sweep.SWEEP_JSON);
        List<String> names = new ArrayList<>();
        if (Files.isRegularFile(file) && read(file).get("plots") instanceof List<?> plots)
            for (Object plot : plots)
                if (plot instanceof Map<?, ?> p && p.get("name") instanceof String name) names.add(name);
        return names;
    }

    /** The object of a sweep.json; empty when it is not JSON. */
    private static Map<String, Object> read(Path file) throws IOException {
        try {
            return RunDirectory.JSON.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() {
            });
        } catch (JsonProcessingException unreadable) {
            return Map.of();
        }
    }

    /** The axes sweep.json records, as {@link #axes(List)} writes them; null when they are not axes. */
    private static String axes(Object recorded) {
        if (!(recorded instanceof List<?> list)) return null;
        List<String> texts = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> axis) || !(axis.get("values") instanceof List<?> values)) return null;
            texts.add(axis(String.valueOf(axis.get("parameter")), values.stream().map(String::valueOf).toList()));
        }
        return texts.isEmpty() ? NONE : String.join(" ", texts);
    }

    /** {@code PARAMETER=V1,V2 PARAMETER=V1,...}, or {@value #NONE}. */
    private static String axes(List<Axis> axes) {
        List<String> texts = new ArrayList<>();
        for (Axis a : axes) texts.add(axis(a.parameter(), a.values()));
        return texts.isEmpty() ? NONE : String.join(" ", texts);
    }

    private static String axis(String parameter, List<String> values) {
        return parameter + "=" + String.join(",", values);
    }
}
