package org.bgctl.journal;

import akka.dispatch.Futures;
import akka.persistence.SelectedSnapshot;
import akka.persistence.SnapshotMetadata;
import akka.persistence.SnapshotSelectionCriteria;
import akka.persistence.snapshot.japi.SnapshotStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import scala.concurrent.Future;

/**
 * The snapshot store of the memory journal: snapshots live as long as the actor system, as the memory journal's
 * events do, so a scheduler started again in the same system recovers from its latest snapshot. Akka has an
 * in-memory journal but no in-memory snapshot store.
 */
public final class InmemSnapshotStore extends SnapshotStore {

    /** The plugin's configuration path; reference.conf names this class there. */
    public static final String PLUGIN = "bgctl.inmem-snapshot-store";

    /** By persistence id (looked up only), the snapshots by sequence number. */
    private final Map<String, TreeMap<Long, SelectedSnapshot>> snapshots = new HashMap<>();

    @Override
    public Future<Optional<SelectedSnapshot>> doLoadAsync(String persistenceId, SnapshotSelectionCriteria criteria) {
        Optional<SelectedSnapshot> latest = Optional.empty();
        for (SelectedSnapshot s : of(persistenceId).descendingMap().values()) {
            if (criteria.matches(s.metadata())) {
                latest = Optional.of(s);
                break;
            }
        }
        return Futures.successful(latest);
    }

    @Override
    public Future<Void> doSaveAsync(SnapshotMetadata metadata, Object snapshot) {
        of(metadata.persistenceId()).put(metadata.sequenceNr(), SelectedSnapshot.create(metadata, snapshot));
        return Futures.successful(null);
    }

    @Override
    public Future<Void> doDeleteAsync(SnapshotMetadata metadata) {
        of(metadata.persistenceId()).remove(metadata.sequenceNr());
        return Futures.successful(null);
    }

    @Override
    public Future<Void> doDeleteAsync(String persistenceId, SnapshotSelectionCriteria criteria) {
        of(persistenceId).values().removeIf(s -> criteria.matches(s.metadata()));
        return Futures.successful(null);
    }

    private TreeMap<Long, SelectedSnapshot> of(String persistenceId) {
        return snapshots.computeIfAbsent(persistenceId, id -> new TreeMap<>());
    }
}
