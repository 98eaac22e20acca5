package org.bgctl.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.machine.MachineRegistry;
import org.bgctl.machine.MachineType;
import org.bgctl.run.ReplayParameter;
import org.bgctl.run.ReplayParameters;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.scheduler.policy.RegisteredPolicy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The options of a run that {@code replay} and {@code serve} share: one per {@link ReplayParameter} — workload,
 * geometry, faults, and every registered scheduler's settings — built from {@link ReplayParameters#known()} and
 * added to a command as a mixin, so a parameter (or a scheduler's setting) added there is an option of both. The
 * command's help also gets the schedulers and machines of the registries, rendered only when help is shown.
 */
final class RunOptions {

    /** The mixin's name in the command's model. */
    static final String MIXIN = "run";

    private static final String SCHEDULERS = "bgctlSchedulers";
    private static final String MACHINES = "bgctlMachines";
    private static final String PARAMETERS = "bgctlParameters";

    /** picocli's default usage width. */
    private static final int HELP_WIDTH = 80;

    private final Map<String, OptionSpec> options;

    private RunOptions(Map<String, OptionSpec> options) {
        this.options = options;
    }

    /**
     * Adds an option for every run parameter but those {@code excluded} (which the command declares itself or
     * does not take) to {@code command}, and the schedulers and machines sections to its help.
     */
    static RunOptions addTo(CommandSpec command, Set<String> excluded) {
        CommandSpec mixin = CommandSpec.create();
        Map<String, OptionSpec> options = new LinkedHashMap<>();
        for (ReplayParameter p : ReplayParameters.known()) {
            if (excluded.contains(p.key())) continue;
            OptionSpec.Builder b = OptionSpec.builder(p.option()).description(p.description().replace("%", "%%"));
            if (p.label().isPresent()) b.paramLabel(p.label().get()).type(String.class).arity("1");
            else b.type(boolean.class).arity("0");
            if (p.key().equals("machine")) b.completionCandidates(MachineRegistry.patterns());
            if (p.key().equals("scheduler")) b.completionCandidates(PolicyRegistry.names());
            OptionSpec option = b.build();
            mixin.addOption(option);
            options.put(p.key(), option);
        }
        command.addMixin(MIXIN, mixin);
        addRegistrySections(command);
        return new RunOptions(options);
    }

    /** Adds the schedulers and machines sections before the footer of {@code command}'s help. */
    static void addRegistrySections(CommandSpec command) {
        UsageMessageSpec usage = command.usageMessage();
        List<String> keys = new ArrayList<>(usage.sectionKeys());
        int footer = keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING);
        keys.addAll(footer < 0 ? keys.size() : footer, List.of(SCHEDULERS, MACHINES));
        usage.sectionKeys(keys);
        usage.sectionMap().put(SCHEDULERS, help -> schedulers());
        usage.sectionMap().put(MACHINES, help -> machines());
    }

    /**
     * Adds, after the footer of {@code command}'s help, every replay parameter by its key (as a sweep names it),
     * its description wrapped beside the keys as the schedulers' and machines' are.
     */
    static void addParameterSection(CommandSpec command) {
        UsageMessageSpec usage = command.usageMessage();
        List<String> keys = new ArrayList<>(usage.sectionKeys());
        keys.add(PARAMETERS);
        usage.sectionKeys(keys);
        usage.sectionMap().put(PARAMETERS, help -> parameters());
    }

    /** Each replay parameter: its key and what it sets. */
    private static String parameters() {
        StringBuilder text = new StringBuilder(String.format("%nReplay parameters (for --set, --axis, and a sweep"
                + " file's base and axes):%n"));
        for (ReplayParameter p : ReplayParameters.known()) text.append(entry(p.key(), 21, p.description()));
        return text.toString();
    }

    /** The options given on the command line, as parameters (flags given as true); the others left unset. */
    ReplayParameters given() {
        ReplayParameters given = ReplayParameters.none();
        for (Map.Entry<String, OptionSpec> e : options.entrySet()) {
            Object value = e.getValue().getValue();
            if (value == null || Boolean.FALSE.equals(value)) continue;
            given = given.with(e.getKey(), value);
        }
        return given;
    }

    /** The names of the options given on the command line (e.g. {@code --machine}) but those of {@code keys}. */
    List<String> givenBut(Set<String> keys) {
        List<String> names = new ArrayList<>();
        for (String key : given().asMap().keySet()) if (!keys.contains(key)) names.add(options.get(key).longestName());
        return names;
    }

    /** Each registered scheduler: what it does, the machines it runs on and its settings. */
    private static String schedulers() {
        Map<String, List<String>> machines = PolicyRegistry.machinesBySchedulers();
        List<String> all = MachineRegistry.patterns();
        StringBuilder text = new StringBuilder(String.format("%nSchedulers (--scheduler NAME), from the scheduler"
                + " registry:%n"));
        for (RegisteredPolicy p : PolicyRegistry.all()) {
            List<String> on = machines.get(p.name());
            String settings = p.settings().isEmpty() ? ""
                    : "; settings " + String.join(", ", p.settings().stream().map(PolicySetting::option).toList());
            text.append(entry(p.name(), 18, p.description()));
            text.append(entry("", 18, "runs on " + (on.equals(all) ? "any machine" : String.join(", ", on)) + settings));
        }
        return text.toString();
    }

    /** Each form of machine name. */
    private static String machines() {
        StringBuilder text = new StringBuilder(String.format("%nMachines (--machine NAME), from the machine registry:%n"));
        for (MachineType t : MachineRegistry.types())
            text.append(entry(t.pattern(), 23, t.description()));
        return text.toString();
    }

    /** {@code name} in a column of {@code width}, then {@code text} wrapped to the help's width beside it. */
    private static String entry(String name, int width, String text) {
        int room = HELP_WIDTH - 2 - width;
        StringBuilder out = new StringBuilder(String.format("  %-" + width + "s", name));
        int column = 0;
        for (String word : text.split(" ")) {
            if (column > 0 && column + 1 + word.length() > room) {
                out.append(String.format("%n  %-" + width + "s", ""));
                column = 0;
            }
            if (column > 0) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.append(String.format("%n")).toString();
    }
}
