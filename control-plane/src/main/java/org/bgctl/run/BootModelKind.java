package org.bgctl.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.bgctl.journal.RunInputsTable;
import org.bgctl.machine.bgl.BootTimes;
import org.bgctl.scheduler.BootModel;
import org.bgctl.workload.GeometryOptions;

/** What {@code --boot-model} names: no boots, or the boot times of the machine file (docs/blocks.md). */
public enum BootModelKind {
    /** Jobs run from their start decision (after the flat boot delay). */
    NONE,
    /** Blocks boot for the times of the machine file's {@code boot} block. */
    MACHINE;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The kind named {@code text}: {@code none} or {@code machine}.
     *
     * @throws IllegalArgumentException naming the unknown value
     */
    public static BootModelKind parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "none" -> NONE;
            case "machine" -> MACHINE;
            default -> throw new IllegalArgumentException("unknown boot model '" + text + "'; known: none, machine");
        };
    }

    /** Whether the blocks of a run with {@code parameters} boot. */
    public static boolean boots(ReplayParameters parameters) {
        return parameters.get("boot_model").map(BootModelKind::parse).orElse(NONE) == MACHINE;
    }

    /**
     * Whether the blocks of the recorded run in {@code runDir} boot: a replay's as its {@link RunRecord} says, a serve
     * run's as any of the inputs its journal records says (none: no).
     */
    public static boolean boots(Path runDir) throws IOException {
        if (RunRecord.exists(runDir)) return boots(RunRecord.read(runDir).parameters());
        for (String inputs : RunInputsTable.all(runDir))
            if (boots(RunRecord.of(JSON.readTree(inputs), "the inputs journaled in " + runDir).parameters())) return true;
        return false;
    }

    /** The boot model a run with {@code parameters} on {@code machine} had (a recorded run's, read back). */
    public static BootModel of(ReplayParameters parameters, String machine) {
        double failure = parameters.get("boot_failure").map(Double::parseDouble).orElse(0.0);
        long seed = parameters.get("seed").map(Long::parseLong).orElse(GeometryOptions.DEFAULT_SEED);
        boolean reuse = parameters.get("reuse_blocks").map(Boolean::parseBoolean).orElse(false);
        return parameters.get("boot_model").map(BootModelKind::parse).orElse(NONE).of(machine, failure, seed, reuse);
    }

    /**
     * The boot model of this kind on the machine {@code machine}, each midplane failing a boot with probability
     * {@code failure}, drawn from {@code seed}; with {@code reuse}, a finished job's block stays ready for reuse.
     *
     * @throws IllegalArgumentException for a failure probability outside [0, 1) or without boots, reuse without
     *                                  boots, or a machine without boot times
     */
    public BootModel of(String machine, double failure, long seed, boolean reuse) {
        if (!(failure >= 0 && failure < 1))
            throw new IllegalArgumentException("--boot-failure must be at least 0 and below 1, was " + failure);
        if (this == NONE) {
            if (failure > 0) throw new IllegalArgumentException("--boot-failure " + failure + " needs booting blocks:"
                    + " add --boot-model machine");
            if (reuse) throw new IllegalArgumentException("--reuse-blocks needs booting blocks: add --boot-model machine");
            return BootModel.NONE;
        }
        BootTimes times;
        try {
            times = BootTimes.of(machine);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--boot-model machine: " + e.getMessage(), e);
        }
        return new BootModel(times.base(), times.perMidplane(), times.nodesPerMidplane(), failure, seed, times.free(),
                reuse);
    }
}
