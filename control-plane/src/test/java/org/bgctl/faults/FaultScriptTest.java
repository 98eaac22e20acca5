package org.bgctl.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.HealthChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FaultScriptTest {

    private static final MachineModel BGL = MachineCatalog.create("bgl");

    @TempDir
    Path dir;

    private Path file(String... lines) throws Exception {
        return Files.write(dir.resolve("faults.txt"), List.of(lines));
    }

    @Test
    void readsChangesSkippingCommentsAndBlankLinesInTimeOrderKeepingFileOrderAtTheSameTime() throws Exception {
        Path f = file("# a fault file",
                "",
                "500 mp-R010 down   # the midplane",
                "100 cable-x-R000-p2 down",
                "500 sw-y-R010 down",
                "   900 mp-R010 up");
        assertEquals(List.of(new HealthChange(100, "cable-x-R000-p2", false), new HealthChange(500, "mp-R010", false),
                        new HealthChange(500, "sw-y-R010", false), new HealthChange(900, "mp-R010", true)),
                FaultScript.read(f, BGL));
    }

    @Test
    void aByteOrderMarkAtTheStartAndCrlfLineEndsAreRead() throws Exception {
        Path f = Files.writeString(dir.resolve("faults.txt"), "\uFEFF100 node-3 down\r\n500 node-3 up\r\n");
        assertEquals(List.of(new HealthChange(100, "node-3", false), new HealthChange(500, "node-3", true)),
                FaultScript.read(f, MachineCatalog.create("flat:8")));
    }

    @Test
    void aFlatMachineNamesItsNodes() throws Exception {
        assertEquals(List.of(new HealthChange(7, "node-127", false)),
                FaultScript.read(file("7 node-127 down"), MachineCatalog.create("flat:128")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FaultScript.read(file("7 node-128 down"), MachineCatalog.create("flat:128")));
        assertTrue(e.getMessage().contains("faults.txt:1: field 2 (component): flat:128 has no component 'node-128'"),
                e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "100 mp-R010                  | :2: 2 fields, expected 3",
            "100 mp-R010 down now         | :2: 4 fields, expected 3",
            "soon mp-R010 down            | :2: field 1 (time): 'soon' is not a whole number of seconds",
            "-5 mp-R010 down              | :2: field 1 (time): -5 is negative",
            "3153600001 mp-R010 down      | :2: field 1 (time): 3153600001 is above the limit of 3153600000 s (100 years)",
            "99999999999999999999 mp-R010 down | :2: field 1 (time): 99999999999999999999 is above the limit of 3153600000 s (100 years)",
            "100 mp-R910 down             | :2: field 2 (component): component 'mp-R910' of bgl: R910 is outside",
            "100 midplane-7 down          | :2: field 2 (component): unknown component 'midplane-7'",
            "100 mp-R010 broken           | :2: field 3 (state): 'broken' is neither down nor up"})
    void aBadLineIsAnErrorNamingFileLineAndField(String line, String expected) throws Exception {
        Path f = file("0 mp-R000 down", line.trim());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultScript.read(f, BGL));
        assertTrue(e.getMessage().startsWith(f + expected), e.getMessage());
    }

    @Test
    void aMissingFileOrADirectoryIsNamedSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FaultScript.read(dir.resolve("none.txt"), BGL));
        assertEquals("fault file " + dir.resolve("none.txt") + ": no such file", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FaultScript.read(dir, BGL));
        assertEquals("fault file " + dir + ": a directory, not a fault file", e.getMessage());
    }

    @Test
    void aMachineWhosePartsCannotFailRejectsEveryComponent() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FaultScript.read(file("1 sn-0.0.0 down"), MachineCatalog.create("supernode")));
        assertTrue(e.getMessage().contains("field 2 (component)"), e.getMessage());
    }
}
