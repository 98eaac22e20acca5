package org.bgctl.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a durable replay ends on SIGINT or SIGTERM: a JVM shutdown hook completes {@link #stop()}, which stops the run's
 * clock (no new instant; the journal flushed and closed; summary.json marked interrupted), waits — at most
 * {@value #WAIT_S} s — until the command has said so ({@link #finish}), and ends the process with the command's exit
 * code ({@value #INTERRUPTED} for a run stopped before its end).
 */
final class Interruption implements AutoCloseable {

    /** The exit code of a replay interrupted by a signal. */
    static final int INTERRUPTED = 130;

    private static final long WAIT_S = 60;

    private final CompletableFuture<Void> stop = new CompletableFuture<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private volatile int exitCode = INTERRUPTED;

    private Interruption() {
        hook = new Thread(this::interrupt, "bgctl-interruption");
    }

    /** Installs the hook; {@link #close()} removes it. */
    static Interruption install() {
        Interruption i = new Interruption();
        Runtime.getRuntime().addShutdownHook(i.hook);
        return i;
    }

    /** Completed when the process is asked to stop. */
    CompletionStage<Void> stop() {
        return stop;
    }

    /** The command is done and exits with {@code code}, also when a signal is ending the process. */
    void finish(int code) {
        exitCode = code;
        finished.countDown();
    }

    private void interrupt() {
        stop.complete(null);
        try {
            finished.await(WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(exitCode);
    }

    /** Removes the hook, unless the process is already stopping (the hook then ends it). */
    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running: it ends the process once the command is done
        }
    }
}
