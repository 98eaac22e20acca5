package org.bgctl.sweep;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bgctl.run.ReplayParameters;

/**
 * What a sweep runs: a base replay, axes whose cartesian product gives the runs, and the plots
 * to draw from the results. The base starts from {@link #DEFAULTS}.
 *
 * @param name  the sweep's name (in sweep.json and plot titles)
 * @param base  the parameters every run shares; a swept parameter's base value is ignored
 * @param axes  the swept parameters, first varying slowest
 * @param plots the plots; empty for the default plots
 * @param givenAt by parameter of the base or an axis, where it was given (e.g. {@code flat.conf line 3},
 *                {@code --set 'machine=bgl'}), so that a value no run can start with is told by its place; none
 *                for the defaults and what a program sets
 */
public record SweepSpec(String name, ReplayParameters base, List<Axis> axes, List<PlotSpec> plots,
                        Map<String, String> givenAt) {

    /**
     * The base every sweep starts from: the actors (the real system) with the in-memory
     * journal, since a sweep keeps the results and not the journals.
     */
    public static final ReplayParameters DEFAULTS = ReplayParameters.none()
            .with("executor", "actors")
            .with("journal", "memory");

    public SweepSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(base, "base");
        axes = List.copyOf(axes);
        plots = List.copyOf(plots);
        givenAt = Map.copyOf(givenAt);
    }

    /** A sweep whose parameters are not told by their place. */
    public SweepSpec(String name, ReplayParameters base, List<Axis> axes, List<PlotSpec> plots) {
        this(name, base, axes, plots, Map.of());
    }

    /** A sweep of no runs yet: the defaults, no axes, default plots. */
    public static SweepSpec named(String name) {
        return new SweepSpec(name, DEFAULTS, List.of(), List.of());
    }

    /**
     * This sweep with {@code parameter} fixed at {@code value}: set in the base, no longer swept, and
     * no longer a series of the plots (its one value tells no lines apart).
     */
    public SweepSpec withSet(String parameter, String value) {
        return withSet(parameter, value, null);
    }

    /** As {@link #withSet(String, String)}, the value given at {@code where} (null: nowhere to tell). */
    public SweepSpec withSet(String parameter, String value, String where) {
        ReplayParameters newBase = base.with(parameter, value);
        String key = ReplayParameters.parameter(parameter).key();
        List<Axis> kept = new ArrayList<>();
        for (Axis a : axes) if (!a.parameter().equals(key)) kept.add(a);
        List<PlotSpec> keptPlots = new ArrayList<>();
        for (PlotSpec p : plots) {
            if (p.series() == null || !p.series().contains(key)) {
                keptPlots.add(p);
            } else {
                List<String> series = new ArrayList<>(p.series());
                series.remove(key);
                keptPlots.add(new PlotSpec(p.x(), p.y(), series, p.title(), p.name(), p.logY(), p.origin()));
            }
        }
        return new SweepSpec(name, newBase, kept, keptPlots, placed(key, where));
    }

    /** This sweep with {@code axis} replacing the axis of the same parameter, or added last. */
    public SweepSpec withAxis(Axis axis) {
        return withAxis(axis, null);
    }

    /** As {@link #withAxis(Axis)}, the axis given at {@code where} (null: nowhere to tell). */
    public SweepSpec withAxis(Axis axis, String where) {
        List<Axis> merged = new ArrayList<>();
        boolean replaced = false;
        for (Axis a : axes) {
            if (a.parameter().equals(axis.parameter())) {
                merged.add(axis);
                replaced = true;
            } else {
                merged.add(a);
            }
        }
        if (!replaced) merged.add(axis);
        return new SweepSpec(name, base, merged, plots, placed(axis.parameter(), where));
    }

    /** The places of the parameters, with {@code key}'s now {@code where}. */
    private Map<String, String> placed(String key, String where) {
        Map<String, String> places = new HashMap<>(givenAt);
        if (where == null) places.remove(key);
        else places.put(key, where);
        return places;
    }

    /** The grid of runs. */
    public Grid grid() {
        return new Grid(axes);
    }
}
