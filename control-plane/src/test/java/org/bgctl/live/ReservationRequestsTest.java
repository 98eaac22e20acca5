package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.bgctl.machine.flat.FlatMachine;
import org.junit.jupiter.api.Test;

/** {@code POST /api/reservations}: each wrong field named with what is wrong with it. */
class ReservationRequestsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static BadRequest refused(String body) throws Exception {
        return assertThrows(BadRequest.class, () -> ReservationRequests.parse(JSON.readTree(body), new FlatMachine(100)));
    }

    @Test
    void aFieldGivenAsANumberWhereAStringIsExpectedIsNotCalledMissing() throws Exception {
        BadRequest what = refused("{\"name\": \"m\", \"start\": 10, \"end\": 20, \"what\": 50}");
        assertEquals("what", what.field());
        assertEquals("what: expected a string: all, a node count, or midplanes (mp-R000,mp-R001 or R000:2x2x2);"
                + " got 50", what.getMessage());
        BadRequest name = refused("{\"name\": 7, \"start\": 10, \"end\": 20, \"what\": \"all\"}");
        assertEquals("name: expected a string: a name of letters and digits, e.g. maint; got 7", name.getMessage());
        assertEquals("what: missing; all, a node count, or midplanes (mp-R000,mp-R001 or R000:2x2x2)",
                refused("{\"name\": \"m\", \"start\": 10, \"end\": 20}").getMessage());
        assertEquals("name: missing; a name of letters and digits, e.g. maint",
                refused("{\"name\": \"\", \"start\": 10, \"end\": 20, \"what\": \"all\"}").getMessage());
    }

    @Test
    void aNameThatCouldNotBeCancelledByItsPathOrWouldWriteIntoTheDashboardIsRefused() throws Exception {
        for (String name : new String[] {"a?b", "a#b", "a%b", "x\\\"onmouseover=\\\"f()", "<svg>", "a/b", "a b", "..",
                "-a"}) {
            BadRequest bad = refused("{\"name\": \"" + name + "\", \"start\": 10, \"end\": 20, \"what\": \"all\"}");
            assertEquals("name", bad.field(), name);
            assertTrue(bad.getMessage().endsWith("is not a name: letters and digits, joined by - _ . : @ (it names the"
                    + " window in DELETE /api/reservations/NAME)"), bad.getMessage());
        }
        for (String name : new String[] {"maint", "user-a", "line-3", "week_1.rack:2", "ops@site", "\u00e9t\u00e9"})
            assertEquals(name, ReservationRequests.parse(JSON.readTree("{\"name\": \"" + name
                    + "\", \"start\": 10, \"end\": 20, \"what\": \"all\"}"), new FlatMachine(100)).name());
    }
}
