package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.Test;

/** A policy sees the live machine read only, and plans on copies it may change. */
class MachineViewTest {

    @Test
    void aPolicySeesTheMachineWithoutItsMutators() throws Exception {
        assertEquals(MachineView.class, SchedulingView.class.getMethod("machine").getReturnType());
        List<String> viewMethods = Arrays.stream(MachineView.class.getMethods()).map(Method::getName).toList();
        for (String mutator : List.of("allocate", "release", "releaseAll", "setHealth")) {
            assertFalse(viewMethods.contains(mutator), "MachineView." + mutator);
            assertTrue(Arrays.stream(MachineModel.class.getMethods()).anyMatch(m -> m.getName().equals(mutator)),
                    "MachineModel." + mutator);
        }
        assertEquals(MachineModel.class, MachineView.class.getMethod("copy").getReturnType());
    }

    @Test
    void planningOnTheViewsCopyLeavesTheLiveMachineAlone() {
        SchedulerCore core = new SchedulerCore(new Fcfs(), new FlatMachine(8));
        MachineView view = ((SchedulingView) core).machine();
        MachineModel copy = view.copy();
        assertNotSame(core.machine(), copy);
        Allocation six = copy.place(new Demand(6));
        copy.allocate(six);
        assertEquals(2, copy.freeNodes());
        assertEquals(8, view.freeNodes(), "the live machine is untouched");
    }
}
