package org.bgctl.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FaultModelTest {

    @TempDir
    Path dir;

    @Test
    void readsALawPerKindOfComponent() throws Exception {
        Path f = Files.writeString(dir.resolve("model.conf"), """
                # BG/L parts
                midplane { ttf = "exponential(2592000)", ttr = "exponential(14400)" }
                cable {
                  ttf = "weibull(0.7, 8000000)"
                  ttr = "exponential(3600)"
                }
                """);
        FaultModel model = FaultModel.read(f);
        assertEquals(Map.of(ComponentKind.MIDPLANE, new FailureLaw(new Distribution.Exponential(2592000),
                        new Distribution.Exponential(14400)),
                ComponentKind.CABLE, new FailureLaw(new Distribution.Weibull(0.7, 8000000),
                        new Distribution.Exponential(3600))), model.laws());
        assertEquals("{midplane=exponential(2592000)/exponential(14400), cable=weibull(0.7, 8000000)/exponential(3600)}",
                model.asText().toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "rack { ttf = \"exponential(1)\", ttr = \"exponential(1)\" }  | rack: unknown component kind 'rack'",
            "node { ttf = \"exponential(1)\" }                          | node.ttr is missing (node = { ttf",
            "node { ttf = 3, ttr = \"exponential(1)\" }                 | node.ttf: '3' is not a distribution",
            "node { ttf = [1], ttr = \"exponential(1)\" }               | node.ttf: not a string (list)",
            "node { ttf = \"exponential(-3)\", ttr = \"exponential(1)\" } | node.ttf: exponential: the mean must be",
            "node { ttf = \"gauss(3)\", ttr = \"exponential(1)\" }        | node.ttf: 'gauss(3)': unknown distribution",
            "node { ttf = \"weibull(3)\", ttr = \"exponential(1)\" }      | node.ttf: 'weibull(3)': weibull takes two numbers",
            "node { ttf = \"exponential(1)\", ttr = \"exponential(1)\", mtbf = 3 } | node: unknown settings [mtbf]",
            "node = 3                                                   | node: expected a block"})
    void aBadModelIsAnErrorNamingTheFileAndTheSetting(String text, String expected) throws Exception {
        Path f = Files.writeString(dir.resolve("bad.conf"), text);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(f));
        assertTrue(e.getMessage().startsWith("fault model " + f + ": 1: " + expected.trim()), e.getMessage());
        assertEquals(1, e.getMessage().split(f.toString(), -1).length - 1, "the file named once: " + e.getMessage());
    }

    @Test
    void aBadLawIsNamedByItsLine() throws Exception {
        Path f = Files.writeString(dir.resolve("lines.conf"), """
                midplane {
                  ttf = "exponential(10)"
                  ttr = "exponental(5)"
                }
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(f));
        assertEquals("fault model " + f + ": 3: midplane.ttr: 'exponental(5)': unknown distribution 'exponental';"
                + " known: exponential, weibull", e.getMessage());
        Files.writeString(f, "midplane {\n  ttf = \"exponential(10)\"\n}\n");
        e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(f));
        assertEquals("fault model " + f + ": 1: midplane.ttr is missing (midplane = { ttf = \"...\", ttr = \"...\" })",
                e.getMessage());
    }

    @Test
    void aSyntaxErrorNamesTheFileOnceAndItsLine() throws Exception {
        Path f = Files.writeString(dir.resolve("broken.conf"), "midplane {\n  ttf = \n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(f));
        assertEquals("fault model " + f + ": 3: Expecting a value but got wrong token: end of file", e.getMessage());
    }

    @Test
    void aValueFromTheEnvironmentIsNamedByItsSettingWithoutALine() throws Exception {
        String home = System.getenv("HOME");
        assumeTrue(home != null, "HOME is set");
        Path f = Files.writeString(dir.resolve("env.conf"), "midplane {\n  ttf = \"exponential(100000)\"\n  ttr = ${?HOME}\n}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(f));
        assertTrue(e.getMessage().startsWith("fault model " + f + ": midplane.ttr: '" + home + "' is not a distribution"),
                e.getMessage());
    }

    @Test
    void aMissingFileAndADirectoryAreToldApart() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FaultModel.read(dir.resolve("none.conf")));
        assertEquals("fault model " + dir.resolve("none.conf") + ": no such file", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FaultModel.read(dir));
        assertEquals("fault model " + dir + ": a directory, not a fault model file", e.getMessage());
    }

    @Test
    void aLawOnTheCommandLineIsTtfSlashTtr() {
        assertEquals(new FailureLaw(new Distribution.Exponential(100), new Distribution.Weibull(1.5, 60)),
                FailureLaw.parse("exponential(100)/weibull(1.5, 60)"));
        assertThrows(IllegalArgumentException.class, () -> FailureLaw.parse("exponential(100)"));
    }
}
