package org.bgctl.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.bgctl.clock.TimeScale;
import org.bgctl.journal.JournalSettings;
import org.bgctl.live.LiveServer;
import org.bgctl.live.RestartPolicy;
import org.bgctl.live.ServeSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl serve}: the control plane live, in wall-clock or accelerated time, behind an HTTP API. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the control plane live: the agents and the scheduler in wall-clock time (--speed 1) or"
                + " accelerated time (k virtual seconds per second), a trace fed at that speed if given, and the HTTP"
                + " API of docs/api.md for submissions, cancellations and faults. Every decision is journaled"
                + " before it takes effect in the H2 file of the run directory; started again on the same directory"
                + " the server resumes where the journal ends, with the inputs the journal records (machine, scheduler, trace, faults,"
                + " options and speed; a trace goes on from where it stopped). Stop it with Ctrl-C (SIGINT) or SIGTERM: it prints"
                + " the lateness of its timed events and writes them to summary.json. With --cluster the agents are"
                + " spread over an Akka cluster (members started with bgctl node) and this process hosts the"
                + " scheduler, the journal and the API.",
        footer = {"", "Example: bgctl serve --machine bgl --scheduler easy --speed 60 --run runs/live --port 8080",
                "         bgctl serve --machine bgl --speed 600 --faults config/faults/bgl-example.faults --on-kill requeue",
                "         bgctl serve --machine bgl --cluster --cluster-port 2552 --members 2 --port 8080"
                        + " (and bgctl node --machine bgl --port 2553 --seed-nodes 127.0.0.1:2552)"})
public final class ServeCommand implements Callable<Integer> {

    CommandSpec spec;

    /** The workload, geometry, fault and scheduler options, shared with replay. */
    RunOptions runOptions;

    /** Receives the command's model and adds the run options to it. */
    @Spec
    void spec(CommandSpec commandSpec) {
        spec = commandSpec;
        runOptions = RunOptions.addTo(commandSpec, Set.of("trace", "journal", "executor", "chaos", "until"));
    }

    @Option(names = "--speed", paramLabel = "K",
            description = "Virtual seconds per wall-clock second (default: 1 for a new run directory, else the speed"
                    + " its journal records).")
    Double speed;

    @Option(names = "--override",
            description = "Started again on a run directory, take the trace, options and speed given even where they"
                    + " differ from those its journal records (which are otherwise kept, and a different one refused);"
                    + " the journal records the new ones from then on. The machine and the scheduler never change.")
    boolean override;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "An SWF trace fed at that speed, beside live submissions; the workload and geometry options"
                    + " below apply to it as in replay.")
    Path trace;

    @Option(names = "--run", paramLabel = "DIR", defaultValue = "runs/serve",
            description = "The run directory: journal and summary.json (default ${DEFAULT-VALUE}).")
    Path run;

    @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
            description = "The address to listen on (default ${DEFAULT-VALUE}); any other than loopback needs --token.")
    String host;

    @Option(names = "--port", paramLabel = "P", defaultValue = "8080",
            description = "The port (default ${DEFAULT-VALUE}; 0 for any free one, printed at start).")
    int port;

    @Option(names = "--token", paramLabel = "T",
            description = "Every call that changes something must carry \"Authorization: Bearer T\" (401 otherwise)."
                    + " Without it, the token comes from --token-file or the environment variable BGCTL_TOKEN.")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The token is the first line of FILE (not visible in the process list, unlike --token).")
    Path tokenFile;

    @Option(names = "--on-restart", paramLabel = "WHAT", defaultValue = "continue",
            description = "Started again on a run directory, what becomes of the jobs that were running when the server"
                    + " stopped: continue (they go on where they were) or requeue (killed, component \"restart\", and"
                    + " requeued to run again from the beginning). Default: ${DEFAULT-VALUE}.")
    String onRestart;

    @Option(names = "--cluster",
            description = "Spread the agents over an Akka cluster (members started with bgctl node); this process"
                    + " hosts the scheduler (its Cluster Singleton), the journal and the API.")
    boolean cluster;

    @Option(names = "--members", paramLabel = "N", defaultValue = "1",
            description = "With --cluster: start the clock once N members (this one included) host agents."
                    + " Default: ${DEFAULT-VALUE}.")
    int members;

    @Mixin
    DriverClusterOptions member;

    /** Options of replay that serve does not take: hidden, and refused in one line saying why. */
    @Option(names = "--executor", hidden = true, paramLabel = "KIND")
    String executor;

    @Option(names = "--journal", hidden = true, paramLabel = "KIND")
    String journal;

    @Option(names = "--chaos", hidden = true, paramLabel = "SPEC")
    String chaos;

    @Option(names = "--until", hidden = true, paramLabel = "T")
    String until;

    @Option(names = "--out", hidden = true, paramLabel = "DIR")
    String out;

    @Option(names = "--resume", hidden = true, paramLabel = "DIR")
    String resume;

    @Option(names = "--from-run", hidden = true, paramLabel = "DIR")
    String fromRun;

    @Option(names = "--demo", hidden = true)
    boolean demo;

    @Option(names = "--quiet", hidden = true)
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        refuseReplayOnly("--executor", executor, "serve runs the actors; leave it out");
        refuseReplayOnly("--journal", journal, "serve journals to the H2 file of its run directory (--run); leave it"
                + " out (a served run is re-driven with bgctl replay --journal DIR)");
        refuseReplayOnly("--chaos", chaos, "chaos perturbs the agents' messages of a replay only; leave it out");
        refuseReplayOnly("--until", until, "a server runs until it is stopped (Ctrl-C or SIGTERM); --until ends a"
                + " replay");
        refuseReplayOnly("--out", out, "serve's run directory is --run DIR");
        refuseReplayOnly("--resume", resume, "a server resumes by itself when started again on its run directory:"
                + " give --run DIR");
        refuseReplayOnly("--from-run", fromRun, "it re-drives a served run in virtual time (bgctl replay --from-run"
                + " DIR); a server resumes its own run with --run DIR");
        refuseReplayOnly("--demo", demo ? "" : null, "the demo replays a trace bundled with bgctl; serve feeds a"
                + " trace file given with --trace FILE");
        refuseReplayOnly("--quiet", quiet ? "" : null, "serve prints only where it listens and how it stopped;"
                + " leave it out");
        DriverClusterOptions.refuseWithoutCluster(spec.commandLine(), cluster);
        ServeSpec serve;
        try {
            if (speed != null) TimeScale.requireSpeed("--speed", speed);
            OutputDirectory.requireNoFile(run, "--run");
            serve = new ServeSpec(runOptions.given().with("trace", trace),
                    speed == null ? OptionalDouble.empty() : OptionalDouble.of(speed), run, host, port,
                    TokenSource.resolve(token, tokenFile, System.getenv()), RestartPolicy.parse(onRestart),
                    cluster ? Optional.of(member.toOptions(members)) : Optional.empty(), override);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (cluster) {
            out.printf("bgctl serve: joining the cluster at %s:%d; waiting for %d member(s) to host agents%n",
                    member.hostname, member.clusterPort, members);
            out.flush();
        }
        // Ctrl-C or SIGTERM while the server starts ends it as a kill would (its journal keeps what it wrote), in a line
        AtomicReference<LiveServer> started = new AtomicReference<>();
        AtomicBoolean stopping = new AtomicBoolean();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            LiveServer running;
            synchronized (started) {
                stopping.set(true);
                running = started.get();
            }
            try {
                if (running == null) {
                    out.println("bgctl serve: interrupted while starting, before it listened; start it again with"
                            + " the same command" + (JournalSettings.hasH2Journal(run) ? " (" + run + " keeps what"
                            + " its journal holds)" : ""));
                    return;
                }
                running.close();
                out.println("bgctl serve: stopped at " + running.view().lastTime() + " s of virtual time, the"
                        + " journal closed; continue with: bgctl serve --run " + run + " (" + running.lateness() + ")");
            } catch (Exception e) {
                System.err.println("bgctl serve: stopping failed: " + e.getMessage());
            } finally {
                out.flush();
                stopped.countDown();
            }
        }, "bgctl-serve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        LiveServer server;
        try {
            server = OutputDirectory.removedOnFailure(run, () -> LiveServer.start(serve));
        } catch (Exception e) {
            Interruption.removeHook(hook);
            throw e;
        }
        synchronized (started) {
            if (stopping.get()) return Interruption.INTERRUPTED; // the hook said so; the process is ending
            started.set(server);
        }
        out.printf("bgctl serve: %s with %s, %s virtual s per s, run directory %s%s%n", server.machine(),
                server.scheduler(), server.speed(), run, server.resumed() ? " (resumed from its journal at " + server.resumedAt() + " s)" : "");
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        for (String warning : server.warnings()) err.println("bgctl serve: warning: " + warning);
        err.flush();
        out.printf("listening on http://%s:%d%n", host, server.address().getPort());
        out.flush();
        stopped.await();
        return 0;
    }

    /** Refuses {@code option}, a replay option serve does not take, when it was given ({@code value} not null). */
    private void refuseReplayOnly(String option, String value, String why) {
        if (value != null) throw new ParameterException(spec.commandLine(), option + " is an option of replay: " + why);
    }
}
