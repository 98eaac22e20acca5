package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The boot block of a machine file. */
class BootTimesTest {

    @Test
    void theShippedBglBootsAsDocumented() {
        assertEquals(new BootTimes(120, 6, 512, 60), BootTimes.of("bgl,switch=whole"));
    }

    @Test
    void onlyMachinesOfMidplanesBootBlocks() {
        for (String machine : List.of("paragon-sdsc", "paragon:../config/machines/paragon-sdsc.conf", "buddy:64", "flat:8"))
            assertEquals("machine '" + machine + "' boots no blocks: only machines of midplanes do",
                    assertThrows(IllegalArgumentException.class, () -> BootTimes.of(machine)).getMessage());
    }

    /** A machine of one midplane whose boot block is the shipped one's. */
    private static final String ONE = "name = one\nmidplanes = [1, 1, 1]\nnodes-per-midplane = [8, 8, 8]\n"
            + "lines { x = [], y = [], z = [] }\nboot {\n  base = 120\n  per-midplane = 6\n  free = 60\n}\n";

    /** Why the machine file {@code file}, written as {@link #ONE} with {@code line} instead of {@code was}, is refused. */
    private static String refusal(Path file, String was, String line) throws IOException {
        Files.writeString(file, ONE.replace(was, line));
        return assertThrows(IllegalArgumentException.class, () -> BootTimes.of(file.toString())).getMessage();
    }

    @Test
    void aNegativeFractionalOrHugeTimeOrAnUnknownKeyIsNamedByItsLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("one.conf");
        assertEquals(file + ": 7: boot.per-midplane must not be negative, was -6",
                refusal(file, "per-midplane = 6", "per-midplane = -6"));
        assertEquals(file + ": 8: boot.free must not be negative, was -1", refusal(file, "free = 60", "free = -1"));
        assertEquals(file + ": 8: boot.free must be at most 31536000 s (a year), was 1.0E30",
                refusal(file, "free = 60", "free = 1e30"));
        assertEquals(file + ": 7: boot.per-midplane must be whole seconds, was 1.5",
                refusal(file, "per-midplane = 6", "per-midplane = 1.5"));
        assertEquals(file + ": 8: unknown key 'boot.fre'; known: base, per-midplane, free",
                refusal(file, "free = 60", "fre = 60"));
    }
}
