package org.bgctl.faults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.BootModel;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.ScriptedChanges;
import org.bgctl.scheduler.KillPolicy;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.workload.GeometryOptions;

/**
 * The faults of a replay: the changes of a fault file, those a random fault model draws, and what
 * becomes of the jobs they kill. Both sources go through the same path, merged in time order (at the
 * same second the file's changes first).
 *
 * @param onKill   requeue or fail a job killed by a failed component
 * @param script   the fault file, or null
 * @param scripted the fault file's changes, checked against the machine, in time order
 * @param modelFile the fault model file, or null (laws may also come from options)
 * @param model    the random fault model (none when no kind fails)
 * @param seed     the run's seed, which seeds the model's draws
 * @param maxRequeues with requeue: how many times a job is requeued at most; killed once more, it fails
 * @param boots    how long blocks boot and how often a boot fails (docs/blocks.md); a job whose block fails to boot
 *                 is requeued or fails as a killed job is
 */
public record FaultPlan(KillPolicy onKill, Path script, List<HealthChange> scripted, Path modelFile, FaultModel model,
                        long seed, int maxRequeues, BootModel boots) {

    /**
     * No faults; killed jobs (there are none, but for an operator's faults) requeued, at most the default times; the
     * seed a run gives by default.
     */
    public static final FaultPlan NONE = new FaultPlan(KillPolicy.REQUEUE, null, List.of(), null, FaultModel.NONE,
            GeometryOptions.DEFAULT_SEED);

    public FaultPlan {
        Objects.requireNonNull(onKill, "onKill");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(boots, "boots");
        scripted = List.copyOf(scripted);
        if (maxRequeues < 0) throw new IllegalArgumentException("max_requeues must be 0 or more, was " + maxRequeues);
    }

    /** A plan whose killed jobs are requeued at most {@link KillPolicy#DEFAULT_MAX_REQUEUES} times. */
    public FaultPlan(KillPolicy onKill, Path script, List<HealthChange> scripted, Path modelFile, FaultModel model,
                     long seed) {
        this(onKill, script, scripted, modelFile, model, seed, KillPolicy.DEFAULT_MAX_REQUEUES, BootModel.NONE);
    }

    /**
     * The plan of a fault file and a fault model (file, then laws given one kind at a time, which override
     * the file's), the file read and checked against {@code machine}, the model's kinds too.
     *
     * @param script    the fault file, or null
     * @param modelFile the fault model file, or null
     * @param boots     the block boots and their failures
     * @throws IllegalArgumentException naming the file, line and field of a bad change, or a kind the machine lacks
     */
    public static FaultPlan read(KillPolicy onKill, int maxRequeues, Path script, Path modelFile,
                                 Map<ComponentKind, FailureLaw> laws, long seed, MachineModel machine, BootModel boots) {
        FaultModel model = modelFile == null ? FaultModel.NONE : FaultModel.read(modelFile);
        for (var e : laws.entrySet()) model = model.with(e.getKey(), e.getValue());
        if (script == null && !model.any() && onKill == KillPolicy.REQUEUE && maxRequeues == NONE.maxRequeues()
                && !boots.on())
            return seed == NONE.seed() ? NONE : new FaultPlan(NONE.onKill(), null, List.of(), null, FaultModel.NONE, seed);
        List<HealthChange> scripted = script == null ? List.of() : FaultScript.read(script, machine);
        FaultPlan plan = new FaultPlan(onKill, script, scripted, modelFile, model, seed, maxRequeues, boots);
        plan.changes(machine);
        return plan;
    }

    /**
     * This plan, when {@code scheduler} can run with it.
     *
     * @throws IllegalArgumentException for faults with pfcfs, whose suspended jobs lend their nodes to the running gang
     */
    public FaultPlan checkedFor(String scheduler) {
        if (injects()) Policies.faultRefusal(scheduler).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        return this;
    }

    /** Whether the replay injects any fault: a fault file, a fault model, or boots that may fail. */
    public boolean injects() {
        return script != null || model.any() || boots.failure() > 0;
    }

    /**
     * A fresh stream of the plan's health changes on {@code machine} (a run's own copy).
     *
     * @throws IllegalArgumentException when the model names a kind of component the machine does not have
     */
    public HealthChanges changes(MachineModel machine) {
        HealthChanges fromFile = new ScriptedChanges(scripted);
        if (!model.any()) return fromFile;
        HealthChanges drawn = new RandomChanges(model, machine, seed);
        return new HealthChanges() {
            @Override
            public long nextTime() {
                return Math.min(fromFile.nextTime(), drawn.nextTime());
            }

            @Override
            public List<HealthChange> takeAt(long t) {
                List<HealthChange> due = new ArrayList<>();
                if (fromFile.nextTime() == t) due.addAll(fromFile.takeAt(t));
                if (drawn.nextTime() == t) due.addAll(drawn.takeAt(t));
                return due;
            }
        };
    }

    /** The settings as recorded in summary.json. */
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("on_kill", onKill.label());
        if (onKill == KillPolicy.REQUEUE) m.put("max_requeues", maxRequeues);
        m.put("fault_file", script == null ? null : script.toString());
        m.put("fault_file_changes", scripted.size());
        m.put("fault_model_file", modelFile == null ? null : modelFile.toString());
        m.put("fault_model", model.asText());
        m.put("seed", seed);
        if (boots.on()) m.put("boot_failure", boots.failure());
        return m;
    }
}
