package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.bgctl.clock.JobSpec;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.TimeBounds;

/**
 * Reads a job submission — {@code {"size": 1024, "runtime": 600, "estimate": 900}} or
 * {@code {"shape": "2x2x4", "topology": "torus", ...}} — checking every field against the machine and the
 * bounds of {@link TimeBounds}: a run time or estimate above {@link TimeBounds#MAX_DURATION}, or a shape longer
 * than the machine's grid in some dimension, is refused naming the field.
 */
public final class JobRequests {

    private static final Set<String> FIELDS = Set.of("size", "shape", "topology", "estimate", "runtime");

    private JobRequests() {
    }

    /**
     * The job the body asks for.
     *
     * @throws BadRequest naming the first field that is missing, unknown, malformed or impossible on the machine
     */
    public static JobSpec parse(JsonNode body, MachineModel machine) {
        if (body == null || !body.isObject()) throw new BadRequest("body", "expected a JSON object");
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name))
                throw new BadRequest(name, "unknown field; known: size, shape, topology, estimate, runtime");
        }
        long runtime = duration(body, "runtime");
        long estimate = present(body, "estimate") ? duration(body, "estimate") : runtime;
        if (estimate < runtime) throw new BadRequest("estimate", "must be at least the runtime " + runtime + ", was " + estimate);
        Topology topology = topology(body);
        if (topology == Topology.TORUS && machine.grid().isEmpty())
            throw new BadRequest("topology", machine.name() + " has no grid of midplanes to join into a torus; give mesh"
                    + " or leave it out");
        boolean hasShape = present(body, "shape");
        if (hasShape && present(body, "size")) throw new BadRequest("shape", "give size or shape, not both");
        if (!hasShape && !present(body, "size")) throw new BadRequest("size", "missing; give size (nodes) or shape (XxYxZ)");
        Geometry geometry;
        int size;
        String field;
        if (hasShape) {
            field = "shape";
            if (machine.grid().isEmpty()) throw new BadRequest("shape", machine.name() + " has no grid of midplanes");
            Shape shape = shape(body.get("shape"));
            Shape grid = machine.grid().get();
            int longest = Math.max(grid.x(), Math.max(grid.y(), grid.z()));
            if (shape.x() > longest || shape.y() > longest || shape.z() > longest)
                throw new BadRequest("shape", "can never be placed: " + shape.x() + "x" + shape.y() + "x" + shape.z()
                        + " is larger than the grid " + grid.x() + "x" + grid.y() + "x" + grid.z() + " in any rotation");
            geometry = Geometry.box(shape, true, topology);
            size = shape.volume() * machine.granularity();
        } else {
            field = "size";
            long nodes = longField(body, "size", true, 1);
            if (nodes > Integer.MAX_VALUE) throw new BadRequest("size", "too large: " + nodes);
            size = (int) nodes;
            geometry = topology == Topology.MESH ? Geometry.ANY : Geometry.anyShape(topology);
        }
        Optional<String> never = machine.unplaceable(new Demand(size, geometry));
        if (never.isPresent()) throw new BadRequest(field, "can never be placed: " + never.get());
        return new JobSpec(size, geometry, estimate, runtime);
    }

    /** Whether {@code body} gives field {@code name} a value: a field set to null is one left out. */
    private static boolean present(JsonNode body, String name) {
        JsonNode v = body.get(name);
        return v != null && !v.isNull();
    }

    /** A run time or estimate: a whole number of seconds from 0 to {@link TimeBounds#MAX_DURATION}. */
    private static long duration(JsonNode body, String name) {
        long seconds = longField(body, name, true, 0);
        if (seconds > TimeBounds.MAX_DURATION)
            throw new BadRequest(name, "must be at most " + TimeBounds.describe(TimeBounds.MAX_DURATION) + ", was " + seconds);
        return seconds;
    }

    private static long longField(JsonNode body, String name, boolean required, long min) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            if (required) throw new BadRequest(name, "missing");
            return min;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) throw new BadRequest(name, "expected a whole number, got " + v);
        long n = v.asLong();
        if (n < min) throw new BadRequest(name, "must be at least " + min + ", was " + n);
        return n;
    }

    private static Topology topology(JsonNode body) {
        JsonNode v = body.get("topology");
        if (v == null || v.isNull()) return Topology.MESH;
        if (!v.isTextual()) throw new BadRequest("topology", "expected \"mesh\" or \"torus\", got " + v);
        try {
            return Topology.valueOf(v.asText().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadRequest("topology", "expected \"mesh\" or \"torus\", got \"" + v.asText() + "\"");
        }
    }

    private static Shape shape(JsonNode v) {
        String text = v.isTextual() ? v.asText() : v.toString();
        String[] parts = text.split("x", -1);
        try {
            if (parts.length == 3)
                return new Shape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        } catch (NumberFormatException e) {
            throw new BadRequest("shape", "expected XxYxZ in midplanes, e.g. 2x2x4; got " + text + " (X, Y and Z are"
                    + " counts of midplanes, at most the grid's)");
        } catch (IllegalArgumentException e) {
            throw new BadRequest("shape", "expected XxYxZ in midplanes, e.g. 2x2x4; got " + text + " (" + e.getMessage() + ")");
        }
        throw new BadRequest("shape", "expected XxYxZ in midplanes, e.g. 2x2x4; got " + text);
    }
}
