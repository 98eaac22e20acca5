package org.bgctl.machine.bgl;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.bgctl.machine.Topology;

/**
 * The on-disk form of a {@link LinkSetTable}: a magic number, the format version, the key of the line
 * wiring it was built for, the line length, the mesh then the torus listing (for each midplane mask
 * in ascending order: a count, then each link set's cable mask and pass-through mask), and a CRC-32 of
 * everything before it. A file is accepted only for the wiring whose key it carries.
 */
final class LinkSetTableFile {
    private static final int MAGIC = 0x42474C53; // "BGLS"
    private static final int VERSION = 1;

    private LinkSetTableFile() {
    }

    static byte[] encode(LinkSetTable table, LineWiring wiring) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeUTF(wiring.key());
            out.writeInt(table.length());
            for (Topology topology : Topology.values()) {
                out.writeInt(0); // the empty midplane set has no link set
                for (int m = 1; m <= wiring.allMidplanes(); m++) {
                    List<LinkSet> sets = table.linkSets(topology, m);
                    out.writeInt(sets.size());
                    for (LinkSet s : sets) {
                        out.writeLong(s.cables());
                        out.writeInt(s.passThrough());
                    }
                }
            }
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeLong(crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The table stored in {@code bytes} for {@code wiring}.
     *
     * @throws IOException saying why the bytes are not a sound table for this wiring
     */
    static LinkSetTable decode(byte[] bytes, LineWiring wiring) throws IOException {
        if (bytes.length < Long.BYTES) throw new IOException("truncated file");
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - Long.BYTES);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != MAGIC) throw new IOException("not a link-set table");
            int version = in.readInt();
            if (version != VERSION) throw new IOException("format version " + version + ", expected " + VERSION);
            if (!in.readUTF().equals(wiring.key())) throw new IOException("built for another wiring");
            if (in.readInt() != wiring.length()) throw new IOException("wrong line length");
            List<List<LinkSet>> mesh = readListing(in, wiring);
            List<List<LinkSet>> torus = readListing(in, wiring);
            if (in.available() != Long.BYTES) throw new IOException("unexpected length");
            if (in.readLong() != crc.getValue()) throw new IOException("checksum mismatch");
            return LinkSetTable.of(wiring.length(), mesh, torus);
        } catch (EOFException e) {
            throw new IOException("truncated file", e);
        } catch (IllegalArgumentException e) {
            throw new IOException("inconsistent table: " + e.getMessage(), e);
        }
    }

    private static List<List<LinkSet>> readListing(DataInputStream in, LineWiring wiring) throws IOException {
        long cableMask = wiring.cables().size() == Long.SIZE ? -1L : (1L << wiring.cables().size()) - 1;
        List<List<LinkSet>> listing = new ArrayList<>();
        if (in.readInt() != 0) throw new IOException("link sets listed for no midplane");
        listing.add(List.of());
        for (int m = 1; m <= wiring.allMidplanes(); m++) {
            int count = in.readInt();
            if (count < 0 || count > in.available()) throw new IOException("bad count " + count);
            List<LinkSet> sets = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long cables = in.readLong();
                if ((cables & ~cableMask) != 0) throw new IOException("unknown cable in " + Long.toHexString(cables));
                sets.add(new LinkSet(m, cables, in.readInt()));
            }
            listing.add(sets);
        }
        return listing;
    }
}
