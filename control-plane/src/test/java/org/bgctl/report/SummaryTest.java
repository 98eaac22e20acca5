package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryTest {

    @Test
    void keysKeepTheirInsertionOrderWithRunLast() {
        Summary s = new Summary().putRun("wall_s", 1.5).put("zeta", 1).put("alpha", "a").put("mid", List.of(1, 2));
        assertEquals(List.of("zeta", "alpha", "mid", "run"), List.copyOf(s.asMap().keySet()));
        assertEquals(Map.of("wall_s", new BigDecimal("1.5")), s.asMap().get("run"));
    }

    @Test
    void doublesAreRoundedToSixDecimalsAndNonFiniteOnesAreNull() {
        Summary s = new Summary()
                .put("third", 2.0 / 3)
                .put("sum", 0.1 + 0.2)
                .put("half", 0.5)
                .put("zero", 0.0)
                .put("tiny", 4e-7)
                .put("nan", Double.NaN)
                .put("whole", 7L);
        assertEquals(new BigDecimal("0.666667"), s.get("third"));
        assertEquals(new BigDecimal("0.3"), s.get("sum"));
        assertEquals(new BigDecimal("0.5"), s.get("half"));
        assertEquals(0, BigDecimal.ZERO.compareTo((BigDecimal) s.get("zero")));
        assertEquals(0, BigDecimal.ZERO.compareTo((BigDecimal) s.get("tiny")));
        assertEquals(null, s.get("nan"));
        assertEquals(7L, s.get("whole"));
    }

    @Test
    void theJsonListsTheFieldsInOrder(@TempDir Path dir) throws Exception {
        Summary s = new Summary().put("machine", "flat:10").put("mean_wait_s", 2.0 / 3).putRun("wall_s", 0.25);
        Path file = dir.resolve("summary.json");
        s.write(file);
        String json = Files.readString(file);
        assertEquals(s.toJson(), json);
        assertEquals("""
                {
                  "machine" : "flat:10",
                  "mean_wait_s" : 0.666667,
                  "run" : {
                    "wall_s" : 0.25
                  }
                }""", json.replace("\r\n", "\n"));
    }

    @Test
    void wholeNumbersOfTensAreWrittenPlainly() {
        Summary s = new Summary().put("mean_wait_s", 100.0).put("mean_response_s", 1200.0);
        assertEquals("""
                {
                  "mean_wait_s" : 100,
                  "mean_response_s" : 1200,
                  "run" : { }
                }""", s.toJson().replace("\r\n", "\n"));
    }
}
