package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Down;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A member ({@code bgctl node}) says why it stopped when the cluster downed it — as a member left alone with a driver
 * at a lower address that was killed is, the Split Brain Resolver keeping the driver's side of the tie — instead of
 * ending as if stopped on request; stopped on request, it says nothing.
 */
class ClusterNodeTest {

    @Test
    void aMemberDownedByTheClusterSaysWhy() throws Exception {
        ClusterNode node = start();
        Cluster cluster = Cluster.get(node.system());
        cluster.manager().tell(new Down(node.system().address()));
        Optional<String> why = node.awaitStop();
        assertTrue(why.isPresent(), "a downed member stopped as if on request");
        assertTrue(why.get().startsWith("the cluster downed this member, which had lost "), why.get());
        assertTrue(why.get().endsWith("use an odd number of members; stopped"), why.get());
    }

    @Test
    void aMemberStoppedOnRequestSaysNothing() throws Exception {
        ClusterNode node = start();
        node.system().terminate();
        assertEquals(Optional.empty(), node.awaitStop());
    }

    private static ClusterNode start() throws Exception {
        int port = FreePorts.any();
        ClusterNode node = ClusterNode.start(new ClusterOptions("127.0.0.1", port, List.of("127.0.0.1:" + port), 1),
                "flat:8");
        Cluster cluster = Cluster.get(node.system());
        for (int i = 0; i < 200 && !cluster.selfMember().status().equals(MemberStatus.up()); i++) Thread.sleep(50);
        assertEquals(MemberStatus.up(), cluster.selfMember().status(), "the member did not form its cluster");
        return node;
    }
}
