package org.bgctl.cli;

import java.io.PrintWriter;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.MidplaneMap;
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
        description = "The machine of a recorded run at a time T, rebuilt from its journal: jobs running and queued,"
                + " and with --map a picture of the midplanes (a letter per job, '.' free, '#' down) and of the"
                + " cables in use per line.",
        footer = {"", "Example: bgctl status --run runs/ctc-bgl --map --at 864000"})
public final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RecordedRunOptions recorded;

    @Option(names = "--at", paramLabel = "T",
            description = "Seconds of run time: the state after every event at T or before. Default: the end of the run.")
    Long at;

    @Option(names = "--map", description = "Draw the midplanes and the cables in use (machines of midplanes).")
    boolean map;

    @Override
    public Integer call() throws Exception {
        RecordedRun state = recorded.read(at == null ? Long.MAX_VALUE : at);
        MachineModel m = state.machine();
        if (map && !(m instanceof BglMachineModel))
            throw new ParameterException(spec.commandLine(), "--map draws machines of midplanes; " + m.name() + " has none");
        long time = at != null ? at : state.lastTime();
        long busy = 0;
        TreeMap<Long, Allocation> running = new TreeMap<>();
        for (RunningJob r : state.running().values()) {
            running.put(r.id(), r.allocation());
            busy += r.allocation().nodes();
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s at %d s (%s) of %s: %d jobs running, %d queued; %d of %d nodes in use%s; %d components down%n",
                m.name(), time, ProgressPrinter.days(time), recorded.run, running.size(), state.queued().size(), busy,
                m.capacity(), m.granularity() > 1 ? " (" + busy / m.granularity() + " midplanes)" : "",
                m.downComponents().size());
        if (map) out.print("\n" + MidplaneMap.render((BglMachineModel) m, running));
        out.flush();
        return 0;
    }
}
