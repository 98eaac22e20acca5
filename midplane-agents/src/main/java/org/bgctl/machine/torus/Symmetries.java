package org.bgctl.machine.torus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Shape;

/**
 * The translations of a torus that map an occupancy onto itself (other than the identity). Such a translation
 * maps every free box to a free box that leaves an equally large largest free box, so a search need look at
 * only one box of each family of copies. Found by trying, for the first blocked unit, every blocked unit as its
 * image: only those translations can keep the blocked units blocked.
 */
final class Symmetries {

    private final TorusShape shape;
    private final List<int[]> translations;

    private Symmetries(TorusShape shape, List<int[]> translations) {
        this.shape = shape;
        this.translations = translations;
    }

    /** The symmetries of {@code occupancy}. */
    static Symmetries of(Occupancy occupancy) {
        TorusShape shape = occupancy.shape();
        List<Integer> blocked = new ArrayList<>();
        for (int u = 0; u < shape.units(); u++) if (!occupancy.isFree(u)) blocked.add(u);
        List<int[]> translations = new ArrayList<>();
        if (blocked.isEmpty()) {
            for (int dz = 0; dz < shape.z(); dz++)
                for (int dy = 0; dy < shape.y(); dy++)
                    for (int dx = 0; dx < shape.x(); dx++)
                        if (dx + dy + dz > 0) translations.add(new int[] {dx, dy, dz});
            return new Symmetries(shape, translations);
        }
        int first = blocked.get(0);
        for (int image : blocked) {
            if (image == first) continue;
            int[] t = {Math.floorMod(x(shape, image) - x(shape, first), shape.x()),
                    Math.floorMod(y(shape, image) - y(shape, first), shape.y()),
                    Math.floorMod(z(shape, image) - z(shape, first), shape.z())};
            if (preserves(shape, occupancy, blocked, t)) translations.add(t);
        }
        return new Symmetries(shape, translations);
    }

    private static boolean preserves(TorusShape shape, Occupancy occupancy, List<Integer> blocked, int[] t) {
        for (int u : blocked)
            if (occupancy.isFree(shifted(shape, u, t))) return false;
        return true;
    }

    private static int shifted(TorusShape shape, int unit, int[] t) {
        return shape.index((x(shape, unit) + t[0]) % shape.x(), (y(shape, unit) + t[1]) % shape.y(),
                (z(shape, unit) + t[2]) % shape.z());
    }

    private static int x(TorusShape shape, int unit) {
        return unit % shape.x();
    }

    private static int y(TorusShape shape, int unit) {
        return unit / shape.x() % shape.y();
    }

    private static int z(TorusShape shape, int unit) {
        return unit / (shape.x() * shape.y());
    }

    /**
     * Whether a translation maps the free {@code box} to a box that comes before it in scan order and that
     * {@code allowed} accepts: that box is searched first and leaves the same largest free box.
     */
    boolean copiesAnEarlierCandidate(Box box, Predicate<Box> allowed) {
        Coordinate b = box.base();
        Shape e = box.extent();
        for (int[] t : translations) {
            int x = e.x() == shape.x() ? 0 : Math.floorMod(b.x() - t[0], shape.x());
            int y = e.y() == shape.y() ? 0 : Math.floorMod(b.y() - t[1], shape.y());
            int z = e.z() == shape.z() ? 0 : Math.floorMod(b.z() - t[2], shape.z());
            boolean earlier = x != b.x() ? x < b.x() : y != b.y() ? y < b.y() : z < b.z();
            if (earlier && allowed.test(new Box(new Coordinate(x, y, z), e))) return true;
        }
        return false;
    }
}
