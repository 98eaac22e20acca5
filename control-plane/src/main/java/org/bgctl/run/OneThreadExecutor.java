package org.bgctl.run;

import akka.dispatch.DispatcherPrerequisites;
import akka.dispatch.ExecutorServiceConfigurator;
import akka.dispatch.ExecutorServiceFactory;
import akka.dispatch.MonitorableThreadFactory;
import com.typesafe.config.Config;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The executor of the one-thread dispatcher of virtual time ({@code bgctl.virtual-time-dispatcher}): one thread that
 * runs the mailboxes of the clock, the scheduler and the agents. Nearly every task it gets comes from that thread
 * itself — an actor there sends a message to another, whose mailbox is then scheduled — and those go to a queue only
 * that thread touches, with no lock; a task from another thread (a journal write's acknowledgement, a timer, the run's
 * start) goes to a concurrent queue, which the thread looks at before each task, and wakes the thread if it sleeps.
 * A thread-pool executor of one thread took a lock and signalled a condition for every message sent between the
 * actors.
 */
public final class OneThreadExecutor extends ExecutorServiceConfigurator {

    /** Made by Akka from the dispatcher's configuration ({@code executor = "org.bgctl.run.OneThreadExecutor"}). */
    public OneThreadExecutor(Config config, DispatcherPrerequisites prerequisites) {
        super(config, prerequisites);
    }

    @Override
    public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threadFactory) {
        // named as Akka's own executors name their threads: the system's name, then the dispatcher's id
        ThreadFactory named = threadFactory instanceof MonitorableThreadFactory m
                ? m.withName(m.name() + "-" + id) : threadFactory;
        return () -> new Service(named);
    }

    /** The executor service: one thread, started with it. */
    static final class Service extends AbstractExecutorService {

        private final Thread worker;
        /** Tasks given by the worker itself; touched by the worker only. */
        private final ArrayDeque<Runnable> own = new ArrayDeque<>();
        /** Tasks given by other threads. */
        private final ConcurrentLinkedQueue<Runnable> others = new ConcurrentLinkedQueue<>();
        /** The worker is about to sleep, or sleeps, until another thread gives it a task. */
        private volatile boolean sleeping;
        private volatile boolean shutdown;

        Service(ThreadFactory threads) {
            worker = threads.newThread(this::work);
            worker.start();
        }

        @Override
        public void execute(Runnable task) {
            if (Thread.currentThread() == worker) {
                own.addLast(task);
                return;
            }
            if (shutdown) throw new RejectedExecutionException("the virtual-time executor is shut down");
            others.add(task);
            if (sleeping) LockSupport.unpark(worker);
        }

        private void work() {
            while (true) {
                Runnable task = others.poll();
                if (task == null) task = own.pollFirst();
                if (task != null) {
                    run(task);
                    continue;
                }
                if (shutdown) return;
                sleeping = true;
                if (others.isEmpty() && !shutdown) LockSupport.park(this);
                sleeping = false;
            }
        }

        /** Runs {@code task}; what it throws goes to the thread's handler, as a pool's worker would, and the thread goes on. */
        private void run(Runnable task) {
            try {
                task.run();
            } catch (Throwable t) {
                Thread.UncaughtExceptionHandler handler = worker.getUncaughtExceptionHandler();
                if (handler != null) handler.uncaughtException(worker, t);
            }
        }

        @Override
        public void shutdown() {
            shutdown = true;
            LockSupport.unpark(worker);
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown();
            List<Runnable> left = new ArrayList<>();
            for (Runnable r; (r = others.poll()) != null; ) left.add(r);
            return left;
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown && !worker.isAlive();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            worker.join(Math.max(1, unit.toMillis(timeout)));
            return !worker.isAlive();
        }
    }
}
