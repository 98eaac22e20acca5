package org.bgctl.scheduler.policy.nqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bgctl.machine.paragon.ParagonSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mistake in a site file's {@code nqs} section is named by the file and the line of the entry at fault (the site
 * of {@link NqsSchedulerTest}, one entry changed).
 */
class NqsConfigTest {

    private static void assertNamed(Path dir, String from, String to, String expected) throws IOException {
        Path file = Files.writeString(dir.resolve("site.conf"), NqsSchedulerTest.SITE_FILE.replace(from, to));
        ParagonSite site = ParagonSite.load(file);
        assertEquals(file + ": " + expected,
                assertThrows(IllegalArgumentException.class, () -> NqsConfig.of(site)).getMessage());
    }

    @Test
    void aBadQueueIsNamedByItsLine(@TempDir Path dir) throws IOException {
        assertNamed(dir, "node-group = long,  priority = 5", "node-group = wide,  priority = 5",
                "16: no node group 'wide'; known: long, short");
        assertNamed(dir, "max-nodes = 8,", "max-nodes = 0,", "15: queue short: max-nodes must be positive, was 0");
        assertNamed(dir, "{name = long,", "{name = short,", "16: queue short is defined twice");
    }

    /** HOCON read the string "NaN" as a number: an age factor of NaN made every priority NaN; max-nodes 8.5 was 8. */
    @Test
    void aNumberIsFiniteAndACountWhole(@TempDir Path dir) throws IOException {
        assertNamed(dir, "age-factor = 1", "age-factor = NaN", "12: age-factor must be a finite number, was NaN");
        assertNamed(dir, "node-group = long,  priority = 5", "node-group = long,  priority = \"Infinity\"",
                "16: priority must be a finite number, was Infinity");
        assertNamed(dir, "max-nodes = 8,", "max-nodes = 8.5,", "15: max-nodes must be a whole number, was 8.5");
    }

    /** A key the nqs section does not know, a typo of a known one, was dropped unread. */
    @Test
    void anUnknownKeyIsNamedByItsLineWithTheKnownOnes(@TempDir Path dir) throws IOException {
        assertNamed(dir, "age-factor = 1", "age-factr = 1\n  age-factor = 1", "12: unknown key 'nqs.age-factr'; known:"
                + " age-factor, block-priority, queues, pipes, swf-queues, default-pipe");
        assertNamed(dir, "priority = 10}", "priority = 10, prio = 3}", "15: unknown key 'nqs.queues[].prio'; known:"
                + " name, max-nodes, time-limit, node-group, priority");
    }

    @Test
    void aPipeOfAnUnknownQueueIsNamedByItsLine(@TempDir Path dir) throws IOException {
        assertNamed(dir, "[short, long]", "[short, medium]",
                "19: pipe batch names queue 'medium', which nqs.queues does not define");
    }

    @Test
    void anUnknownPipeOrABadAgeFactorIsNamedByItsLine(@TempDir Path dir) throws IOException {
        assertNamed(dir, "\"7\" = idle", "\"7\" = spare", "20: no pipe 'spare'; known: batch, idle");
        assertNamed(dir, "default-pipe = batch", "default-pipe = spare", "21: no pipe 'spare'; known: batch, idle");
        assertNamed(dir, "age-factor = 1", "age-factor = -1", "12: nqs.age-factor must not be negative, was -1.0");
    }
}
