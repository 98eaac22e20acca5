package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.bgctl.agents.CborSerializable;

/**
 * A fact recorded in the scheduler's journal. The journal is the source of truth of a run:
 * the scheduler's state, the job table and every report are rebuilt from these events alone.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = JobSubmitted.class, name = "submitted"),
        @JsonSubTypes.Type(value = JobStarted.class, name = "started"),
        @JsonSubTypes.Type(value = JobFinished.class, name = "finished"),
        @JsonSubTypes.Type(value = JobKilled.class, name = "killed"),
        @JsonSubTypes.Type(value = BlockBooted.class, name = "block-booted"),
        @JsonSubTypes.Type(value = BootFailed.class, name = "boot-failed"),
        @JsonSubTypes.Type(value = BlockFreed.class, name = "block-freed"),
        @JsonSubTypes.Type(value = JobCancelled.class, name = "cancelled"),
        @JsonSubTypes.Type(value = JobRequeued.class, name = "requeued"),
        @JsonSubTypes.Type(value = ComponentFailed.class, name = "component-failed"),
        @JsonSubTypes.Type(value = ComponentRepaired.class, name = "component-repaired"),
        @JsonSubTypes.Type(value = MigrationAttempted.class, name = "migration-attempted"),
        @JsonSubTypes.Type(value = JobCheckpointed.class, name = "checkpointed"),
        @JsonSubTypes.Type(value = JobMigrated.class, name = "migrated"),
        @JsonSubTypes.Type(value = ContextSwitched.class, name = "context-switched"),
        @JsonSubTypes.Type(value = ReservationPlaced.class, name = "reservation-placed"),
        @JsonSubTypes.Type(value = ReservationCancelled.class, name = "reservation-cancelled")})
public sealed interface SchedulerEvent extends CborSerializable
        permits JobEvent, ComponentEvent, ReservationEvent {

    /** When it happened, in seconds of run time. */
    long time();
}
