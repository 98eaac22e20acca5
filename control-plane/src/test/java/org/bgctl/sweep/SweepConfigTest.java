package org.bgctl.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepConfigTest {

    private static SweepSpec parse(String hocon) {
        return SweepConfig.parse(ConfigFactory.parseString(hocon).resolve(), "default-name");
    }

    @Test
    void aFullSweepFile() {
        SweepSpec spec = parse("""
                name = krevat-flat
                base {
                  trace = "traces/sdsc.swf"
                  machine = "flat:128"
                  first_jobs = 10000
                  enforce_walltime = true
                }
                axes = [
                  "scheduler=fcfs,easy"
                  { parameter = runtime_coefficient, values = "0.7:0.9:0.1" }
                  { parameter = size_divide, values = [1, 2, "4:8:4"] }
                ]
                plots = [
                  { x = utilization, y = mean_wait_s, series = scheduler, title = "Wait", name = wait, log_y = true }
                  { x = runtime_coefficient, y = utilization, series = [scheduler, size_divide] }
                ]
                """);
        assertEquals("krevat-flat", spec.name());
        assertEquals(Map.of("trace", "traces/sdsc.swf", "machine", "flat:128", "first_jobs", "10000",
                "enforce_walltime", "true", "executor", "actors", "journal", "memory"),
                spec.base().asMap());
        assertEquals(List.of(Axis.parse("scheduler=fcfs,easy"), Axis.parse("runtime_coefficient=0.7,0.8,0.9"),
                Axis.parse("size_divide=1,2,4,8")), spec.axes());
        assertEquals(List.of(new PlotSpec("utilization", "mean_wait_s", List.of("scheduler"), "Wait", "wait", true,
                        "line 14"),
                new PlotSpec("runtime_coefficient", "utilization", List.of("scheduler", "size_divide"), null, null,
                        false, "line 15")), spec.plots());
    }

    @Test
    void numbersReadAsJavaWritesThemAndQuotedTextAsItIs() {
        SweepSpec spec = parse("base { runtime_coefficient = 1.50, first_jobs = 200, size_divide = \"02\" }\n"
                + "axes = [ { parameter = arrival_scale, values = [0.5, 1.0, 2] } ]");
        assertEquals("1.5", spec.base().get("runtime_coefficient").orElseThrow());
        assertEquals("200", spec.base().get("first_jobs").orElseThrow());
        assertEquals("02", spec.base().get("size_divide").orElseThrow());
        assertEquals(List.of("0.5", "1", "2"), spec.axes().get(0).values());
    }

    @Test
    void emptyFileIsOneDefaultRun() {
        SweepSpec spec = parse("");
        assertEquals("default-name", spec.name());
        assertEquals(SweepSpec.DEFAULTS, spec.base());
        assertTrue(spec.axes().isEmpty());
        assertTrue(spec.plots().isEmpty());
        assertNull(parse("plots = [ { x = utilization, y = mean_wait_s } ]").plots().get(0).series());
    }

    @Test
    void commandLineSettingsOverrideTheFile() {
        SweepSpec spec = parse("axes = [ \"scheduler=fcfs,easy\", \"runtime_coefficient=1,2\" ]")
                .withSet("scheduler", "conservative")
                .withAxis(Axis.parse("runtime_coefficient=3,4"))
                .withAxis(Axis.parse("size_divide=1,2"));
        assertEquals("conservative", spec.base().get("scheduler").orElseThrow());
        assertEquals(List.of(Axis.parse("runtime_coefficient=3,4"), Axis.parse("size_divide=1,2")), spec.axes());
    }

    @Test
    void pinningAParameterTakesItOutOfThePlotsSeries() {
        SweepSpec spec = parse("axes = [ \"scheduler=fcfs,easy\", \"runtime_coefficient=1,2\" ]\n"
                + "plots = [ { x = runtime_coefficient, y = utilization, series = scheduler } ]")
                .withSet("scheduler", "easy");
        assertEquals(List.of(), spec.plots().get(0).series());
    }

    @Test
    void mistakesAreNamed() {
        assertMessage("the sweep file has an unknown key 'axis' (line 1); known: axes, base, name, plots",
                "axis = [\"scheduler=fcfs\"]");
        assertMessage("unknown replay parameter 'schedular'", "base { schedular = easy }");
        assertMessage("an axis has an unknown key 'value'", "axes = [ { parameter = scheduler, value = [easy] } ]");
        assertMessage("'values' missing", "axes = [ { parameter = scheduler } ]");
        assertMessage("a plot has an unknown key 'z'", "plots = [ { x = utilization, y = mean_wait_s, z = 1 } ]");
        assertMessage("plot log_y must be true or false", "plots = [ { x = a, y = b, log_y = yes } ]");
        assertMessage("base.machine must be a single value, not list", "base { machine = [a, b] }");
        assertMessage("an axis must be \"PARAMETER=VALUES\" or { parameter = ..., values = ... }", "axes = [ 3 ]");
    }

    @Test
    void aParameterSweptTwiceInTheFileIsRefusedNotHalfDropped() {
        assertMessage("axes: a second axis of scheduler (line 2); give each parameter one axis",
                "axes = [ \"scheduler=fcfs\"\n { parameter = scheduler, values = [easy] } ]");
        assertMessage("axes: a second axis of runtime_coefficient (line 1)",
                "axes = [ \"runtime_coefficient=0.7\", \"runtime-coefficient=0.8\" ]");
    }

    @Test
    void aFileIsNamedAfterItselfAndItsErrorsNameIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("my-load.conf");
        Files.writeString(file, "axes = [ \"scheduler=fcfs\" ]\n");
        assertEquals("my-load", SweepConfig.read(file).name());
        Files.writeString(file, "base { first_jobs = 10 \n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepConfig.read(file));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        Files.writeString(file, "axes = \"scheduler=fcfs\"\n");
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class, () -> SweepConfig.read(file));
        assertEquals(file + ": 1: axes has type STRING rather than LIST", wrongType.getMessage());
        IOException missing = assertThrows(IOException.class, () -> SweepConfig.read(dir.resolve("nope.conf")));
        assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
        assertFalse(Files.exists(dir.resolve("nope.conf")));
    }

    @Test
    void aPlotsMistakeFoundAgainstTheGridNamesTheFileAndTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("typo.conf");
        Files.writeString(file, "base { trace = demo, first_jobs = 5 }\naxes = [ \"runtime_coefficient=1.0,1.1\" ]\n"
                + "plots = [ { x = runtime_coefficient, y = utilisation } ]\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SweepPlan.of(SweepConfig.read(file), dir.resolve("out")));
        assertTrue(e.getMessage().startsWith("plot utilisation-vs-runtime_coefficient (" + file
                + " line 3): y = utilisation is not a metric"), e.getMessage());
    }

    @Test
    void aBadParameterOrValueNamesItsLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.conf");
        assertFileMessage(file, "base {\n  first_jobs = 5\n  fault_modle = x\n}\n",
                file + ": line 3: unknown replay parameter 'fault_modle'; known: ");
        assertFileMessage(file, "axes = [\n  \"on_kill=requeue\"\n  \"max_requeues=3:1:1\"\n]\n",
                file + ": line 3: axis 'max_requeues=3:1:1': range '3:1:1': the start is above the stop");
        assertFileMessage(file, "axes = [\n  { parameter = on_kil, values = [fail] }\n]\n",
                file + ": line 2: unknown replay parameter 'on_kil'; known: ");
        assertFileMessage(file, "axes = [\n\n  { parameter = boot_failure, values = [0, \"0.0\"] }\n]\n",
                file + ": line 3: axis boot_failure: '0.0' appears twice (as '0')");
        assertFileMessage(file, "axes = [\n  { parameter = max_requeues, values = \"1:2\" }\n]\n",
                file + ": line 2: '1:2' is not a range");
    }

    @Test
    void aParameterBothSetInTheBaseAndSweptIsRefusedNotHalfDropped() {
        assertMessage("axes: the axis of runtime_coefficient (line 3) sweeps what base sets (runtime-coefficient, line 1);"
                        + " give it either one value in base or an axis",
                "base { runtime-coefficient = 1.0, first_jobs = 5 }\naxes = [\n  \"runtime_coefficient=0.7,0.8\"\n]");
        assertMessage("axes: the axis of scheduler (line 2) sweeps what base sets (scheduler, line 1)",
                "base { scheduler = easy }\naxes = [ { parameter = scheduler, values = [fcfs, easy] } ]");
    }

    @Test
    void aParameterSetTwiceInTheBaseUnderTwoNamesIsRefused() {
        assertMessage("base: max_requeues (line 3) sets max_requeues again, after max-requeues (line 2); give it one value",
                "base {\n  max-requeues = 2\n  max_requeues = 3\n}");
        assertMessage("base: first_jobs (line 1) sets first_jobs again, after first (line 2)",
                "base { first_jobs = 5\n first = 4 }");
    }

    private static void assertFileMessage(Path file, String hocon, String expectedStart) throws IOException {
        Files.writeString(file, hocon);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepConfig.read(file));
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
    }

    private static void assertMessage(String expected, String hocon) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(hocon));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
