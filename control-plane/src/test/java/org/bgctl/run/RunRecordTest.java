package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** run.json keeps file parameters absolute for a resume from anywhere, and how they were given for the outputs. */
class RunRecordTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RunRecord writtenAndRead(ReplayParameters parameters) throws Exception {
        RunRecord record = RunRecord.of(parameters, null);
        return RunRecord.of(JSON.valueToTree(record.fields()), "run.json");
    }

    @Test
    void aRelativeFileIsResumedAsGivenWhereItNamesTheSameFile() throws Exception {
        RunRecord read = writtenAndRead(ReplayParameters.none().with("fault_model", "faults/model.conf"));
        String absolute = Path.of("faults/model.conf").toAbsolutePath().normalize().toString();
        assertEquals(Optional.of(absolute), read.parameters().get("fault_model"));
        assertEquals(Optional.of("faults/model.conf"), read.resumeParameters().get("fault_model"));
    }

    @Test
    void aFileGivenElsewhereIsResumedByItsAbsolutePath() throws Exception {
        String elsewhere = Path.of("/elsewhere/model.conf").toString();
        RunRecord moved = new RunRecord(ReplayParameters.none().with("fault_model", elsewhere), null,
                Map.of("fault_model", "faults/model.conf"));
        assertEquals(Optional.of(elsewhere), moved.resumeParameters().get("fault_model"));
        RunRecord absolute = writtenAndRead(ReplayParameters.none().with("faults", elsewhere));
        assertEquals(Optional.of(elsewhere), absolute.resumeParameters().get("faults"));
    }

    @Test
    void aMachineNamingFilesOfItsOwnKeepsThemAbsoluteAndIsResumedAsGiven() throws Exception {
        String given = "my-bgl.conf,switch=whole,layout=static:layouts/blocks.conf";
        RunRecord read = writtenAndRead(ReplayParameters.none().with("machine", given));
        String absolute = Path.of("my-bgl.conf").toAbsolutePath().normalize() + ",switch=whole,layout=static:"
                + Path.of("layouts/blocks.conf").toAbsolutePath().normalize();
        assertEquals(Optional.of(absolute), read.parameters().get("machine"));
        assertEquals(Optional.of(given), read.resumeParameters().get("machine"));
        RunRecord site = writtenAndRead(ReplayParameters.none().with("machine", "paragon:site.conf"));
        assertEquals(Optional.of("paragon:" + Path.of("site.conf").toAbsolutePath().normalize()),
                site.parameters().get("machine"));
        RunRecord moved = new RunRecord(ReplayParameters.none().with("machine", "/elsewhere/my-bgl.conf"), null,
                Map.of("machine", "my-bgl.conf"));
        assertEquals(Optional.of("/elsewhere/my-bgl.conf"), moved.resumeParameters().get("machine"));
    }

    @Test
    void aMachineShippedWithBgctlIsKeptAsGiven() throws Exception {
        for (String machine : new String[] {"bgl,deny-passthrough=xy", "flat:128", "paragon-sdsc", "supernode:4x4x8/1"}) {
            RunRecord read = writtenAndRead(ReplayParameters.none().with("machine", machine));
            assertEquals(Optional.of(machine), read.parameters().get("machine"));
            assertEquals(Map.of(), read.given());
        }
    }
}
