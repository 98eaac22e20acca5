package org.bgctl.live;

import akka.NotUsed;
import akka.actor.typed.ActorSystem;
import akka.japi.Pair;
import akka.stream.BoundedSourceQueue;
import akka.stream.javadsl.BroadcastHub;
import akka.stream.javadsl.Keep;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import org.bgctl.scheduler.event.SchedulerEvent;

/** The scheduler's events as a live view receives them, for any number of subscribers (the API's event stream). */
final class EventHub {

    private EventHub() {
    }

    /**
     * A broadcast hub that {@code view} feeds with every event it receives from now on. One subscriber always drains
     * it, so the view never waits for a slow client: a client that falls behind misses events.
     */
    static Source<SchedulerEvent, NotUsed> fedBy(LiveView view, ActorSystem<?> system) {
        Pair<BoundedSourceQueue<SchedulerEvent>, Source<SchedulerEvent, NotUsed>> hub =
                Source.<SchedulerEvent>queue(4096)
                        .toMat(BroadcastHub.of(SchedulerEvent.class, 256), Keep.both())
                        .run(system);
        hub.second().runWith(Sink.ignore(), system);
        view.listen(hub.first()::offer);
        return hub.second();
    }
}
