package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;
import org.bgctl.machine.Coordinate;

import java.util.Arrays;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The machine as a torus of allocation units (supernodes), each free, busy with one job, or down. A job holds
 * exactly one box. The machine keeps an {@link Occupancy} snapshot current, for the partition searches.
 * Not thread-safe: one owner changes it.
 */
public final class SupernodeTorus {

    private final TorusShape shape;
    private final UnitState[] states;
    private final TreeMap<Long, Box> allocations;
    private Occupancy occupancy;

    private SupernodeTorus(TorusShape shape, UnitState[] states, TreeMap<Long, Box> allocations, Occupancy occupancy) {
        this.shape = shape;
        this.states = states;
        this.allocations = allocations;
        this.occupancy = occupancy;
    }

    /** A torus of the given shape with every unit free. */
    public static SupernodeTorus empty(TorusShape shape) {
        UnitState[] states = new UnitState[shape.units()];
        Arrays.fill(states, UnitState.FREE);
        return new SupernodeTorus(shape, states, new TreeMap<>(), Occupancy.empty(shape));
    }

    /** The shape of the torus. */
    public TorusShape shape() {
        return shape;
    }

    /** The current free/blocked snapshot. */
    public Occupancy occupancy() {
        return occupancy;
    }

    /** The state of the unit at {@code c}. */
    public UnitState state(Coordinate c) {
        return states[shape.index(c)];
    }

    /** Whether every unit of {@code box} is free. */
    public boolean isFree(Box box) {
        return occupancy.isFree(box);
    }

    /** How many units are free. */
    public int freeUnits() {
        return occupancy.freeUnits();
    }

    /** How many units are busy with jobs. */
    public int busyUnits() {
        return allocations.values().stream().mapToInt(Box::volume).sum();
    }

    /** How many units are down. */
    public int downUnits() {
        return occupancy.blockedUnits() - busyUnits();
    }

    /** The box held by {@code jobId}, normalized, if the job holds one. */
    public Optional<Box> allocationOf(long jobId) {
        return Optional.ofNullable(allocations.get(jobId));
    }

    /** Every job's box, normalized, by ascending job id. */
    public SortedMap<Long, Box> allocations() {
        return Collections.unmodifiableSortedMap(allocations);
    }

    /**
     * Gives every unit of {@code box} to {@code jobId}.
     *
     * @throws IllegalArgumentException if the box does not fit the torus
     * @throws IllegalStateException    if the job already holds a box or a unit of the box is not free
     */
    public void allocate(Box box, long jobId) {
        Box normalized = shape.normalize(box);
        if (allocations.containsKey(jobId))
            throw new IllegalStateException("job " + jobId + " already holds " + allocations.get(jobId));
        if (!occupancy.isFree(normalized))
            throw new IllegalStateException("box " + normalized + " is not free for job " + jobId);
        UnitState busy = new UnitState.Busy(jobId);
        for (int unit : shape.unitsOf(normalized)) states[unit] = busy;
        allocations.put(jobId, normalized);
        occupancy = occupancy.with(normalized);
    }

    /**
     * Frees every unit held by {@code jobId}.
     *
     * @return the box the job held
     * @throws IllegalStateException if the job holds nothing
     */
    public Box release(long jobId) {
        Box box = allocations.remove(jobId);
        if (box == null) throw new IllegalStateException("job " + jobId + " holds no units");
        for (int unit : shape.unitsOf(box)) states[unit] = UnitState.FREE;
        occupancy = occupancy.without(box);
        return box;
    }

    /**
     * Takes the unit at {@code c} out of service. A busy unit must be released first.
     *
     * @throws IllegalStateException if a job holds the unit
     */
    public void markDown(Coordinate c) {
        if (state(c) instanceof UnitState.Busy busy)
            throw new IllegalStateException("unit " + c + " is held by job " + busy.jobId() + "; release it first");
        setUnit(c, UnitState.DOWN);
    }

    /**
     * Returns the down unit at {@code c} to service.
     *
     * @throws IllegalStateException if the unit is not down
     */
    public void repair(Coordinate c) {
        if (!(state(c) instanceof UnitState.Down)) throw new IllegalStateException("unit " + c + " is not down");
        setUnit(c, UnitState.FREE);
    }

    private void setUnit(Coordinate c, UnitState state) {
        states[shape.index(c)] = state;
        Box unit = new Box(c, Shape.UNIT);
        occupancy = state instanceof UnitState.Free ? occupancy.without(unit) : occupancy.with(unit);
    }

    /** An independent copy: changes to either torus do not show in the other. */
    public SupernodeTorus copy() {
        return new SupernodeTorus(shape, states.clone(), new TreeMap<>(allocations), occupancy);
    }
}
