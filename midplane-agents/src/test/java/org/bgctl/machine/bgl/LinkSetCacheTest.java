package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkSetCacheTest {
    private static final LineWiring X = Fixtures.BGL.wiring().x();
    private static final LineWiring Y = Fixtures.BGL.wiring().y();

    @TempDir
    Path dir;

    @Test
    void aTableSurvivesEncodingAndDecoding() throws IOException {
        LinkSetTable table = LinkSetTable.build(X);
        assertEquals(table, LinkSetTableFile.decode(LinkSetTableFile.encode(table, X), X));
    }

    @Test
    void aBuiltTableIsStoredAndLoadedBack() throws IOException {
        LinkSetTable built = new LinkSetCache(dir).tableFor(X);
        Path file = new LinkSetCache(dir).fileFor(X);
        byte[] stored = Files.readAllBytes(file);

        assertEquals(LinkSetTable.build(X), built);
        assertEquals(built, new LinkSetCache(dir).tableFor(X));
        assertArrayEquals(stored, Files.readAllBytes(file));
    }

    @Test
    void eachWiringHasItsOwnFile() {
        LinkSetCache cache = new LinkSetCache(dir);
        assertTrue(!cache.fileFor(X).equals(cache.fileFor(Y)));
        assertEquals(dir, cache.fileFor(X).getParent());
    }

    @Test
    void aCorruptFileIsRebuilt() throws IOException {
        assertRebuiltAfter(sound -> {
            byte[] corrupt = sound.clone();
            corrupt[corrupt.length / 2] ^= 0x10;
            return corrupt;
        });
    }

    @Test
    void aTruncatedFileIsRebuilt() throws IOException {
        assertRebuiltAfter(sound -> Arrays.copyOf(sound, sound.length / 3));
    }

    /** Damages a stored table and checks that it is rebuilt and stored again. */
    private void assertRebuiltAfter(UnaryOperator<byte[]> damage) throws IOException {
        LinkSetCache cache = new LinkSetCache(dir);
        cache.tableFor(X);
        Path file = cache.fileFor(X);
        byte[] sound = Files.readAllBytes(file);
        Files.write(file, damage.apply(sound));

        assertEquals(LinkSetTable.build(X), cache.tableFor(X));
        assertArrayEquals(sound, Files.readAllBytes(file));
    }

    @Test
    void aFileOfAnotherWiringIsNotTrusted() throws IOException {
        LinkSetCache cache = new LinkSetCache(dir);
        cache.tableFor(Y);
        Files.createDirectories(dir);
        Files.copy(cache.fileFor(Y), cache.fileFor(X));

        IOException e = assertThrows(IOException.class,
                () -> LinkSetTableFile.decode(Files.readAllBytes(cache.fileFor(X)), X));
        assertEquals("built for another wiring", e.getMessage());
        assertEquals(LinkSetTable.build(X), cache.tableFor(X));
    }

    @Test
    void aTableIsStillServedWhenTheFolderCannotBeWritten() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "");
        assertEquals(LinkSetTable.build(X), new LinkSetCache(notAFolder).tableFor(X));
    }
}
