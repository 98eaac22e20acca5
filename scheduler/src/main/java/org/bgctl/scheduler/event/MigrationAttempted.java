package org.bgctl.scheduler.event;

/**
 * A migration was attempted because the queue's head job {@code jobId} could not start: the running
 * jobs were reassigned on an empty torus. It is performed (its {@link JobCheckpointed} and
 * {@link JobMigrated} events follow) only when it makes the largest free partition larger and every
 * agent agreed; otherwise nothing moved.
 *
 * @param largestFreeBefore units in the largest free partition before the migration
 * @param largestFreeAfter  units in the largest free partition the reassignment would leave
 * @param performed         whether the jobs moved: a successful migration (Krevat et al. 2002, §3.4)
 */
public record MigrationAttempted(long jobId, long time, int largestFreeBefore, int largestFreeAfter,
                                 boolean performed) implements SchedulerEvent {
}
