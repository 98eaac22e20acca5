package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bgctl.reservations.ReservationSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bgctl reserve}: place, cancel or list the reservation windows of a running server. */
@Command(name = "reserve", mixinStandardHelpOptions = true,
        description = "Reserve part of a running server's machine from START to END (seconds of the run): no job holds"
                + " reserved nodes during the window (docs/semantics.md, \"Reservations\"). Without arguments, list"
                + " the reservations; with --cancel NAME, cancel one.",
        footer = {"", "Examples: bgctl reserve 86400 90000 all maint",
                "          bgctl reserve 86400 90000 R000:2x2x2 user-a",
                "          bgctl reserve --cancel maint"})
public final class ReserveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Option(names = "--cancel", paramLabel = "NAME", description = "Cancel the reservation called NAME.")
    String cancel;

    @Parameters(index = "0", arity = "0..1", paramLabel = "START", description = "First second of the window.")
    Long start;

    @Parameters(index = "1", arity = "0..1", paramLabel = "END", description = "First second after it.")
    Long end;

    @Parameters(index = "2", arity = "0..1", paramLabel = "WHAT",
            description = "all, a node count (flat machines), or midplanes: mp-R000,mp-R001 or the box R000:2x2x2.")
    String what;

    @Parameters(index = "3", arity = "0..1", paramLabel = "NAME", description = "The reservation's name.")
    String name;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (cancel != null) {
            if (start != null) throw new ParameterException(spec.commandLine(), "--cancel takes no window");
            // the name goes in the path: one such as ../jobs/1 would name another call
            try {
                ReservationSpec.checkName(cancel);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--cancel: " + e.getMessage());
            }
            server.client().delete("api/reservations/" + cancel);
            out.printf("reservation %s cancelled%n", cancel);
        } else if (start == null) {
            for (JsonNode r : server.client().get("api/reservations")) out.println(StatusCommand.reservationLine(r));
        } else {
            if (name == null) throw new ParameterException(spec.commandLine(), "give START END WHAT NAME");
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("name", name);
            body.put("start", start);
            body.put("end", end);
            body.put("what", what);
            JsonNode placed = server.client().post("api/reservations", body);
            out.printf("reservation %s placed: %s%n", name, StatusCommand.reservationLine(placed));
        }
        out.flush();
        return 0;
    }
}
