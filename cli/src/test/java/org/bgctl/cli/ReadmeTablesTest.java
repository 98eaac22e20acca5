package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.bgctl.machine.MachineRegistry;
import org.bgctl.machine.MachineType;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.scheduler.policy.RegisteredPolicy;
import org.junit.jupiter.api.Test;

/**
 * The README's machine and scheduler tables say what the registries say: the same names, descriptions, settings, and
 * which scheduler runs on which machine (each machine form's example built and asked of every policy). The README
 * may quote code in a description. On a mismatch the message shows the table the registries make.
 */
class ReadmeTablesTest {

    private static final Path README = Path.of("..", "README.md");

    @Test
    void theMachineTableIsTheMachineRegistry() throws Exception {
        Map<String, List<String>> bySchedulers = PolicyRegistry.machinesBySchedulers();
        StringBuilder expected = new StringBuilder("| `--machine` | what | schedulers |\n|---|---|---|\n");
        for (MachineType t : MachineRegistry.types()) {
            List<String> schedulers = bySchedulers.entrySet().stream().filter(e -> e.getValue().contains(t.pattern()))
                    .map(Map.Entry::getKey).toList();
            expected.append("| ").append(code(t.pattern())).append(" | ").append(t.description()).append(" | ")
                    .append(codes(schedulers)).append(" |\n");
        }
        assertEquals(expected.toString(), unquoted(table("| `--machine` |")));
    }

    @Test
    void theSchedulerTableIsThePolicyRegistry() throws Exception {
        Map<String, List<String>> machines = PolicyRegistry.machinesBySchedulers();
        StringBuilder expected = new StringBuilder("| `--scheduler` | what | runs on | settings |\n|---|---|---|---|\n");
        for (RegisteredPolicy p : PolicyRegistry.all()) {
            List<String> on = machines.get(p.name());
            expected.append("| ").append(code(p.name())).append(" | ").append(p.description()).append(" | ")
                    .append(on.equals(MachineRegistry.patterns()) ? "any machine" : codes(on)).append(" | ")
                    .append(p.settings().isEmpty() ? "none" : codes(p.settings().stream().map(PolicySetting::option).toList()))
                    .append(" |\n");
        }
        assertEquals(expected.toString(), unquoted(table("| `--scheduler` |")));
    }

    /** The README's table whose header line starts with {@code header}, up to its first line that is not a row. */
    private static String table(String header) throws Exception {
        List<String> lines = Files.readAllLines(README);
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) if (lines.get(i).startsWith(header)) start = i;
        List<String> rows = new ArrayList<>();
        for (int i = Math.max(start, 0); start >= 0 && i < lines.size() && lines.get(i).startsWith("|"); i++)
            rows.add(lines.get(i) + "\n");
        return String.join("", rows);
    }

    /** {@code table} with the code quotes of its descriptions taken off: those are the README's own markup. */
    private static String unquoted(String table) {
        StringBuilder out = new StringBuilder();
        for (String row : table.split("\n", -1)) {
            String[] cells = row.split(" \\| ", -1);
            if (cells.length > 2) cells[1] = cells[1].replace("`", "");
            out.append(String.join(" | ", cells)).append(row.isEmpty() ? "" : "\n");
        }
        return out.toString();
    }

    private static String code(String name) {
        return "`" + name + "`";
    }

    private static String codes(List<String> names) {
        return names.stream().map(ReadmeTablesTest::code).collect(Collectors.joining(", "));
    }
}
