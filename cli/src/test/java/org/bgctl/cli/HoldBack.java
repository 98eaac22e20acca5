package org.bgctl.cli;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.policy.Policy;
import org.bgctl.scheduler.policy.PolicySetting;
import org.bgctl.scheduler.policy.RegisteredPolicy;
import org.bgctl.scheduler.policy.SettingType;

/**
 * A scheduler written for a test, to show that registering it is all it takes: FCFS, but a job starts only once it
 * has waited at least {@code seconds} (its one setting, {@code --hold-back}).
 */
record HoldBack(long seconds) implements Policy {

    static final PolicySetting SECONDS = new PolicySetting("hold_back", "bgctl.policy.hold-back.seconds", "S",
            SettingType.WHOLE, "hold_back.seconds", "seconds a job waits in the queue at least",
            PolicySetting.Rule.notNegative("the hold-back"));

    static final RegisteredPolicy REGISTRATION = RegisteredPolicy.of("hold-back",
            "FCFS, each job held back in the queue for a while", List.of(SECONDS),
            c -> new HoldBack(c.whole(SECONDS.key())));

    @Override
    public String name() {
        return "hold-back";
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        MachineModel machine = view.machine().copy();
        List<Start> starts = new ArrayList<>();
        for (Job job : view.queue()) {
            if (view.now() < job.submit() + seconds) break;
            Allocation a = machine.place(job.demand());
            if (a == null) break;
            machine.allocate(a);
            starts.add(new Start(job, a));
        }
        return starts;
    }

    @Override
    public long nextWakeup(SchedulingView view) {
        if (view.queue().isEmpty()) return Long.MAX_VALUE;
        long due = view.queue().get(0).submit() + seconds;
        return due > view.now() ? due : Long.MAX_VALUE;
    }
}
