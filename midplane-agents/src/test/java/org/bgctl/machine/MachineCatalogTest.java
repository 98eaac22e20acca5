package org.bgctl.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MachineCatalogTest {

    @Test
    void flatNamesAFlatMachineOfThatManyNodes() {
        MachineModel m = MachineCatalog.create("flat:128");
        assertEquals("flat:128", m.name());
        assertEquals(128, m.capacity());
        assertEquals(128, m.freeNodes());
        assertTrue(m.interchangeable());
    }

    @ParameterizedTest
    @ValueSource(strings = {"flat:0", "flat:-3", "flat:x", "flat:", "flat:1.5", "flat:99999999999"})
    void aBadNodeCountIsNamedWithTheFormToUse(String spec) {
        String message = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create(spec)).getMessage();
        assertTrue(message.contains("'" + spec + "'"), message);
        assertTrue(message.contains(MachineCatalog.KNOWN), "shows the known forms: " + message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bogus", "FLAT:128", "bgl", ""})
    void anUnknownMachineIsNamedWithTheKnownForms(String spec) {
        String message = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create(spec)).getMessage();
        assertTrue(message.contains("'" + spec + "'"), message);
        assertTrue(message.contains(MachineCatalog.KNOWN), message);
    }

    @Test
    void noMachineAtAllIsRejectedToo() {
        String message = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create(null)).getMessage();
        assertTrue(message.contains(MachineCatalog.KNOWN), message);
    }
}
