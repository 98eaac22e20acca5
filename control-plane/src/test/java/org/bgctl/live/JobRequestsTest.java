package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.bgctl.clock.JobSpec;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.junit.jupiter.api.Test;

/** A job submission's optional fields may be null, which is leaving them out; a required one may not. */
class JobRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final MachineModel FLAT = MachineCatalog.create("flat:8");
    private static final MachineModel BGL = MachineCatalog.create("bgl");

    private static JobSpec parse(String body, MachineModel machine) throws Exception {
        JsonNode node = JSON.readTree(body);
        return JobRequests.parse(node, machine);
    }

    @Test
    void aNullEstimateIsTheRuntimeAsWhenLeftOut() throws Exception {
        assertEquals(parse("{\"size\": 4, \"runtime\": 60}", FLAT),
                parse("{\"size\": 4, \"runtime\": 60, \"estimate\": null}", FLAT));
        assertEquals(60, parse("{\"size\": 4, \"runtime\": 60, \"estimate\": null}", FLAT).estimate());
    }

    @Test
    void aNullShapeBesideASizeIsTheSizeAlone() throws Exception {
        assertEquals(parse("{\"size\": 512, \"runtime\": 60}", BGL),
                parse("{\"size\": 512, \"shape\": null, \"runtime\": 60}", BGL));
        assertEquals(parse("{\"shape\": \"1x1x1\", \"runtime\": 60}", BGL),
                parse("{\"shape\": \"1x1x1\", \"size\": null, \"runtime\": 60}", BGL));
    }

    @Test
    void aTorusOnAMachineWithoutAGridIsRefusedAsReplayRefusesTori() throws Exception {
        // before, flat:8 took the job and ignored its topology, where replay --torus-probability is refused on it
        BadRequest torus = assertThrows(BadRequest.class,
                () -> parse("{\"size\": 4, \"runtime\": 60, \"topology\": \"torus\"}", FLAT));
        assertEquals("topology", torus.field());
        assertEquals("topology: flat:8 has no grid of midplanes to join into a torus; give mesh or leave it out",
                torus.getMessage());
        assertEquals(parse("{\"size\": 4, \"runtime\": 60}", FLAT),
                parse("{\"size\": 4, \"runtime\": 60, \"topology\": \"mesh\"}", FLAT));
        parse("{\"size\": 1024, \"runtime\": 60, \"topology\": \"torus\"}", BGL);
    }

    @Test
    void anExtentThatIsNoCountOfMidplanesIsNamedWithoutTheParsersWords() {
        // before: "... got 99999999999x1x1 (For input string: \"99999999999\")"
        for (String shape : new String[] {"99999999999x1x1", " 2x2x2", "2x2xtwo"}) {
            BadRequest bad = assertThrows(BadRequest.class,
                    () -> parse("{\"shape\": \"" + shape + "\", \"runtime\": 60}", BGL));
            assertEquals("shape: expected XxYxZ in midplanes, e.g. 2x2x4; got " + shape + " (X, Y and Z are counts of"
                    + " midplanes, at most the grid's)", bad.getMessage());
        }
    }

    @Test
    void aNullRuntimeOrNeitherSizeNorShapeIsMissing() {
        BadRequest runtime = assertThrows(BadRequest.class, () -> parse("{\"size\": 4, \"runtime\": null}", FLAT));
        assertEquals("runtime", runtime.field());
        BadRequest size = assertThrows(BadRequest.class,
                () -> parse("{\"size\": null, \"shape\": null, \"runtime\": 60}", FLAT));
        assertEquals("size", size.field());
    }
}
