package org.bgctl.swf;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SwfHeaderTest {

    private static final List<String> LINES = List.of(
            "; Version: 2.2",
            "; Computer: IBM SP2",
            "; Installation: Cornell Theory Center (CTC)",
            "; UnixStartTime: 835823160",
            "; TimeZoneString: US/Eastern",
            "; MaxNodes: 338 (batch partition; 512 total)",
            "; MaxProcs: 338",
            "; Note: uses the EASY scheduler",
            "; Queue:  1 DSI      ",
            "; Queue:  2 astro    ",
            ";",
            "; Note: THIS IS A CLEANED VERSION OF THE LOG!",
            ";       The filter used to produce it was",
            ";         user=135 (2080 jobs removed)",
            ";");

    private final SwfHeader header = SwfHeader.parse(LINES);

    @Test
    void keepsLinesVerbatimAndInOrder() {
        assertEquals(LINES, header.lines());
    }

    @Test
    void parsesKeyValuePairs() {
        assertEquals(Optional.of("IBM SP2"), header.computer());
        assertEquals(Optional.of("Cornell Theory Center (CTC)"), header.installation());
        assertEquals(OptionalLong.of(835823160L), header.unixStartTime());
        assertEquals(Optional.of("US/Eastern"), header.timeZone());
        assertEquals(OptionalInt.of(338), header.maxProcs());
        assertEquals(Optional.of("2.2"), header.value("version"));
    }

    @Test
    void maxNodesTakesTheLeadingInteger() {
        assertEquals(OptionalInt.of(338), header.maxNodes());
        assertEquals(Optional.of("338 (batch partition; 512 total)"), header.value("MaxNodes"));
        // not a machine of 1 or 128 nodes: the leading digits are not a word of their own
        for (String value : List.of("1e3", "128.5", "64nodes"))
            assertEquals(OptionalInt.empty(), SwfHeader.parse(List.of("; MaxNodes: " + value)).maxNodes(), value);
        assertEquals(OptionalInt.of(64), SwfHeader.parse(List.of("; MaxNodes: 64\t(dual)")).maxNodes());
    }

    @Test
    void repeatedKeysKeepEveryValueAndIndentedLinesContinueTheValue() {
        assertEquals(List.of("uses the EASY scheduler",
                "THIS IS A CLEANED VERSION OF THE LOG!\nThe filter used to produce it was\nuser=135 (2080 jobs removed)"),
                header.notes());
        assertEquals(List.of("1 DSI", "2 astro"), header.values("Queue"));
    }

    @Test
    void labelsMayFollowAnyWhitespaceButAnIndentedUrlStaysAContinuation() {
        SwfHeader indented = SwfHeader.parse(List.of(
                "; Computer: Intel Paragon",
                ";        MaxNodes: 70  (dual)",
                ";\tMaxProcs:\t140",
                ";   UnixStartTime: 1000",
                "; Information: http://www.example.org/",
                ";              http://www.cs.huji.ac.il/labs/parallel/workload/",
                ";        Note: first",
                ";              second line"));
        assertEquals(OptionalInt.of(70), indented.maxNodes());
        assertEquals(Optional.of("70  (dual)"), indented.value("MaxNodes"));
        assertEquals(OptionalInt.of(140), indented.maxProcs());
        assertEquals(OptionalLong.of(1000), indented.unixStartTime());
        assertEquals(Optional.of("http://www.example.org/\nhttp://www.cs.huji.ac.il/labs/parallel/workload/"),
                indented.value("Information"));
        assertEquals(List.of("first\nsecond line"), indented.notes());
        assertEquals(List.of("Computer", "Information", "MaxNodes", "MaxProcs", "Note", "UnixStartTime"), indented.keys());
    }

    @Test
    void missingKeysAreEmpty() {
        SwfHeader none = SwfHeader.parse(List.of("; free text", "; MaxNodes: many"));
        assertEquals(OptionalInt.empty(), none.maxNodes());
        assertEquals(OptionalLong.empty(), none.unixStartTime());
        assertEquals(Optional.empty(), none.timeZone());
        assertEquals(List.of(), none.notes());
        assertEquals(List.of("MaxNodes"), none.keys());
    }

    @Test
    void rejectsALineThatIsNotAComment() {
        assertThrows(IllegalArgumentException.class, () -> SwfHeader.parse(List.of("1 2 3")));
    }
}
