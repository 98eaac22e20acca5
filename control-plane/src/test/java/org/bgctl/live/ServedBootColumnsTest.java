package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.run.BootModelKind;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A serve run records its boot model in the inputs of its journal, not in a replay's run record: the jobs.csv that
 * {@code bgctl inspect --jobs-csv} rebuilds from its journal has the boot columns when its blocks boot.
 */
class ServedBootColumnsTest {

    @TempDir
    Path dir;

    private static ServeSpec serve(ReplayParameters parameters, Path run) {
        return new ServeSpec(parameters.with("machine", "bgl"), OptionalDouble.of(100), run, "127.0.0.1", 0,
                Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), false);
    }

    @Test
    void aServeRunWhoseBlocksBootHasTheBootColumnsAndOneWithoutBootsHasNone() throws Exception {
        Path booting = dir.resolve("booting");
        LiveServer.start(serve(ReplayParameters.none().with("boot_model", "machine"), booting)).close();
        assertTrue(BootModelKind.boots(booting), "the journal records --boot-model machine");
        Path plain = dir.resolve("plain");
        LiveServer.start(serve(ReplayParameters.none(), plain)).close();
        assertFalse(BootModelKind.boots(plain));
    }
}
