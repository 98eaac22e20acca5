package org.bgctl.scheduler.audit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The allocation audit's second, independent conflict model of a machine of midplanes: what a recorded partition
 * uses — its midplanes, the cables of its link sets and the switch ports they plug into — is worked out from the
 * partition's name and the {@link WiringFile} alone, without the scheduler's machine model (no BglState, no
 * PartitionSearch, no Wiring), and then:
 * <ul>
 *   <li>every start's (and migration's) recorded claims must be exactly those midplanes and ports: a model that
 *       forgot a cable, or claimed a wrong port, is caught here;</li>
 *   <li>every switch the partition passes through (its midplane not in the box) uses one cable input (port 3 or 5)
 *       and one cable output (2 or 4), and every switch of its own midplanes at most one of each: the ports pair
 *       into the switch's internal connections, which run from {0, 3, 5} to {1, 2, 4};</li>
 *   <li>no midplane, cable or switch port is held by two running jobs at once, nor by two suspended ones (gang
 *       scheduling: a job suspended for a wide job keeps its partition, which the wide job may use); with whole
 *       switches ({@code switch=whole}) no switch serves two running jobs, whichever ports they use;</li>
 *   <li>nothing a partition uses — midplane, cable, or switch — is down when it starts ({@code ComponentFailed}
 *       until {@code ComponentRepaired}).</li>
 * </ul>
 * A partition is named {@code R<x><y><z>:<a>x<b>x<c>:<topology>:x=<cables>:y=<cables>:z=<cables>}, the cables of a
 * dimension being indices into its line's cable list (joined by {@code .}, {@code -} for none, optionally followed
 * by {@code /} and the positions of switches passed through, which the cables already account for); each line of
 * the dimension that the box spans uses those cables.
 */
public final class WiringAudit implements EventSink {

    /** The two ports that join a switch to its own midplane. */
    static final int MIDPLANE_PORTS = 0b11;
    /** The ports cables enter a switch at, and those they leave it at. */
    private static final int CABLE_INPUTS = 1 << 3 | 1 << 5, CABLE_OUTPUTS = 1 << 2 | 1 << 4;

    /**
     * What a partition uses.
     *
     * @param midplanes midplane ids, e.g. {@code mp-R010}
     * @param cables    cable ids: dimension, the switch it leaves and its port, e.g. {@code cable-x-R000-p2}
     * @param ports     per switch id ({@code sw-x-R000}), the mask of its ports used
     */
    public record Footprint(SortedSet<String> midplanes, SortedSet<String> cables, SortedMap<String, Integer> ports) {
    }

    private final WiringFile wiring;
    private final boolean wholeSwitches;
    private final Set<String> down = new HashSet<>();
    private final Layer running = new Layer("running");
    private final Layer suspended = new Layer("suspended");
    /** Jobs whose block is held until its {@link BlockFreed} once they finished. */
    private final Set<Long> freeing = new TreeSet<>();
    private final Map<Long, Footprint> held = new HashMap<>();
    private final List<String> violations = new ArrayList<>();
    private long partitions;

    /** An audit of a machine whose switches serve partitions port by port. */
    public WiringAudit(WiringFile wiring) {
        this(wiring, false);
    }

    /** An audit of a machine whose switches serve partitions port by port, or one partition each. */
    public WiringAudit(WiringFile wiring, boolean wholeSwitches) {
        this.wiring = wiring;
        this.wholeSwitches = wholeSwitches;
    }

    /**
     * The audit of machine {@code spec} as a run names it, its switch model from its options ({@code switch=whole}),
     * or empty when it is not a machine of midplanes with a wiring file.
     */
    public static Optional<WiringAudit> forMachine(String spec) {
        List<String> parts = Arrays.asList(spec.split(","));
        boolean whole = parts.subList(1, parts.size()).contains("switch=whole");
        return WiringFile.forMachine(spec).map(w -> new WiringAudit(w, whole));
    }

    @Override
    public void accept(SchedulerEvent e) {
        if (e instanceof JobStarted s) {
            start(s.jobId(), s.time(), s.allocation());
            if (s.free() > 0) freeing.add(s.jobId());
        }
        else if (e instanceof JobMigrated m) start(m.jobId(), m.time(), m.allocation());
        else if (e instanceof JobCheckpointed c) release(c.jobId());
        else if (e instanceof JobFinished f) {
            if (!freeing.remove(f.jobId())) release(f.jobId());
        } else if (e instanceof BlockFreed b) release(b.jobId());
        else if (e instanceof JobKilled k) release(k.jobId());
        else if (e instanceof BootFailed b) release(b.jobId());
        else if (e instanceof JobCancelled c) release(c.jobId());
        else if (e instanceof ComponentFailed f) down.add(f.component());
        else if (e instanceof ComponentRepaired r) down.remove(r.component());
        else if (e instanceof ContextSwitched c) {
            // one switch, all at once: the jobs it suspends and those it resumes swap layers (the wide job and the
            // small ones it shares midplanes with), so every job leaves its layer before any enters the other
            for (long job : c.suspended()) leave(job, running);
            for (long job : c.resumed()) leave(job, suspended);
            for (long job : c.suspended()) enter(job, c.time(), suspended);
            for (long job : c.resumed()) enter(job, c.time(), running);
        }
    }

    /** Every broken rule found so far, in the order found. */
    public List<String> violations() {
        return List.copyOf(violations);
    }

    /** Partitions (starts and migrations) checked against the wiring. */
    public long partitions() {
        return partitions;
    }

    /**
     * What partition {@code name} uses by the wiring file.
     *
     * @throws IllegalArgumentException when the name is not one of a partition of this wiring
     */
    public Footprint footprint(String name) {
        String[] f = name.split(":", -1);
        if (f.length != 6 || !f[0].matches("R[0-9]{3}") || !f[1].matches("[0-9]+x[0-9]+x[0-9]+"))
            throw new IllegalArgumentException("'" + name + "' is not a partition name R<x><y><z>:<a>x<b>x<c>:...");
        int[] base = {f[0].charAt(1) - '0', f[0].charAt(2) - '0', f[0].charAt(3) - '0'};
        String[] sizes = f[1].split("x");
        int[] shape = {Integer.parseInt(sizes[0]), Integer.parseInt(sizes[1]), Integer.parseInt(sizes[2])};
        for (int d = 0; d < 3; d++)
            if (base[d] >= wiring.extent().get(d) || shape[d] < 1 || shape[d] > wiring.extent().get(d))
                throw new IllegalArgumentException("'" + name + "' does not fit the " + wiring.extent() + " midplanes");
        TreeSet<String> midplanes = new TreeSet<>();
        TreeSet<String> cables = new TreeSet<>();
        TreeMap<String, Integer> ports = new TreeMap<>();
        for (int[] m : box(base, shape)) {
            midplanes.add("mp-" + position(m));
            for (int d = 0; d < 3; d++) ports.merge(switchId(d, m), MIDPLANE_PORTS, (a, b) -> a | b);
        }
        for (int d = 0; d < 3; d++) {
            String field = f[3 + d];
            String label = WiringFile.LABELS.charAt(d) + "=";
            if (!field.startsWith(label)) throw new IllegalArgumentException("'" + name + "': expected " + label + "...");
            String used = field.substring(2).split("/", 2)[0];
            if (used.equals("-")) continue;
            List<WiringFile.Cable> line = wiring.lines().get(d);
            for (String index : used.split("\\.")) {
                int i = Integer.parseInt(index);
                if (i < 0 || i >= line.size())
                    throw new IllegalArgumentException("'" + name + "': no cable " + i + " on a " + label.charAt(0) + " line");
                WiringFile.Cable cable = line.get(i);
                // every line of dimension d through the box: the box's midplanes at the base's position on d
                for (int[] m : box(base, shape)) {
                    if (m[d] != base[d]) continue;
                    int[] from = m.clone();
                    from[d] = cable.from();
                    int[] to = m.clone();
                    to[d] = cable.to();
                    cables.add("cable-" + WiringFile.LABELS.charAt(d) + "-" + position(from) + "-p" + cable.outPort());
                    ports.merge(switchId(d, from), 1 << cable.outPort(), (a, b) -> a | b);
                    ports.merge(switchId(d, to), 1 << cable.inPort(), (a, b) -> a | b);
                }
            }
        }
        return new Footprint(midplanes, cables, ports);
    }

    private void start(long job, long time, Allocation allocation) {
        Footprint fp;
        try {
            fp = footprint(allocation.partition());
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            violations.add("job " + job + " at " + time + ": " + e.getMessage());
            return;
        }
        partitions++;
        compareClaims(job, time, allocation, fp);
        checkConnections(job, time, fp);
        TreeSet<String> components = new TreeSet<>();
        for (String part : parts(fp)) components.add(part.contains(".p") ? part.substring(0, part.indexOf(".p")) : part);
        for (String component : components)
            if (down.contains(component))
                violations.add("job " + job + " at " + time + ": started on " + component + ", which is down");
        held.put(job, fp);
        running.take(job, time, fp);
    }

    /** The recorded claims must be exactly what the wiring says the partition uses. */
    private void compareClaims(long job, long time, Allocation allocation, Footprint fp) {
        TreeSet<String> midplanes = new TreeSet<>();
        TreeMap<String, Integer> ports = new TreeMap<>();
        for (Claim c : allocation.claims()) {
            if (c instanceof NodeClaim n) midplanes.add(n.unit());
            else if (c instanceof PortClaim p) ports.merge(p.unit(), p.ports(), (a, b) -> a | b);
        }
        if (!midplanes.equals(fp.midplanes()))
            violations.add("job " + job + " at " + time + ": the journal claims midplanes " + midplanes + ", partition "
                    + allocation.partition() + " is " + fp.midplanes() + " by the wiring");
        if (!ports.equals(fp.ports()))
            violations.add("job " + job + " at " + time + ": the journal claims switch ports " + masks(ports)
                    + ", partition " + allocation.partition() + " uses " + masks(fp.ports()) + " by the wiring");
    }

    /** The cable ports of each switch must pair into internal connections from {0, 3, 5} to {1, 2, 4}. */
    private void checkConnections(long job, long time, Footprint fp) {
        fp.ports().forEach((sw, mask) -> {
            int in = Integer.bitCount(mask & CABLE_INPUTS), out = Integer.bitCount(mask & CABLE_OUTPUTS);
            boolean own = (mask & MIDPLANE_PORTS) != 0;
            if (own ? in > 1 || out > 1 : in != 1 || out != 1)
                violations.add("job " + job + " at " + time + ": " + sw + " uses ports " + Integer.toBinaryString(mask)
                        + ", which do not pair into internal connections from {0,3,5} to {1,2,4}"
                        + (own ? " for its own midplane" : " for a pass-through"));
        });
    }

    private void release(long job) {
        Footprint fp = held.remove(job);
        if (fp == null) return;
        running.give(job, fp);
        suspended.give(job, fp);
    }

    private void leave(long job, Layer from) {
        Footprint fp = held.get(job);
        if (fp != null) from.give(job, fp);
    }

    private void enter(long job, long time, Layer to) {
        Footprint fp = held.get(job);
        if (fp != null) to.take(job, time, fp);
    }

    /** Who holds each midplane, cable and switch port among the jobs of one state (running or suspended). */
    private final class Layer {
        private final String state;
        private final Map<String, Long> owners = new HashMap<>();

        Layer(String state) {
            this.state = state;
        }

        void take(long job, long time, Footprint fp) {
            for (String part : parts(fp)) {
                Long other = owners.putIfAbsent(part, job);
                if (other != null && other != job)
                    violations.add("at " + time + " " + part + " is held by " + state + " jobs " + other + " and " + job);
            }
        }

        void give(long job, Footprint fp) {
            for (String part : parts(fp)) owners.remove(part, job);
        }
    }

    /**
     * Every midplane, cable and single switch port ({@code sw-x-R000.p2}) of a footprint, and with whole switches
     * every switch ({@code sw-x-R000}).
     */
    private List<String> parts(Footprint fp) {
        List<String> parts = new ArrayList<>(fp.midplanes());
        parts.addAll(fp.cables());
        fp.ports().forEach((sw, mask) -> {
            if (wholeSwitches) parts.add(sw);
            for (int p = 0; p < Integer.SIZE; p++) if ((mask & (1 << p)) != 0) parts.add(sw + ".p" + p);
        });
        return parts;
    }

    private List<int[]> box(int[] base, int[] shape) {
        List<int[]> box = new ArrayList<>();
        for (int i = 0; i < shape[0]; i++)
            for (int j = 0; j < shape[1]; j++)
                for (int k = 0; k < shape[2]; k++)
                    box.add(new int[]{(base[0] + i) % wiring.extent().get(0), (base[1] + j) % wiring.extent().get(1),
                            (base[2] + k) % wiring.extent().get(2)});
        return box;
    }

    private static String position(int[] m) {
        return "R" + m[0] + m[1] + m[2];
    }

    private static String switchId(int d, int[] m) {
        return "sw-" + WiringFile.LABELS.charAt(d) + "-" + position(m);
    }

    private static String masks(SortedMap<String, Integer> ports) {
        StringBuilder s = new StringBuilder("{");
        ports.forEach((sw, mask) -> s.append(s.length() > 1 ? ", " : "").append(sw).append('=')
                .append(Integer.toBinaryString(mask)));
        return s.append('}').toString();
    }
}
