package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.typed.PersistenceId;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.NewRun;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepDone;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.SchedulerActor.Advance;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A batch of protocol steps left unanswered is a warning, unless timeouts are expected ({@code replay --chaos}
 * loses messages on purpose): then it is logged at INFO, which bgctl does not print by default. A reservation is
 * given up after the last attempt; a step that must be done (here the abort that undoes it) is sent until answered.
 * A transaction undone only by steps given up unanswered is logged alike: at INFO when timeouts are expected.
 */
class TimeoutLogTest {
    /** The phase timeout of {@link #kit} in milliseconds, as people read it (it said "PT0.1S"). */
    private static final String UNANSWERED = "unanswered after 100 ms (attempt";
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
    private TestProbe<UnitProtocol.Command> unansweredReserve() {
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
        return ns;
    }

    @Test
    void aReservationIsGivenUpButItsAbortIsSentUntilAnswered() {
        kit(false);
        TestProbe<UnitProtocol.Command> ns = unansweredReserve();
        ns.expectMessageClass(Reserve.class); // the second and last attempt
        Abort abort = null;
        for (int sending = 1; sending <= 4; sending++) abort = ns.expectMessageClass(Abort.class, Duration.ofSeconds(2));
        abort.replyTo().tell(new StepDone(FlatMachine.NODE_SET, Step.ABORT, abort.tx(), 0));
        // a sending under way as the answer came may still arrive; then nothing more
        UnitProtocol.Command late;
        try {
            late = ns.receiveMessage(Duration.ofMillis(400));
        } catch (AssertionError noneCame) {
            late = null;
        }
        if (late != null) {
            assertEquals(abort, late);
            ns.expectNoMessage(Duration.ofMillis(400));
        }
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

    @Test
    void aReservationGivenUpWhileTimeoutsAreExpectedIsUndoneAtInfoNotAsAWarning() {
        log.setLevel(Level.INFO);
        ActorTestKit expected = kit(true);
        String refused = "job 1: allocation refused at 0 (" + FlatMachine.NODE_SET + ": no answer after 2 attempts";
        LoggingTestKit.warn("allocation refused").withOccurrences(0).expect(expected.system(), () ->
                LoggingTestKit.info(refused).expect(expected.system(), () -> {
                    unansweredReserve();
                    return null;
                }));
    }
}
