package org.bgctl.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Coordinates as {@link Svg} writes them: rounded to tenths, as {@code String.format} would print them. */
class SvgTest {

    @Test
    void numbersAreWrittenAsTheFormatterWritesThemRoundedToTenths() {
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            double v = i < 4_000 ? (i - 2_000) / 20.0 : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(9));
            long tenths = Math.round(v * 10);
            String expected = tenths % 10 == 0 ? Long.toString(tenths / 10)
                    : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
            assertEquals(expected, Svg.n(v), () -> "for " + v);
        }
    }
}
