package org.bgctl.scheduler.policy.nqs;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigUtil;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bgctl.machine.MachineFileError;
import org.bgctl.machine.MachineFileNumbers;
import org.bgctl.machine.paragon.ParagonSite;
import org.bgctl.scheduler.Job;

/**
 * The NQS settings of a Paragon site: its queues, aging and blocking (Wan et al., section 2.3),
 * and how trace jobs reach the queues — the {@code nqs} section of the machine file:
 *
 * <pre>
 * nqs {
 *   age-factor = 1.0          # priority per hour waited
 *   block-priority = 48       # 0: no blocking
 *   queues = [ {name = q64l, max-nodes = 64, time-limit = 12h, node-group = thin, priority = 16}, ... ]
 *   pipes { batch = [q4t, q4s, ...], standby = [standby] }
 *   swf-queues { "5" = standby }   # SWF queue number to pipe
 *   default-pipe = batch           # every other number, and -1
 * }
 * </pre>
 *
 * A job enters the first queue of its pipe whose limits admit its nodes and its requested time
 * (its run time when the trace gives none). When none does, it enters — marked over the limit —
 * the queue with the longest time limit among those that admit its nodes, or else the queue with
 * the most nodes (the first such in the pipe).
 */
public final class NqsConfig {

    /** The keys of a site file's {@code nqs} section, and of one of its queues. */
    private static final List<String> KEYS = List.of("age-factor", "block-priority", "queues", "pipes", "swf-queues",
            "default-pipe");
    private static final List<String> QUEUE_KEYS = List.of("name", "max-nodes", "time-limit", "node-group", "priority");

    private final double ageFactor;
    private final double blockPriority;
    private final List<NqsQueue> queues;
    private final Map<String, List<NqsQueue>> pipes;
    private final Map<Integer, String> swfQueues;
    private final String defaultPipe;

    private NqsConfig(double ageFactor, double blockPriority, List<NqsQueue> queues, Map<String, List<NqsQueue>> pipes,
                      Map<Integer, String> swfQueues, String defaultPipe) {
        this.ageFactor = ageFactor;
        this.blockPriority = blockPriority;
        this.queues = List.copyOf(queues);
        this.pipes = Collections.unmodifiableMap(pipes);
        this.swfQueues = Collections.unmodifiableMap(swfQueues);
        this.defaultPipe = defaultPipe;
    }

    /**
     * The NQS settings of {@code site}.
     *
     * @throws IllegalArgumentException naming the machine file and what is wrong
     */
    public static NqsConfig of(ParagonSite site) {
        Config c = site.config();
        try {
            Config nqs = c.getConfig("nqs");
            MachineFileError.requireKnownKeys(nqs, "nqs.", KEYS);
            double ageFactor = MachineFileNumbers.finite(nqs, "age-factor");
            double blockPriority = MachineFileNumbers.finite(nqs, "block-priority");
            if (ageFactor < 0)
                throw MachineFileError.at(nqs.getValue("age-factor").origin(), new IllegalArgumentException(
                        "nqs.age-factor must not be negative, was " + ageFactor));
            List<NqsQueue> queues = queues(nqs, site);
            Map<String, List<NqsQueue>> pipes = new TreeMap<>();
            Config p = nqs.getConfig("pipes");
            for (String pipe : new TreeMap<>(p.root()).keySet()) {
                ConfigList names = p.getList(ConfigUtil.joinPath(pipe));
                try {
                    pipes.put(pipe, pipe(pipe, p.getStringList(ConfigUtil.joinPath(pipe)), queues));
                } catch (IllegalArgumentException e) {
                    throw MachineFileError.at(names.origin(), e);
                }
            }
            Map<Integer, String> swf = new TreeMap<>();
            Config s = nqs.getConfig("swf-queues");
            for (String number : new TreeMap<>(s.root()).keySet()) {
                String pipe = s.getString(ConfigUtil.joinPath(number));
                try {
                    swf.put(swfQueue(number), knownPipe(pipe, pipes));
                } catch (IllegalArgumentException e) {
                    throw MachineFileError.at(s.getValue(ConfigUtil.joinPath(number)).origin(), e);
                }
            }
            String defaultPipe = nqs.getString("default-pipe");
            try {
                knownPipe(defaultPipe, pipes);
            } catch (IllegalArgumentException e) {
                throw MachineFileError.at(nqs.getValue("default-pipe").origin(), e);
            }
            return new NqsConfig(ageFactor, blockPriority, queues, pipes, swf, defaultPipe);
        } catch (ConfigException | IllegalArgumentException e) {
            throw MachineFileError.in(c, e);
        }
    }

    private static List<NqsQueue> queues(Config nqs, ParagonSite site) {
        List<NqsQueue> queues = new ArrayList<>();
        for (Config q : nqs.getConfigList("queues")) {
            MachineFileError.requireKnownKeys(q, "nqs.queues[].", QUEUE_KEYS);
            try {
                queues.add(queue(q, site, queues));
            } catch (IllegalArgumentException e) {
                throw MachineFileError.at(q, e);
            }
        }
        if (queues.isEmpty()) throw new IllegalArgumentException("nqs.queues is empty");
        return queues;
    }

    private static NqsQueue queue(Config q, ParagonSite site, List<NqsQueue> before) {
        String name = q.getString("name");
        int maxNodes = MachineFileNumbers.whole(q, "max-nodes");
        if (maxNodes < 1)
            throw new IllegalArgumentException("queue " + name + ": max-nodes must be positive, was " + maxNodes);
        long limit = q.getDuration("time-limit", TimeUnit.SECONDS);
        if (limit < 1) throw new IllegalArgumentException("queue " + name + ": time-limit must be positive");
        String group = q.getString("node-group");
        site.group(group);
        for (NqsQueue other : before)
            if (other.name().equals(name))
                throw new IllegalArgumentException("queue " + name + " is defined twice");
        return new NqsQueue(name, maxNodes, limit, group, MachineFileNumbers.finite(q, "priority"));
    }

    private static List<NqsQueue> pipe(String pipe, List<String> names, List<NqsQueue> queues) {
        List<NqsQueue> destinations = new ArrayList<>();
        for (String name : names) {
            NqsQueue queue = queues.stream().filter(q -> q.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("pipe " + pipe + " names queue '" + name
                            + "', which nqs.queues does not define"));
            destinations.add(queue);
        }
        if (destinations.isEmpty()) throw new IllegalArgumentException("pipe " + pipe + " has no queues");
        return destinations;
    }

    private static int swfQueue(String number) {
        try {
            return Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("nqs.swf-queues: '" + number + "' is not an SWF queue number", e);
        }
    }

    private static String knownPipe(String pipe, Map<String, List<NqsQueue>> pipes) {
        if (!pipes.containsKey(pipe))
            throw new IllegalArgumentException("no pipe '" + pipe + "'; known: " + String.join(", ", pipes.keySet()));
        return pipe;
    }

    /** Priority gained per hour of waiting. */
    public double ageFactor() {
        return ageFactor;
    }

    /** The priority above which a waiting job blocks the others; 0 or less: no blocking. */
    public double blockPriority() {
        return blockPriority;
    }

    /** The queues, in the file's order. */
    public List<NqsQueue> queues() {
        return queues;
    }

    /** The queue the job {@code job} enters. */
    public QueueRoute route(Job job) {
        List<NqsQueue> pipe = pipes.get(swfQueues.getOrDefault(job.queue(), defaultPipe));
        long seconds = job.requestedTime() > 0 ? job.requestedTime() : job.runtime();
        for (NqsQueue q : pipe) if (q.admits(job.size(), seconds)) return new QueueRoute(q, false);
        NqsQueue longest = null;
        for (NqsQueue q : pipe) {
            if (job.size() <= q.maxNodes() && (longest == null || q.timeLimit() > longest.timeLimit())) longest = q;
        }
        if (longest != null) return new QueueRoute(longest, true);
        NqsQueue largest = pipe.get(0);
        for (NqsQueue q : pipe) if (q.maxNodes() > largest.maxNodes()) largest = q;
        return new QueueRoute(largest, true);
    }
}
