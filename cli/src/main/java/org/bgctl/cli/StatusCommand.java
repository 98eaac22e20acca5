package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.BlockStates;
import org.bgctl.machine.bgl.MidplaneMap;
import org.bgctl.reservations.RunReservations;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.audit.RecordedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl status}: the machine of a recorded run at some time, rebuilt from the run's journal. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "The machine of a recorded run at a time T, rebuilt from its journal, or of a running server"
                + " now (--server): jobs running, suspended (pfcfs) and queued, the server's reservations (those under way"
                + " marked active), and with --map a picture of the midplanes (a letter per job, '.' free, '#' down) and of the cables"
                + " in use per line.",
        footer = {"", "Without --at a recorded run is shown at its busiest instant (the most nodes in use), which the first"
                + " line names.",
                "Examples: bgctl status --run runs/ctc-bgl --map --at 864000",
                "          bgctl status --server http://127.0.0.1:8080 --map"})
public final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RecordedRunOptions recorded;

    @Option(names = "--at", paramLabel = "T",
            description = "Seconds of run time (0 or more): the state after every event at T or before. Default: the"
                    + " busiest instant of the run.")
    Long at;

    @Option(names = "--server", paramLabel = "URL", description = "A running server instead of --run.")
    String server;

    @Option(names = "--token", paramLabel = "T", description = "The server's token (not needed to read; else from"
            + " --token-file or the environment variable BGCTL_TOKEN, as the other clients take it).")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The server's token is the first line of FILE.")
    Path tokenFile;

    @Option(names = "--map", description = "Draw the midplanes and the cables in use (machines of midplanes).")
    boolean map;

    @Override
    public Integer call() throws Exception {
        if (server != null) return live();
        if (at != null && at < 0) throw new ParameterException(spec.commandLine(), "--at must be 0 or more seconds, was " + at);
        String which = "";
        long until = at == null ? Long.MAX_VALUE : at;
        if (at == null) {
            long busiest = recorded.busiest().time();
            which = busiest < 0 ? ", the end of the run (no job ever ran)" : ", the busiest instant";
            if (busiest >= 0) until = busiest;
        }
        RunReservations windows = RunReservations.of(recorded.requireRun(), MachineCatalog.create(recorded.machineName()));
        RecordedRun state = recorded.read(until, windows);
        MachineModel m = state.machine();
        // A journal that breaks the machine's rules, such as one read on another machine (--machine), leaves a state
        // that is not the run's: say so rather than print it.
        if (!state.violations().isEmpty())
            throw new IllegalArgumentException("the journal of " + recorded.run + " does not replay on " + m.name() + ": "
                    + state.violations().get(0) + " (bgctl inspect --run " + recorded.run + " --audit lists every one)");
        if (map && !(m instanceof BglMachineModel))
            throw new ParameterException(spec.commandLine(), "--map draws machines of midplanes; " + m.name() + " has none");
        // a run without events has no last time (Long.MIN_VALUE): it is shown at its origin
        long time = until != Long.MAX_VALUE ? until : Math.max(0, state.lastTime());
        long busy = 0;
        TreeMap<Long, Allocation> running = new TreeMap<>();
        for (RunningJob r : state.running().values()) {
            running.put(r.id(), r.allocation());
            busy += r.allocation().nodes();
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s at %d s (%s%s) of %s: %s running, %s%d queued; %d of %d nodes in use%s; %s down%n",
                m.name(), time, ProgressPrinter.days(time), which, recorded.run, counted(running.size(), "job"),
                suspended(state.suspended().size()), state.queued().size(), busy, m.capacity(),
                m.granularity() > 1 ? " (" + counted(busy / m.granularity(), "midplane") + ")" : "",
                counted(m.downComponents().size(), "component"));
        for (Reservation r : windows.windows().windows()) out.println("  " + reservationLine(r, r.activeAt(time)));
        BlockStates blocks = state.blockStates(time);
        if (blocks.any())
            out.print(blocksLine(blocks.booting().size(), blocks.freeing().size(), blocks.ready().size(),
                    blocks.bootErrors().size()));
        if (map) out.print("\n" + MidplaneMap.render((BglMachineModel) m, running, blocks,
                windows.windows().unitsActiveAt(time)));
        out.flush();
        return 0;
    }

    /**
     * The jobs a context switch stopped (pfcfs), which hold nodes the running jobs do not count: said when there
     * are some, so that no job of the machine goes unmentioned.
     */
    private static String suspended(int n) {
        return n == 0 ? "" : n + " suspended, ";
    }

    private int live() throws IOException {
        if (recorded.run != null || at != null)
            throw new ParameterException(spec.commandLine(), "--server shows the machine now; --run and --at read a recorded run");
        JsonNode m = new ApiClient(server, TokenSource.resolve(token, tokenFile, System.getenv()).orElse(null))
                .get("api/machine");
        if (map && !m.has("map"))
            throw new ParameterException(spec.commandLine(), "--map draws machines of midplanes; " + m.get("machine").asText() + " has none");
        long busy = 0;
        for (JsonNode r : m.get("running")) busy += r.get("nodes").asLong();
        PrintWriter out = spec.commandLine().getOut();
        long time = m.get("time").asLong();
        out.printf("%s at %d s (%s) on %s: %s running, %s%d queued; %d of %d nodes in use; %s down%n",
                m.get("machine").asText(), time, ProgressPrinter.days(time), server, counted(m.get("running").size(), "job"),
                suspended(m.path("suspended").size()), m.get("queued").size(), busy, m.get("nodes").asLong(), counted(m.get("down").size(), "component"));
        long booting = 0;
        for (JsonNode r : m.get("running")) if (r.path("block").asText().equals("booting")) booting++;
        int freeing = m.path("freeing").size();
        int ready = m.path("ready").size();
        int errors = m.path("boot_errors").size();
        if (booting > 0 || freeing > 0 || ready > 0 || errors > 0) out.print(blocksLine(booting, freeing, ready, errors));
        JsonNode reservations = m.get("reservations");
        if (reservations != null) for (JsonNode r : reservations) out.println("  " + reservationLine(r));
        if (map) out.print("\n" + m.get("map").asText());
        out.flush();
        return 0;
    }

    /** The line that counts the blocks booting, being freed, ready for reuse and the midplanes after a failed boot. */
    private static String blocksLine(long booting, int freeing, int ready, int errors) {
        return String.format("blocks: %d booting, %d being freed, %d ready, %d midplanes free after a failed boot%n",
                booting, freeing, ready, errors);
    }

    /**
     * A reservation of the API as one line: {@code maint [2800000, 2900000) all, 65536 nodes (active)}, or for
     * midplanes their ids.
     */
    static String reservationLine(JsonNode r) {
        List<String> units = new ArrayList<>();
        for (JsonNode u : r.get("units")) units.add(u.asText());
        return reservationLine(r.get("name").asText(), r.get("start").asLong(), r.get("end").asLong(),
                r.get("all").asBoolean(), units, r.get("nodes").asLong(), r.path("active").asBoolean());
    }

    /** A reservation of a recorded run as {@link #reservationLine(JsonNode)} shows one of the API. */
    static String reservationLine(Reservation r, boolean active) {
        return reservationLine(r.name(), r.start(), r.end(), r.all(), r.units(), r.nodes(), active);
    }

    private static String reservationLine(String name, long start, long end, boolean all, List<String> units, long nodes,
                                          boolean active) {
        String what = all ? "all, " : units.isEmpty() ? "" : String.join(",", units) + " ";
        return "reservation " + name + " [" + start + ", " + end + ") " + what + nodes + " nodes"
                + (active ? " (active)" : "");
    }

    /** {@code n} and {@code noun}, plural unless {@code n} is 1: "1 job", "12 jobs". */
    private static String counted(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
