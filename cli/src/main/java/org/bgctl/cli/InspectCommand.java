package org.bgctl.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.JournalVerifier;
import org.bgctl.report.EventFormat;
import org.bgctl.report.GangTimeline;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.run.BootModelKind;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.audit.WiringAudit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code bgctl inspect}: reads a run's journal back. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Read a run's journal: print its events, rebuild its job table from the journal alone, or audit it.",
        footer = {"", "Exit codes: 0 done (with --audit: the journal is clean; with --verify: it is sound), 1 the audit"
                + " found violations or --verify a bad entry, 2 bad input."})
public final class InspectCommand implements Callable<Integer> {

    /** Exit code of an audit that found violations. */
    static final int VIOLATIONS = 1;

    @Spec
    CommandSpec spec;

    @Mixin
    RecordedRunOptions recorded;

    @Option(names = "--jobs-csv", paramLabel = "FILE",
            description = "Rebuild jobs.csv from the journal into FILE instead of printing events.")
    Path jobsCsv;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0",
            description = "Print at most N events (0 = all).")
    long limit;

    @Option(names = "--audit",
            description = "Replay the journal into a fresh machine and check the allocation invariants: no midplane,"
                    + " switch or cable held twice, nothing started on a down component, every start free, every"
                    + " release what its start took; on a machine of midplanes, also check every partition's cables and"
                    + " switch ports against the machine file alone. Exit 1 with the list of violations.")
    boolean audit;

    @Option(names = "--gangs",
            description = "Print the gang timeline of a preemptive run (pfcfs): for each wide job that preempted, the"
                    + " preemption, every context switch and the ends of the gang's jobs.")
    boolean gangs;

    @Option(names = "--verify",
            description = "Check the journal's integrity: its entries numbered 1, 2, 3, ... without a gap, every entry"
                    + " and snapshot readable. Exit 1 naming the first bad entry.")
    boolean verify;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        recorded.requireRun();
        if (limit < 0) throw new ParameterException(spec.commandLine(), "--limit must be 0 (all) or more, was " + limit);
        checkOneReport();
        if (verify) return verify(out);
        if (audit) return audit(out);
        if (gangs) {
            GangTimeline timeline = new GangTimeline();
            long n = JournalReader.read(recorded.run, timeline);
            timeline.lines().forEach(out::println);
            out.printf("%d gangs in the %d events of the journal of %s%n", timeline.size(), n, recorded.run);
            out.flush();
            return 0;
        }
        if (jobsCsv != null) {
            JobTable table = new JobTable();
            long n = JournalReader.read(recorded.run, table);
            try (Writer w = Files.newBufferedWriter(jobsCsv, StandardCharsets.UTF_8)) {
                JobsCsv.write(table.records(), w, BootModelKind.boots(recorded.run));
            }
            out.printf("%d events read; %d jobs written to %s%n", n, table.size(), jobsCsv);
        } else {
            // the header with the first event, so that a journal that cannot be read prints nothing
            long[] seq = {0};
            long n = JournalReader.read(recorded.run, e -> {
                if (seq[0]++ == 0) out.println(EventFormat.HEADER);
                if (limit <= 0 || seq[0] <= limit) out.println(EventFormat.line(seq[0], e));
            });
            if (n == 0) out.println(EventFormat.HEADER);
            out.printf("%d events in the journal of %s%n", n, recorded.run);
        }
        out.flush();
        return 0;
    }

    /**
     * Refuses two reports asked for at once, and {@code --limit} with a report other than the events': each report
     * reads the journal on its own, and the first one asked for would otherwise be printed alone without a word.
     */
    private void checkOneReport() {
        List<String> asked = new ArrayList<>();
        if (verify) asked.add("--verify");
        if (audit) asked.add("--audit");
        if (gangs) asked.add("--gangs");
        if (jobsCsv != null) asked.add("--jobs-csv");
        if (asked.size() > 1)
            throw new ParameterException(spec.commandLine(), String.join(" and ", asked) + " are reports of their own:"
                    + " give one at a time (nothing was read)");
        if (limit > 0 && !asked.isEmpty())
            throw new ParameterException(spec.commandLine(), "--limit counts the events printed without a report,"
                    + " and " + asked.get(0) + " prints none: leave --limit out (nothing was read)");
    }

    private int verify(PrintWriter out) {
        JournalVerifier.Result r = JournalVerifier.verify(JournalLocation.toRead(recorded.run));
        if (r.ok()) {
            out.printf("OK: the journal of %s holds %d entries numbered 1 to %d (%d events) and %d snapshots, all"
                    + " readable%n", recorded.run, r.entries(), r.entries(), r.events(), r.snapshots());
        } else {
            out.printf("BAD: the journal of %s: %s (%d entries sound before it)%n", recorded.run,
                    r.firstBad().orElseThrow(), r.entries());
        }
        out.flush();
        return r.ok() ? 0 : VIOLATIONS;
    }

    private int audit(PrintWriter out) throws Exception {
        RecordedRun run = recorded.read(Long.MAX_VALUE);
        out.printf("audit of %s on %s: %d events, %d jobs started, %d ended, %d still running, %d components down at the end%n",
                recorded.run, run.machine().name(), run.events(), run.started(), run.ended(), run.running().size(),
                run.machine().downComponents().size());
        List<String> violations = new ArrayList<>(run.violations());
        Optional<WiringAudit> wiring = WiringAudit.forMachine(recorded.machineName());
        if (wiring.isPresent()) {
            // a second conflict model, from the wiring file alone: what the first shares with the scheduler cannot hide
            WiringAudit cables = wiring.get();
            JournalReader.read(recorded.run, cables);
            out.printf("wiring: %d partitions checked against the machine file's cables and switch ports%s%n",
                    cables.partitions(), cables.violations().isEmpty() ? ", each claiming what it uses, its ports pairing"
                            + " into internal connections, none held twice nor started on a down component"
                            : ": " + cables.violations().size() + " violations");
            violations.addAll(cables.violations());
        }
        if (violations.isEmpty()) {
            out.println("clean: " + (wiring.isPresent() ? "no midplane, switch port or cable" : "no node")
                    + " held twice; nothing started on a down component;"
                    + " every start was free; every release gave back what its start took"
                    + (run.switches() > 0 ? "; through " + run.switches() + " context switches no node, unit or"
                            + " cable held two running or two suspended jobs" : ""));
        } else {
            out.printf("%d violations:%n", violations.size());
            violations.forEach(v -> out.println("  " + v));
        }
        out.flush();
        return violations.isEmpty() ? 0 : VIOLATIONS;
    }
}
