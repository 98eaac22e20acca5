package org.bgctl.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a replay or a sweep ends on SIGINT or SIGTERM: a JVM shutdown hook completes {@link #stop()}, which stops the
 * run's clock (no new instant; the journal flushed and closed; summary.json marked interrupted), or has the sweep say
 * how many runs it finished, waits — at most {@value #WAIT_S} s — until the command has said so ({@link #finish}), and
 * ends the process with the command's exit code ({@value #INTERRUPTED} for a run stopped before its end).
 * {@code bgctl replay} and {@code bgctl sweep} install it first thing ({@link #installForProcess}), before the command
 * line is parsed, so that a signal at any point after the JVM started its main method ends the command the same way:
 * a run not started yet stops at its first instant.
 */
final class Interruption implements AutoCloseable {

    /** The exit code of a replay interrupted by a signal. */
    static final int INTERRUPTED = 130;

    private static final long WAIT_S = 60;

    private final CompletableFuture<Void> stop = new CompletableFuture<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private volatile int exitCode = INTERRUPTED;
    /** The one installed for the whole process, which {@link #end} ends and the command's {@link #close} leaves. */
    private static volatile Interruption process;
    private boolean forProcess;

    private Interruption() {
        hook = new Thread(this::interrupt, "bgctl-interruption");
    }

    /**
     * Installs the hook for the whole process, before its command line is parsed: {@link #install} answers it, and
     * {@link #end} ends it with the exit code of the command, whatever it was (bad input too).
     */
    static Interruption installForProcess() {
        Interruption i = install();
        i.forProcess = true;
        process = i;
        return i;
    }

    /** Installs the hook, or answers the one installed for the process; {@link #close()} removes it. */
    static Interruption install() {
        if (process != null) return process;
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

    /** The process is done and exits with {@code code}: {@link #finish}, and the hook removed. */
    void end(int code) {
        exitCode = code;
        forProcess = false;
        close();
    }

    /**
     * Removes the hook, unless the process is already stopping (the hook then ends it); the one installed for the
     * process stays until {@link #end}.
     */
    @Override
    public void close() {
        if (forProcess) return;
        finished.countDown();
        removeHook(hook);
    }

    /**
     * Removes the shutdown hook {@code hook} (this one's, or the stop hook of serve or node), unless a signal is
     * already stopping the process: the hook then runs, and says how the command ended.
     */
    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs
        }
    }
}
