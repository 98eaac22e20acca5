package org.bgctl.machine.torus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.machine.Shape;

/**
 * Every box of a torus by volume, in {@link Box#SCAN_ORDER}, each with its units as a bit mask (bit u for unit
 * u), so that the searches test a box against an {@link Occupancy} with a few word operations. One catalog a
 * torus shape, each volume listed the first time it is asked for.
 */
final class BoxCatalog {

    /** The boxes of one volume and their masks, index for index. */
    record Boxes(List<Box> boxes, long[][] masks) {
    }

    private static final ConcurrentHashMap<TorusShape, BoxCatalog> CATALOGS = new ConcurrentHashMap<>();

    private final TorusShape shape;
    private final Boxes[] byVolume;

    private BoxCatalog(TorusShape shape) {
        this.shape = shape;
        this.byVolume = new Boxes[shape.units() + 1];
    }

    /** The catalog of {@code shape}. */
    static BoxCatalog of(TorusShape shape) {
        return CATALOGS.computeIfAbsent(shape, BoxCatalog::new);
    }

    /** Every distinct box of {@code volume} units (every extent that fits, every base), in scan order. */
    synchronized Boxes ofVolume(int volume) {
        if (volume < 1 || volume > shape.units()) return new Boxes(List.of(), new long[0][]);
        if (byVolume[volume] == null) {
            List<Box> boxes = new ArrayList<>();
            for (Shape extent : shape.extentsOfVolume(volume)) boxes.addAll(shape.placementsOf(extent));
            boxes.sort(Box.SCAN_ORDER);
            long[][] masks = new long[boxes.size()][];
            for (int i = 0; i < masks.length; i++) masks[i] = mask(shape, boxes.get(i));
            byVolume[volume] = new Boxes(List.copyOf(boxes), masks);
        }
        return byVolume[volume];
    }

    /** The units of {@code box} as a bit mask. */
    static long[] mask(TorusShape shape, Box box) {
        long[] bits = new long[words(shape)];
        for (int unit : shape.unitsOf(box)) bits[unit / Long.SIZE] |= 1L << unit;
        return bits;
    }

    /** Words of a mask of {@code shape}. */
    static int words(TorusShape shape) {
        return (shape.units() + Long.SIZE - 1) / Long.SIZE;
    }
}
