package org.bgctl.scheduler;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.typed.PersistenceId;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.NewRun;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.SchedulerActor.Advance;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A batch of protocol steps left unanswered is a warning, unless timeouts are expected ({@code replay --chaos}
 * loses messages on purpose): then it is logged at INFO, which bgctl does not print by default.
 */
class TimeoutLogTest {
    private static final String UNANSWERED = "unanswered after";
    private final Logger log = (Logger) LoggerFactory.getLogger(SchedulerActor.class);
    private ActorTestKit kit;

    @AfterEach
    void stop() {
        log.setLevel(null);
        if (kit != null) kit.shutdownTestKit();
    }

    private ActorTestKit kit(boolean expected) {
        kit = ActorTestKit.create(ConfigFactory.parseString("""
                akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
                akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
                bgctl.scheduler.phase-timeout = 100ms
                bgctl.scheduler.phase-attempts = 2
                bgctl.scheduler.timeouts-expected = %s
                """.formatted(expected ? "on" : "off")).withFallback(ConfigFactory.load()));
        return kit;
    }

    /** A scheduler on flat:10 whose node set never answers; job 1 is submitted. */
    private void unansweredReserve() {
        TestProbe<UnitProtocol.Command> ns = kit.createTestProbe();
        var unit = kit.spawn(Behaviors.<UnitProtocol.Command>receiveMessage(m -> {
            if (!(m instanceof NewRun)) ns.getRef().tell(m);
            return Behaviors.same();
        }));
        var scheduler = kit.spawn(SchedulerActor.create(PersistenceId.ofUniqueId("timeout-log"),
                () -> new SchedulerCore(new Fcfs(), new FlatMachine(10)), u -> unit, e -> { }, 0));
        TestProbe<SchedulerActor.Settled> settled = kit.createTestProbe();
        scheduler.tell(new Advance(0, List.of(Job.of(1, 0, 100, 100, 4)), settled.getRef()));
        ns.expectMessageClass(Reserve.class);
    }

    @Test
    void anUnansweredBatchIsAWarning() {
        LoggingTestKit.warn(UNANSWERED).expect(kit(false).system(), () -> {
            unansweredReserve();
            return null;
        });
    }

    @Test
    void anExpectedTimeoutIsLoggedAtInfoNotAsAWarning() {
        log.setLevel(Level.INFO);
        LoggingTestKit.info(UNANSWERED).expect(kit(true).system(), () -> {
            unansweredReserve();
            return null;
        });
    }
}
