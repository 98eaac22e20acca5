package org.bgctl.swf;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwfFieldTest {

    @Test
    void eighteenFieldsNumberedInFileOrder() {
        assertEquals(SwfField.COUNT, SwfField.values().length);
        for (SwfField field : SwfField.values()) {
            assertEquals(field.ordinal() + 1, field.number());
            assertEquals(field, SwfField.ofNumber(field.number()));
        }
        assertThrows(IllegalArgumentException.class, () -> SwfField.ofNumber(19));
    }

    @Test
    void onlyCpuAndMemoryFieldsAreDecimal() {
        assertTrue(SwfField.AVG_CPU.isDecimal());
        assertTrue(SwfField.USED_MEM.isDecimal());
        assertTrue(SwfField.REQ_MEM.isDecimal());
        assertFalse(SwfField.RUN.isDecimal());
        assertEquals("field 4 (run time)", SwfField.RUN.describe());
    }

    @Test
    void theTimesAreSubmitWaitRunRequestedAndThinkTime() {
        List<SwfField> times = Arrays.stream(SwfField.values()).filter(SwfField::isTime).toList();
        assertEquals(List.of(SwfField.SUBMIT, SwfField.WAIT, SwfField.RUN, SwfField.REQ_TIME, SwfField.THINK_TIME), times);
    }
}
