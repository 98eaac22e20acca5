package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import org.bgctl.agents.CborSerializable;

/**
 * One journal entry: the events of one or more consecutive instants, in the order they
 * happened, written atomically. An instant is therefore either wholly in the journal or not
 * at all, and a long replay costs one journal write per group rather than one per event.
 */
public record EventBatch(List<SchedulerEvent> events) implements CborSerializable {

    @JsonCreator
    public EventBatch {
        events = List.copyOf(events);
    }
}
