package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * An ASCII picture of a machine of midplanes, in the spirit of Slurm's smap: one grid of x by y per
 * z-plane, side by side, one character per midplane — the job's letter, {@code .} free, {@code #} down, and
 * where blocks boot (docs/blocks.md) {@code ~} for a midplane whose block is booting, {@code -} for one whose
 * block is being freed after its job finished, {@code +} for one whose booted block
 * is kept ready for reuse (its job finished) and {@code !} for a free midplane whose last boot failed (its block
 * went to error), {@code r} for a free midplane a reservation window under way keeps —
 * then the jobs with their letters and partitions, then, for every line with a cable in use or a part
 * down, one character per cable (in the order of the wiring file) and per switch passed through.
 * Letters go to running jobs in job-id order: A-Z, a-z, 0-9, then again from A.
 */
public final class MidplaneMap {
    private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private MidplaneMap() {
    }

    /** The letter of the {@code i}-th running job (from 0). */
    static char letter(int i) {
        return LETTERS.charAt(i % LETTERS.length());
    }

    /**
     * The picture of {@code machine} with these jobs running.
     *
     * @param running job id to its allocation on {@code machine}
     */
    public static String render(BglMachineModel machine, SortedMap<Long, Allocation> running) {
        return render(machine, running, BlockStates.NONE);
    }

    /**
     * The picture of {@code machine} with these jobs running and these blocks booting, being freed, ready for reuse
     * or free after a failed boot.
     *
     * @param running job id to its allocation on {@code machine}
     */
    public static String render(BglMachineModel machine, SortedMap<Long, Allocation> running, BlockStates blocks) {
        return render(machine, running, blocks, new TreeMap<>());
    }

    /**
     * The picture of {@code machine} with these jobs running, these blocks, and these midplanes reserved: a free
     * midplane of a reservation window under way is drawn {@code r}, and the windows are listed.
     *
     * @param running  job id to its allocation on {@code machine}
     * @param reserved midplane id to the name of the window under way that keeps it
     */
    public static String render(BglMachineModel machine, SortedMap<Long, Allocation> running, BlockStates blocks,
                                SortedMap<String, String> reserved) {
        SortedMap<Long, Long> booting = blocks.booting();
        SortedMap<String, Long> bootErrors = blocks.bootErrors();
        BglMachine m = machine.machine();
        Shape size = m.shape();
        Grid grid = new Grid(size);
        char[][][] cells = new char[size.z()][size.y()][size.x()];
        for (char[][] plane : cells) for (char[] row : plane) Arrays.fill(row, '.');
        Map<Dimension, TreeMap<Integer, LineUse>> lines = new TreeMap<>();
        for (Dimension d : Dimension.values()) lines.put(d, new TreeMap<>());

        List<String> legend = new ArrayList<>();
        int i = 0;
        for (Map.Entry<Long, Allocation> job : running.entrySet()) {
            char letter = letter(i++);
            Partition p = machine.partition(job.getValue());
            Long bootEnd = booting.get(job.getKey());
            legend.add("  " + letter + "  job " + job.getKey() + "  " + job.getValue().partition()
                    + (bootEnd == null ? "" : "  booting until " + bootEnd + " s (~)"));
            for (Coordinate c : p.midplanes(size)) {
                cells[c.z()][c.y()][c.x()] = bootEnd == null ? letter : '~';
                for (Dimension d : Dimension.values()) {
                    LinkSet links = p.linkSet(d);
                    if (c.get(d) != p.base().get(d) || links.cables() == 0 && links.passThrough() == 0) continue;
                    LineUse use = lineUse(lines, grid, m, d, c);
                    for (int cable = 0; cable < use.cables.length; cable++)
                        if ((links.cables() >> cable & 1) != 0) use.cables[cable] = letter;
                    for (int s = 0; s < use.switches.length; s++)
                        if ((links.passThrough() >> s & 1) != 0) use.switches[s] = letter;
                }
            }
        }
        for (Allocation freeing : blocks.freeing().values())
            for (Coordinate c : machine.partition(freeing).midplanes(size)) cells[c.z()][c.y()][c.x()] = '-';
        for (Allocation ready : blocks.ready().values())
            for (Coordinate c : machine.partition(ready).midplanes(size)) cells[c.z()][c.y()][c.x()] = '+';
        for (String id : bootErrors.keySet()) {
            if (BglIds.component(id, m) instanceof Component.MidplaneAt at && cells[at.at().z()][at.at().y()][at.at().x()] == '.')
                cells[at.at().z()][at.at().y()][at.at().x()] = '!';
        }
        for (String id : reserved.keySet()) {
            if (BglIds.component(id, m) instanceof Component.MidplaneAt at && cells[at.at().z()][at.at().y()][at.at().x()] == '.')
                cells[at.at().z()][at.at().y()][at.at().x()] = 'r';
        }
        for (String id : machine.downComponents()) {
            Component c = BglIds.component(id, m);
            if (c instanceof Component.MidplaneAt at) {
                cells[at.at().z()][at.at().y()][at.at().x()] = '#';
            } else if (c instanceof Component.SwitchAt at) {
                lineUse(lines, grid, m, at.dimension(), at.at()).switches[at.at().get(at.dimension())] = '#';
            } else {
                Component.CableAt at = (Component.CableAt) c;
                lineUse(lines, grid, m, at.line().dimension(), at.line().origin()).cables[at.cable()] = '#';
            }
        }

        StringBuilder out = new StringBuilder();
        drawGrid(out, cells, size);
        out.append('\n').append(running.isEmpty() ? "no job running\n" : "jobs\n");
        legend.forEach(l -> out.append(l).append('\n'));
        if (!blocks.freeing().isEmpty()) {
            out.append("blocks being freed (-)\n");
            blocks.freeing().forEach((job, a) -> out.append("  job ").append(job).append("  ").append(a.partition())
                    .append("  free at ").append(blocks.freedAt().get(job)).append(" s\n"));
        }
        if (!blocks.ready().isEmpty()) {
            out.append("blocks ready for reuse (+)\n");
            blocks.ready().forEach((job, a) -> out.append("  after job ").append(job).append("  ").append(a.partition())
                    .append('\n'));
        }
        if (!bootErrors.isEmpty()) {
            out.append("boot failed (!, block in error, freed)\n");
            bootErrors.forEach((id, t) -> out.append("  ").append(id).append("  at ").append(t).append(" s\n"));
        }
        if (!reserved.isEmpty()) {
            out.append("reserved (r when free)\n");
            TreeMap<String, Integer> midplanes = new TreeMap<>();
            for (String name : reserved.values()) midplanes.merge(name, 1, Integer::sum);
            midplanes.forEach((name, n) -> out.append("  ").append(name).append("  ").append(n).append(" midplanes\n"));
        }
        for (Dimension d : Dimension.values()) {
            TreeMap<Integer, LineUse> used = lines.get(d);
            int all = grid.lineCount(d);
            out.append('\n').append(d.label()).append("-lines: ").append(used.size()).append(" of ").append(all)
                    .append(" with a cable in use or a part down");
            if (used.isEmpty()) {
                out.append('\n');
                continue;
            }
            out.append(" (cables in wiring order, switches by position; letter = job, # down)\n");
            for (LineUse use : used.values())
                out.append("  ").append(use.name).append("  cables ").append(use.cables)
                        .append("  switches passed through ").append(use.switches).append('\n');
        }
        return out.toString();
    }

    /** One grid of x by y (y from the top down) per z-plane, side by side. */
    private static void drawGrid(StringBuilder out, char[][][] cells, Shape size) {
        String gap = "   ";
        StringBuilder header = new StringBuilder("     ");
        for (int z = 0; z < size.z(); z++) header.append(String.format("%-" + size.x() + "s", "z=" + z)).append(gap);
        out.append(header.toString().stripTrailing()).append('\n');
        for (int y = size.y() - 1; y >= 0; y--) {
            out.append(String.format("y=%-2d ", y));
            for (int z = 0; z < size.z(); z++) out.append(cells[z][y]).append(z + 1 < size.z() ? gap : "\n");
        }
        out.append("     ");
        StringBuilder xs = new StringBuilder();
        for (int x = 0; x < size.x(); x++) xs.append(x % 10);
        for (int z = 0; z < size.z(); z++) out.append(xs).append(z + 1 < size.z() ? gap : "  x\n");
    }

    /** The characters of one line: per cable and per switch position. */
    private static final class LineUse {
        final String name;
        final char[] cables;
        final char[] switches;

        LineUse(String name, int cables, int switches) {
            this.name = name;
            this.cables = new char[cables];
            this.switches = new char[switches];
            Arrays.fill(this.cables, '.');
            Arrays.fill(this.switches, '.');
        }
    }

    private static LineUse lineUse(Map<Dimension, TreeMap<Integer, LineUse>> lines, Grid grid, BglMachine m, Dimension d,
                                   Coordinate through) {
        Line line = Line.through(d, through);
        return lines.get(d).computeIfAbsent(grid.line(line), n -> new LineUse(line.name(),
                m.wiring().line(d).cables().size(), m.shape().extent(d)));
    }
}
