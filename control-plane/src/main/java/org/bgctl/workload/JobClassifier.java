package org.bgctl.workload;

import java.util.Random;
import org.bgctl.scheduler.Communication;

/** Draws each job's communication class, in trace order, from the run's seeded generator. */
final class JobClassifier {

    private final JobClasses classes;
    private final Random random;

    JobClassifier(JobClasses classes) {
        this.classes = classes;
        this.random = new Random(classes.seed());
    }

    /** The next job's class. */
    Communication next() {
        double intensive = random.nextDouble();
        double spread = random.nextDouble();
        if (intensive >= classes.ciFraction()) return Communication.NOT_INTENSIVE;
        double gain = classes.spread() == JobClasses.Spread.FIXED ? classes.gain() : 2 * classes.gain() * spread;
        return Communication.intensive(gain);
    }
}
