package org.bgctl.workload;

import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DemoTraceTest {

    @Test
    void demoTraceRunsWholeOnAHundredNodes() throws IOException {
        try (Workload workload = new Workload(TestTraces.resource("/demo/kth-sp2-demo.swf", false),
                WorkloadOptions.defaults(), new FlatMachine(100))) {
            assertTrue(workload.header().lines().get(0).contains("excerpt (first 2000 jobs) of KTH-SP2-1996-2.1-cln.swf"));
            assertEquals(OptionalInt.of(100), workload.header().maxNodes());
            long kept = TestTraces.count(workload);
            assertEquals(2000, workload.jobsRead());
            assertEquals(2000, kept + workload.rejections().total());
        }
    }
}
