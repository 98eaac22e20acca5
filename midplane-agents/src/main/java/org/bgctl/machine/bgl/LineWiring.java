package org.bgctl.machine.bgl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The cables of one line of midplanes. All lines of a dimension are wired alike, so one
 * {@code LineWiring} describes every line of its dimension. Cable indices (positions in
 * {@link #cables()}) name cables in link sets and in the machine state.
 *
 * @param length the number of midplanes (and switches) on the line, 1 to {@value #MAX_LENGTH}
 * @param cables the directed cables, in the order of the wiring file
 */
public record LineWiring(int length, List<Cable> cables) {

    /**
     * The longest line supported. Link-set tables list every subset of a line's midplanes with every
     * path and cycle joining it, which grows exponentially with the length.
     */
    public static final int MAX_LENGTH = 8;

    public LineWiring {
        if (length < 1 || length > MAX_LENGTH)
            throw new IllegalArgumentException("a line has 1 to " + MAX_LENGTH + " midplanes, not " + length);
        cables = List.copyOf(cables);
        int[] outCable = new int[length * 6];
        int[] inCable = new int[length * 6];
        for (int i = 0; i < cables.size(); i++) {
            Cable c = cables.get(i);
            try {
                checkIndex("from", c.from(), length);
                checkIndex("to", c.to(), length);
                if (!Cable.isOutPort(c.outPort()))
                    throw new IllegalArgumentException("out-port must be 2 or 4, not " + c.outPort());
                if (!Cable.isInPort(c.inPort()))
                    throw new IllegalArgumentException("in-port must be 3 or 5, not " + c.inPort());
                if (c.from() == c.to()) throw new IllegalArgumentException("a cable joins two different switches");
                claimPort(outCable, c.from(), c.outPort(), i, "out-port");
                claimPort(inCable, c.to(), c.inPort(), i, "in-port");
            } catch (IllegalArgumentException e) {
                throw new BadCable(i, "cable " + i + " " + c + ": " + e.getMessage());
            }
        }
    }

    /** A cable that cannot be wired as given: {@code cable} is its index in the line's list. */
    public static final class BadCable extends IllegalArgumentException {
        private final int cable;

        BadCable(int cable, String message) {
            super(message);
            this.cable = cable;
        }

        public int cable() {
            return cable;
        }
    }

    private static void checkIndex(String field, int index, int length) {
        if (index < 0 || index >= length)
            throw new IllegalArgumentException(field + " " + index + " is out of range: midplanes are 0.." + (length - 1));
    }

    private static void claimPort(int[] holder, int sw, int port, int cable, String role) {
        int slot = sw * 6 + port;
        if (holder[slot] != 0)
            throw new IllegalArgumentException(role + " " + port + " of switch " + sw
                    + " is already used by cable " + (holder[slot] - 1));
        holder[slot] = cable + 1;
    }

    /** The mask with one bit per midplane of the line. */
    public int allMidplanes() {
        return (1 << length) - 1;
    }

    /**
     * A key that changes whenever the wiring does: the SHA-256 of its canonical text, in hex. Link-set
     * tables are cached under it.
     */
    public String key() {
        StringBuilder text = new StringBuilder("line ").append(length);
        for (Cable c : cables)
            text.append('\n').append(c.from()).append('.').append(c.outPort())
                    .append(" -> ").append(c.to()).append('.').append(c.inPort());
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
