package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.bgctl.agents.AnsweredSteps.Kind;
import org.bgctl.agents.UnitProtocol.Answer;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepDone;
import org.junit.jupiter.api.Test;

/**
 * {@link AnsweredSteps} against a model of what it remembers (a map by transaction and a queue in the order first
 * answered): a long run of transactions, mostly rising, with steps repeated, steps of earlier transactions, late ones and a new run, so that its
 * table grows, forgets and moves entries back after each removal.
 */
class AnsweredStepsTest {

    /** The model: answers by (transaction, kind, job), transactions forgotten oldest first answered. */
    private static final class Model {
        final Map<Long, Map<String, Answer>> byTx = new HashMap<>();
        final ArrayDeque<Long> order = new ArrayDeque<>();
        long latestTx;

        Answer find(Kind kind, long tx, long job) {
            Map<String, Answer> steps = byTx.get(tx);
            return steps == null ? null : steps.get(kind + "/" + job);
        }

        void add(Kind kind, long tx, long job, Answer answer) {
            if (!byTx.containsKey(tx)) {
                byTx.put(tx, new HashMap<>());
                order.add(tx);
            }
            byTx.get(tx).putIfAbsent(kind + "/" + job, answer);
            latestTx = Math.max(latestTx, tx);
            while (order.peekFirst() <= latestTx - AnsweredSteps.REMEMBERED) byTx.remove(order.removeFirst());
        }
    }

    @Test
    void remembersWhatTheModelRemembers() {
        Random random = new Random(11);
        AnsweredSteps steps = new AnsweredSteps();
        Model model = new Model();
        long tx = 0;
        for (int n = 0; n < 400_000; n++) {
            if (n == 300_000) {
                steps.clear();
                model.byTx.clear();
                model.order.clear();
                model.latestTx = 0;
                tx = 0;
            }
            int pick = random.nextInt(10);
            long t = pick < 5 ? (tx += 1 + random.nextInt(3)) : pick < 7 ? Math.max(1, tx - random.nextInt(8))
                    : pick < 9 ? Math.max(1, tx - random.nextInt(60_000))
                    : Math.max(1, tx - AnsweredSteps.REMEMBERED - random.nextInt(1000));
            Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
            long job = random.nextInt(4);
            Answer expected = model.find(kind, t, job);
            assertSame(expected, steps.find(kind, t, job), "step " + kind + " of transaction " + t + ", job " + job);
            assertEquals(model.byTx.get(t) != null
                            && (model.find(Kind.ABORT, t, 0) != null || model.find(Kind.RESUME, t, job) != null
                            || model.find(Kind.RESTART, t, job) != null) || t <= model.latestTx - AnsweredSteps.REMEMBERED,
                    steps.ended(t, job));
            if (n % 20_000 == 0) everyRemembered(steps, model);
            if (expected == null) {
                Answer answer = new StepDone("u", Step.COMMIT, t, job);
                steps.add(kind, t, job, answer);
                model.add(kind, t, job, answer);
            }
        }
        everyRemembered(steps, model);
        assertNull(steps.find(Kind.COMMIT, tx + 1, 0));
    }

    /** Every step the model remembers is found with its answer. */
    private static void everyRemembered(AnsweredSteps steps, Model model) {
        model.byTx.forEach((tx, answers) -> answers.forEach((step, answer) -> {
            String[] kindAndJob = step.split("/");
            assertSame(answer, steps.find(Kind.valueOf(kindAndJob[0]), tx, Long.parseLong(kindAndJob[1])));
        }));
    }
}
