package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.junit.jupiter.api.Test;

/** The machine state of the API, rebuilt from events: here the use of every cable, line by line. */
class LiveViewTest {

    private final BglMachineModel bgl = (BglMachineModel) MachineCatalog.create("bgl");
    private final LiveView view = new LiveView(MachineCatalog.create("bgl"));

    /** The machine state as the API writes it. */
    private JsonNode machine() throws Exception {
        return ApiCalls.JSON.readTree(LiveApi.write(view.machine()));
    }

    private void start(long id, String partition, long time, long runtime) {
        Allocation a = bgl.allocationOf(bgl.partition(new Allocation(partition, List.of())));
        view.accept(new JobSubmitted(Job.of(id, time, runtime, runtime, a.nodes())));
        view.accept(new JobStarted(id, time, a));
    }

    /** Every cable of every line as {@code dimension line id job down}, one string each. */
    private static List<String> cables(JsonNode machine) {
        List<String> all = new ArrayList<>();
        machine.get("cables").fields().forEachRemaining(d -> {
            for (JsonNode line : d.getValue())
                for (JsonNode c : line.get("cables"))
                    all.add(d.getKey() + " " + line.get("line").asText() + " " + c.get("id").asText() + " "
                            + c.get("job").asText() + " " + c.get("down").asBoolean());
        });
        return all;
    }

    @Test
    void everyLineOfBglListsItsCablesInWiringOrderNamedAsFaultsNameThem() throws Exception {
        JsonNode cables = machine().get("cables");
        assertEquals(List.of("x", "y", "z"), List.copyOf(iterable(cables)));
        assertEquals(16, cables.get("x").size());
        assertEquals(32, cables.get("y").size());
        assertEquals(32, cables.get("z").size());
        JsonNode x = cables.get("x").get(5);
        assertEquals("y=1 z=1", x.get("line").asText());
        assertEquals(14, x.get("cables").size());
        JsonNode split = x.get("cables").get(10);
        assertEquals("cable-x-R211-p4", split.get("id").asText());
        assertEquals("R211", split.get("from").asText());
        assertEquals("R711", split.get("to").asText());
        assertTrue(split.get("job").isNull());
        assertFalse(split.get("down").asBoolean());
        assertEquals("x=3 z=2", cables.get("y").get(19).get("line").asText());
        assertEquals("x=7 y=3", cables.get("z").get(31).get("line").asText());
        JsonNode z = cables.get("z").get(31).get("cables");
        assertEquals(List.of("cable-z-R730-p2", "cable-z-R731-p2", "cable-z-R733-p2", "cable-z-R732-p2"),
                List.of(z.get(0).get("id").asText(), z.get(1).get("id").asText(), z.get(2).get("id").asText(),
                        z.get(3).get("id").asText()));
        for (String c : cables(machine())) assertTrue(c.endsWith(" null false"), c);
        assertEquals(16 * 14 + 32 * 4 + 32 * 4, cables(machine()).size());
        List<String> ids = new ArrayList<>();
        for (String c : cables(machine())) ids.add(c.split(" ")[3]);
        assertEquals(bgl.components().stream().filter(c -> c.startsWith("cable-")).sorted().toList(),
                ids.stream().sorted().toList());
    }

    private static List<String> iterable(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void theCablesOfRunningJobsCarryTheirIdsAndFailedCablesAreDown() throws Exception {
        start(1, "R000:2x1x1:torus:x=0.8:y=-:z=-", 0, 9);
        start(2, "R520:1x2x1:torus:x=-:y=0.1.2.3/0.1:z=-", 5, 3600);
        view.accept(new ComponentFailed("cable-z-R310-p2", 7));
        view.accept(new ComponentFailed("cable-x-R200-p2", 8));

        List<String> used = new ArrayList<>();
        for (String c : cables(machine())) if (!c.endsWith(" null false")) used.add(c);
        assertEquals(List.of(
                "x y=0 z=0 cable-x-R000-p2 1 false",
                "x y=0 z=0 cable-x-R200-p2 null true",
                "x y=0 z=0 cable-x-R100-p4 1 false",
                "y x=5 z=0 cable-y-R500-p2 2 false",
                "y x=5 z=0 cable-y-R510-p2 2 false",
                "y x=5 z=0 cable-y-R530-p2 2 false",
                "y x=5 z=0 cable-y-R520-p2 2 false",
                "z x=3 y=1 cable-z-R310-p2 null true"), used);
        assertEquals(List.of("x y=0 z=0 A.#.....A.....", "y x=5 z=0 BBBB", "z x=3 y=1 #..."), mapCables(machine()));
        assertEquals(mapCables(machine()), jsonCables(machine()));

        view.accept(new JobFinished(1, 9));
        used.clear();
        for (String c : cables(machine())) if (!c.endsWith(" null false")) used.add(c);
        assertEquals(List.of(
                "x y=0 z=0 cable-x-R200-p2 null true",
                "y x=5 z=0 cable-y-R500-p2 2 false",
                "y x=5 z=0 cable-y-R510-p2 2 false",
                "y x=5 z=0 cable-y-R530-p2 2 false",
                "y x=5 z=0 cable-y-R520-p2 2 false",
                "z x=3 y=1 cable-z-R310-p2 null true"), used);
        assertEquals(List.of(), view.violations());
    }

    /**
     * The lines {@code status --map} lists (those with a cable in use or down), each as
     * {@code dimension line cables}, a character per cable: the job's letter, '#' down, '.' free.
     */
    private static List<String> mapCables(JsonNode machine) {
        List<String> lines = new ArrayList<>();
        String dimension = null;
        for (String row : machine.get("map").asText().split("\n")) {
            Matcher header = Pattern.compile("^([xyz])-lines: ").matcher(row);
            if (header.find()) dimension = header.group(1);
            Matcher line = Pattern.compile("^  (\\w=\\d \\w=\\d)  cables (\\S+)  ").matcher(row);
            if (line.find()) lines.add(dimension + " " + line.group(1) + " " + line.group(2));
        }
        return lines;
    }

    /** The same from {@code cables}, letters given to the running jobs in id order. */
    private static List<String> jsonCables(JsonNode machine) {
        List<Long> running = new ArrayList<>();
        for (JsonNode r : machine.get("running")) running.add(r.get("id").asLong());
        List<String> lines = new ArrayList<>();
        machine.get("cables").fields().forEachRemaining(d -> {
            for (JsonNode line : d.getValue()) {
                StringBuilder cells = new StringBuilder();
                for (JsonNode c : line.get("cables"))
                    cells.append(c.get("down").asBoolean() ? '#'
                            : c.get("job").isNull() ? '.' : (char) ('A' + running.indexOf(c.get("job").asLong())));
                if (!cells.toString().matches("\\.*"))
                    lines.add(d.getKey() + " " + line.get("line").asText() + " " + cells);
            }
        });
        return lines;
    }

    @Test
    void torusBglHasPlainRings() throws Exception {
        JsonNode cables = ApiCalls.JSON.readTree(LiveApi.write(new LiveView(MachineCatalog.create("torus-bgl")).machine()))
                .get("cables");
        assertEquals(16, cables.get("x").size());
        JsonNode ring = cables.get("x").get(15).get("cables");
        assertEquals(8, ring.size());
        assertEquals("cable-x-R733-p2", ring.get(7).get("id").asText());
        assertEquals("R033", ring.get(7).get("to").asText());
        assertEquals(4, cables.get("z").get(0).get("cables").size());
    }

    @Test
    void aMachineWithoutMidplanesHasNoCables() {
        Map<String, Object> flat = new LiveView(MachineCatalog.create("flat:64")).machine();
        assertNull(flat.get("cables"));
        assertFalse(flat.containsKey("map"));
    }

    @Test
    void aJobSuspendedForAWideJobIsListedAsSuspended() throws Exception {
        LiveView flat = new LiveView(MachineCatalog.create("flat:8"));
        flat.accept(new JobSubmitted(Job.of(1, 0, 100, 100, 4)));
        flat.accept(new JobStarted(1, 0, FlatMachine.allocationOf(4)));
        flat.accept(new JobSubmitted(Job.of(2, 10, 50, 50, 8)));
        flat.accept(new ContextSwitched(2, 70, 1, List.of(1L), List.of(), true, 0));
        flat.accept(new JobStarted(2, 70, FlatMachine.allocationOf(8)));
        assertEquals(List.of("suspended", "running"), flat.jobs().stream().map(j -> j.get("status")).toList());
        JsonNode machine = ApiCalls.JSON.readTree(LiveApi.write(flat.machine()));
        assertEquals("[1]", machine.get("suspended").toString());
        assertEquals(2, machine.get("running").get(0).get("id").asLong());
        assertTrue(flat.violations().isEmpty(), flat.violations().toString());

        flat.accept(new JobFinished(2, 120));
        flat.accept(new ContextSwitched(2, 120, 2, List.of(), List.of(1L), true, 0));
        assertEquals(List.of("running", "completed"), flat.jobs().stream().map(j -> j.get("status")).toList());
        assertEquals("[]", ApiCalls.JSON.readTree(LiveApi.write(flat.machine())).get("suspended").toString());
    }
}
