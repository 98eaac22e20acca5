package org.bgctl.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each form of the machine registry builds its kind of machine, and its capabilities are what its machines show. */
class MachineRegistryTest {

    @Test
    void everyNameIsOfItsForm() {
        Map<String, String> forms = new LinkedHashMap<>();
        forms.put("flat:8", "flat:N");
        forms.put("bgl", "bgl");
        forms.put("bgl,deny-passthrough=x", "bgl");
        forms.put("torus-bgl", "torus-bgl");
        forms.put("my.conf,deny-passthrough=y", "FILE.conf");
        forms.put("supernode", "supernode[:XxYxZ[/N]]");
        forms.put("supernode:2x2x2/1", "supernode[:XxYxZ[/N]]");
        forms.put("buddy:16", "buddy:N");
        forms.put("paragon-sdsc", "paragon-sdsc");
        forms.put("paragon:site.conf", "paragon:FILE");
        forms.forEach((name, form) -> assertEquals(form, MachineRegistry.typeOf(name).pattern(), name));
        assertEquals("paragon-sdsc", MachineCatalog.create("paragon-sdsc").name());
        assertThrows(IllegalArgumentException.class, () -> MachineRegistry.typeOf("bogus"));
    }

    @Test
    void theCapabilitiesAreWhatTheExampleMachinesShow() {
        for (MachineType t : MachineRegistry.types()) {
            MachineModel m = t.exampleModel();
            assertEquals(m.interchangeable(), t.has(MachineCapability.INTERCHANGEABLE_NODES), t.pattern());
            assertEquals(m.grid().isPresent(), t.has(MachineCapability.SHAPES), t.pattern() + " " + m.grid());
            assertEquals(m.components().stream().anyMatch(c -> c.startsWith("sw-")),
                    t.has(MachineCapability.SWITCHES), t.pattern());
            boolean options = accepts(t.example() + ",deny-passthrough=x");
            assertEquals(options, t.has(MachineCapability.OPTIONS), t.pattern());
            assertEquals(t.capabilities(), m.capabilities(), t.pattern() + ": the machine says what its form says");
            assertEquals(m.has(MachineCapability.NODE_SETS), m.nqsSite().isPresent(), t.pattern());
        }
    }

    private static boolean accepts(String name) {
        try {
            MachineCatalog.create(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
