package org.bgctl.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {

    @Test
    void aListKeepsItsOrder() {
        Axis axis = Axis.parse("scheduler=fcfs,easy,conservative");
        assertEquals("scheduler", axis.parameter());
        assertEquals(List.of("fcfs", "easy", "conservative"), axis.values());
        assertFalse(axis.numeric());
    }

    @Test
    void aRangeIsInclusiveAndExactInDecimal() {
        assertEquals(List.of("0.7", "0.8", "0.9", "1.0", "1.1", "1.2", "1.3", "1.4"),
                Axis.parse("runtime_coefficient=0.7:1.4:0.1").values());
        List<String> krevat = Axis.parse("runtime_coefficient=0.7:1.4:0.05").values();
        assertEquals(15, krevat.size());
        assertEquals("0.70", krevat.get(0));
        assertEquals("0.75", krevat.get(1));
        assertEquals("1.40", krevat.get(14));
        assertEquals(List.of("20", "40", "60", "80", "100"), Axis.parse("offered_load=20:100:20").values());
        assertEquals(List.of("1", "2", "3"), Axis.parse("size_divide=1:3.5:1").values());
    }

    @Test
    void valuesAndRangesMix() {
        Axis axis = Axis.parse("offered_load = 0.2, 0.5:0.7:0.1 ,0.95");
        assertEquals("offered_load", axis.parameter());
        assertEquals(List.of("0.2", "0.5", "0.6", "0.7", "0.95"), axis.values());
        assertTrue(axis.numeric());
    }

    @Test
    void aMachineNameWithAColonIsOneValue() {
        assertEquals(List.of("flat:128", "flat:64"), Axis.parse("machine=flat:128,flat:64").values());
    }

    @Test
    void aCommaInsideParenthesesBelongsToItsValue() {
        Axis laws = Axis.parse("fault_switch=weibull(0.7, 5184000)/exponential(3600),exponential(864000)/exponential(3600)");
        assertEquals(List.of("weibull(0.7, 5184000)/exponential(3600)", "exponential(864000)/exponential(3600)"),
                laws.values());
        assertEquals(laws, Axis.parse(laws.toString()));
    }

    @Test
    void replayOptionNamesAreAccepted() {
        assertEquals("runtime_coefficient", Axis.parse("runtime-coefficient=1").parameter());
        assertEquals("first_jobs", Axis.parse("--first=100,200").parameter());
        assertEquals("estimate_source", Axis.parse("estimate=requested,exact").parameter());
    }

    @Test
    void toStringReadsBack() {
        Axis axis = Axis.parse("runtime_coefficient=0.7:0.9:0.1");
        assertEquals("runtime_coefficient=0.7,0.8,0.9", axis.toString());
        assertEquals(axis, Axis.parse(axis.toString()));
    }

    @Test
    void badAxesSayWhatIsWrong() {
        assertMessage("write PARAMETER=VALUES", "scheduler");
        assertMessage("write PARAMETER=VALUES", "=fcfs");
        assertMessage("unknown replay parameter 'shceduler'; known: trace, machine, scheduler", "shceduler=fcfs");
        assertMessage("'0.7:1.4' is not a range: write START:STOP:STEP", "runtime_coefficient=0.7:1.4");
        assertMessage("'1:2:3:4' is not a range", "size_divide=1:2:3:4");
        assertMessage("range '0.7:1.4:0': the step must be positive", "runtime_coefficient=0.7:1.4:0");
        assertMessage("range '0.7:1.4:-0.1': the step must be positive", "runtime_coefficient=0.7:1.4:-0.1");
        assertMessage("range '1.4:0.7:0.1': the start is above the stop", "runtime_coefficient=1.4:0.7:0.1");
        assertMessage("has more than 10000 values", "first_jobs=0:1000000:1");
        assertMessage("axis scheduler: 'easy' appears twice", "scheduler=easy,fcfs,easy");
        assertMessage("axis runtime_coefficient: '1.00' appears twice (as '1.0')", "runtime_coefficient=1.0,1.00");
        assertMessage("axis runtime_coefficient: '1' appears twice (as '1.0')", "runtime_coefficient=0.9:1.0:0.1,1");
        assertMessage("axis scheduler: an empty value", "scheduler=easy,,fcfs");
        assertMessage("axis scheduler: an empty value", "scheduler=");
    }

    private static void assertMessage(String expected, String axis) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Axis.parse(axis));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        if (axis.contains("=")) assertTrue(e.getMessage().startsWith("axis '" + axis + "'"), e.getMessage());
    }
}
