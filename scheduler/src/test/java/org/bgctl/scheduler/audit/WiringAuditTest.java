package org.bgctl.scheduler.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.Test;

/**
 * The independent conflict model reads bgl's wiring file itself, works out a partition's cables and switch ports from
 * its name, and finds a cable held twice, or recorded claims that are not what the wiring says, in a synthetic
 * journal.
 */
class WiringAuditTest {

    private static final WiringFile BGL = WiringFile.forMachine("bgl").orElseThrow();
    /** Midplanes (0,0,0) and (1,0,0) as an x-torus: cable 0 (0 port 2 -> 1 port 5) and cable 8 (1 port 4 -> 0 port 3). */
    private static final String PAIR = "R000:2x1x1:torus:x=0.8:y=-:z=-";

    @Test
    void theWiringFileIsReadOnItsOwn() {
        assertEquals(List.of(8, 4, 4), BGL.extent());
        assertEquals(14, BGL.lines().get(0).size());
        assertEquals(new WiringFile.Cable(1, 4, 0, 3), BGL.lines().get(0).get(8));
        assertEquals(new WiringFile.Cable(1, 2, 3, 5), BGL.lines().get(1).get(1));
        assertEquals(BGL.lines().get(1), BGL.lines().get(2));
        assertTrue(WiringFile.forMachine("flat:128").isEmpty());
        assertTrue(WiringFile.forMachine("bgl,deny-passthrough=x").isPresent());
        assertTrue(WiringFile.forMachine("bgl,switch=whole").isPresent());
    }

    @Test
    void aPartitionUsesItsMidplanesTheirSwitchesAndTheCablesOfItsLinkSets() {
        WiringAudit.Footprint fp = new WiringAudit(BGL).footprint(PAIR);
        assertEquals(Set.of("mp-R000", "mp-R100"), fp.midplanes());
        assertEquals(Set.of("cable-x-R000-p2", "cable-x-R100-p4"), fp.cables());
        assertEquals(0b1111, fp.ports().get("sw-x-R000"));
        assertEquals(0b110011, fp.ports().get("sw-x-R100"));
        assertEquals(0b11, fp.ports().get("sw-y-R100"));
        assertEquals(6, fp.ports().size());
    }

    @Test
    void everyLineTheBoxSpansUsesTheCables() {
        // (0,2,0)..(0,3,1): two y-lines (z = 0 and 1), each closed by all four cables of bgl's ring 0-1-3-2-0
        WiringAudit.Footprint fp = new WiringAudit(BGL).footprint("R020:1x2x2:torus:x=-:y=0.1.2.3/0.1:z=-");
        assertEquals(4, fp.midplanes().size());
        assertEquals(8, fp.cables().size());
        assertTrue(fp.cables().contains("cable-y-R001-p2") && fp.cables().contains("cable-y-R031-p2"), fp.toString());
        // the switches passed through at y = 0 and 1 use their cable ports, not their midplane's
        assertEquals(0b100100, fp.ports().get("sw-y-R001"));
    }

    @Test
    void aCableHeldByTwoRunningJobsIsFound() {
        WiringAudit audit = new WiringAudit(BGL);
        audit.accept(new JobStarted(1, 10, allocation(audit, PAIR)));
        // a mesh on (2,0,0) that names cable 0 of its line, which job 1 holds
        audit.accept(new JobStarted(2, 20, allocation(audit, "R200:1x1x1:mesh:x=0:y=-:z=-")));
        assertTrue(audit.violations().contains("at 20 cable-x-R000-p2 is held by running jobs 1 and 2"),
                audit.violations().toString());
        assertTrue(audit.violations().contains("at 20 sw-x-R000.p2 is held by running jobs 1 and 2"),
                audit.violations().toString());
        assertEquals(2, audit.partitions());
    }

    @Test
    void aReleasedCableMayBeTakenAgain() {
        WiringAudit audit = new WiringAudit(BGL);
        audit.accept(new JobStarted(1, 10, allocation(audit, PAIR)));
        audit.accept(new JobFinished(1, 15));
        audit.accept(new JobStarted(2, 20, allocation(audit, "R000:2x1x1:mesh:x=0:y=-:z=-")));
        assertEquals(List.of(), audit.violations());
    }

    @Test
    void aSuspendedJobKeepsItsPartitionForTheWideJobOnly() {
        WiringAudit audit = wideJobOnASuspendedOne();
        assertEquals(List.of(), audit.violations());
        audit.accept(new JobStarted(3, 30, allocation(audit, "R000:1x1x1:mesh:x=-:y=-:z=-")));
        assertTrue(audit.violations().contains("at 30 mp-R000 is held by running jobs 2 and 3"),
                audit.violations().toString());
    }

    @Test
    void aSwitchThatSuspendsTheWideJobAndResumesTheSmallOnesSwapsThemAtOnce() {
        // pfcfs with n >= 2: switch 2 suspends the wide job and resumes the small one on its midplane, switch 3 back
        WiringAudit audit = wideJobOnASuspendedOne();
        audit.accept(new ContextSwitched(2, 30, 2, List.of(2L), List.of(1L), true, 0));
        audit.accept(new ContextSwitched(2, 40, 3, List.of(1L), List.of(2L), true, 0));
        assertEquals(List.of(), audit.violations());
    }

    /** Job 1 on (0,0,0), suspended at 20 by the preemption of wide job 2, which starts on PAIR. */
    private static WiringAudit wideJobOnASuspendedOne() {
        WiringAudit audit = new WiringAudit(BGL);
        audit.accept(new JobStarted(1, 10, allocation(audit, "R000:1x1x1:mesh:x=-:y=-:z=-")));
        audit.accept(new ContextSwitched(2, 20, 1, List.of(1L), List.of(), true, 0));
        audit.accept(new JobStarted(2, 20, allocation(audit, PAIR)));
        return audit;
    }

    @Test
    void claimsThatAreNotWhatTheWiringSaysAreFound() {
        WiringAudit audit = new WiringAudit(BGL);
        List<Claim> claims = new ArrayList<>(allocation(audit, PAIR).claims());
        // a model that forgot cable 8's end at (0,0,0)
        claims.replaceAll(c -> c.unit().equals("sw-x-R000") ? new PortClaim("sw-x-R000", 0b111) : c);
        audit.accept(new JobStarted(1, 10, new Allocation(PAIR, claims)));
        assertEquals(1, audit.violations().size(), audit.violations().toString());
        assertTrue(audit.violations().get(0).startsWith("job 1 at 10: the journal claims switch ports"),
                audit.violations().get(0));
    }

    @Test
    void aNameThatIsNoPartitionIsAViolation() {
        WiringAudit audit = new WiringAudit(BGL);
        assertThrows(IllegalArgumentException.class, () -> audit.footprint("R900:1x1x1:mesh:x=-:y=-:z=-"));
        audit.accept(new JobStarted(1, 10, new Allocation("R000:1x1x1:mesh:x=99:y=-:z=-", List.of())));
        assertTrue(audit.violations().get(0).contains("no cable 99"), audit.violations().toString());
    }

    /** (6,0,0) as a one-midplane torus, and (2,0,0)-(3,0,0) as an x-torus through switches 6 (ports 3 -> 2) and 7. */
    private static final String SIX = "R600:1x1x1:torus:x=-:y=-:z=-";
    private static final String TWO_THREE = "R200:2x1x1:torus:x=2.6.11.13/6.7:y=-:z=-";

    @Test
    void aSwitchServesPartitionsOnDisjointPortsUnlessSwitchesAreWhole() {
        WiringAudit ports = WiringAudit.forMachine("bgl").orElseThrow();
        WiringAudit.Footprint fp = ports.footprint(TWO_THREE);
        assertEquals(0b001100, fp.ports().get("sw-x-R600"));
        ports.accept(new JobStarted(1, 10, allocation(ports, SIX)));
        ports.accept(new JobStarted(2, 20, allocation(ports, TWO_THREE)));
        assertEquals(List.of(), ports.violations());

        WiringAudit whole = WiringAudit.forMachine("bgl,switch=whole").orElseThrow();
        whole.accept(new JobStarted(1, 10, allocation(whole, SIX)));
        whole.accept(new JobStarted(2, 20, allocation(whole, TWO_THREE)));
        assertEquals(List.of("at 20 sw-x-R600 is held by running jobs 1 and 2"), whole.violations());
    }

    @Test
    void aPartitionStartedOnADownComponentIsFound() {
        WiringAudit audit = new WiringAudit(BGL);
        audit.accept(new ComponentFailed("sw-x-R600", 5));
        audit.accept(new JobStarted(1, 10, allocation(audit, TWO_THREE)));
        assertEquals(List.of("job 1 at 10: started on sw-x-R600, which is down"), audit.violations());
        audit.accept(new JobFinished(1, 11));
        audit.accept(new ComponentRepaired("sw-x-R600", 12));
        audit.accept(new ComponentFailed("mp-R600", 12));
        audit.accept(new JobStarted(2, 20, allocation(audit, TWO_THREE)));
        assertEquals(1, audit.violations().size(), "a down midplane's switch may be passed through");
    }

    @Test
    void portsThatDoNotPairIntoInternalConnectionsAreFound() {
        WiringAudit audit = new WiringAudit(BGL);
        // cables 5 (5 -> 6 port 5) and 11 (3 -> 6 port 3) both enter switch 6, which nothing leaves
        audit.accept(new JobStarted(1, 10, allocation(audit, "R000:1x1x1:mesh:x=5.11:y=-:z=-")));
        assertTrue(audit.violations().stream().anyMatch(v -> v.startsWith("job 1 at 10: sw-x-R600 uses ports 101000,")),
                audit.violations().toString());
    }

    /** The claims the wiring gives the partition: what a correct model records. */
    private static Allocation allocation(WiringAudit audit, String partition) {
        WiringAudit.Footprint fp = audit.footprint(partition);
        List<Claim> claims = new ArrayList<>();
        for (String mp : fp.midplanes()) claims.add(new NodeClaim(mp, 512));
        for (Map.Entry<String, Integer> e : new TreeMap<>(fp.ports()).entrySet())
            claims.add(new PortClaim(e.getKey(), e.getValue()));
        return new Allocation(partition, claims);
    }
}
