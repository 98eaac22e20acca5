package org.bgctl.cluster;

import akka.actor.typed.ActorRef;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeClaim;

/**
 * Values of any message type, built from the type alone: a record from values of its components, a sealed
 * interface as one of its permitted types (variant by variant, so every one is used), collections of a few
 * elements, numbers, strings, enums, actor references. A record whose constructor rejects the values drawn is
 * drawn again; a type it cannot build fails with {@link NoSample}, naming the type and where it was needed — so
 * a new message type is never skipped in silence.
 */
final class SampleValues {

    /** A type the factory cannot build. */
    static final class NoSample extends RuntimeException {
        NoSample(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final int ATTEMPTS = 200;

    /** Types whose constructors tie components together, built by hand. */
    private final Map<Class<?>, Function<Random, Object>> byHand = Map.of(NodeClaim.class, this::nodeClaim);

    private final Random random;
    private final ActorRef<?> ref;
    private int variant;

    /** @param ref the actor reference every {@code ActorRef} component gets */
    SampleValues(long seed, ActorRef<?> ref) {
        this.random = new Random(seed);
        this.ref = ref;
    }

    /** A value of record {@code type}, the {@code variant}-th way (variants pick sealed subtypes and list sizes). */
    Object record(Class<?> type, int variant) {
        this.variant = variant;
        return value(type, type.getName());
    }

    private Object value(Type type, String where) {
        if (type instanceof ParameterizedType p) return parameterized(p, where);
        if (!(type instanceof Class<?> c)) throw new NoSample("no sample of type " + type + " (in " + where + ")", null);
        if (c == long.class || c == Long.class) return number(1_000_000L);
        if (c == int.class || c == Integer.class) return (int) number(1_000);
        if (c == short.class || c == Short.class) return (short) number(100);
        if (c == boolean.class || c == Boolean.class) return random.nextBoolean();
        if (c == double.class || c == Double.class) return random.nextInt(3) == 0 ? 0.0 : random.nextDouble();
        if (c == String.class) return "s" + random.nextInt(1000);
        if (c.isEnum()) return c.getEnumConstants()[random.nextInt(c.getEnumConstants().length)];
        Function<Random, Object> hand = byHand.get(c);
        if (hand != null) return hand.apply(random);
        if (c.isRecord()) return newRecord(c, where);
        if (c.isSealed()) {
            Class<?>[] permitted = c.getPermittedSubclasses();
            return value(permitted[Math.floorMod(variant + random.nextInt(permitted.length), permitted.length)], where);
        }
        throw new NoSample("no sample of " + c.getName() + " (in " + where + "): teach " + SampleValues.class.getSimpleName()
                + " to build it", null);
    }

    /** A non-negative number below {@code bound}, zero a quarter of the time. */
    private long number(long bound) {
        return random.nextInt(4) == 0 ? 0 : 1 + (long) (random.nextDouble() * (bound - 1));
    }

    private Object parameterized(ParameterizedType p, String where) {
        Class<?> raw = (Class<?>) p.getRawType();
        Type[] args = p.getActualTypeArguments();
        if (ActorRef.class.isAssignableFrom(raw)) return ref;
        int size = 1 + Math.floorMod(variant, 3);
        if (SortedMap.class.isAssignableFrom(raw) || raw == Map.class) {
            TreeMap<Object, Object> map = new TreeMap<>();
            for (int i = 0; i < size; i++) map.put(value(args[0], where + " key"), value(args[1], where + " value"));
            return map;
        }
        if (SortedSet.class.isAssignableFrom(raw) || raw == Set.class) {
            TreeSet<Object> set = new TreeSet<>();
            for (int i = 0; i < size; i++) set.add(value(args[0], where + " element"));
            return set;
        }
        if (raw == List.class || raw == Collection.class) {
            List<Object> list = new ArrayList<>();
            for (int i = 0; i < size; i++) list.add(value(args[0], where + " element"));
            return list;
        }
        return value(raw, where);
    }

    private Object newRecord(Class<?> c, String where) {
        RecordComponent[] components = c.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) types[i] = components[i].getType();
        Constructor<?> canonical;
        try {
            canonical = c.getDeclaredConstructor(types);
            canonical.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new NoSample("record " + c.getName() + " has no canonical constructor", e);
        }
        Throwable last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++)
                values[i] = value(components[i].getGenericType(), c.getSimpleName() + "." + components[i].getName());
            try {
                return canonical.newInstance(values);
            } catch (InvocationTargetException e) {
                last = e.getCause();
            } catch (ReflectiveOperationException e) {
                throw new NoSample("cannot call the constructor of " + c.getName(), e);
            }
        }
        throw new NoSample("every value drawn for " + c.getName() + " (in " + where + ") was rejected", last);
    }

    /** A claim of nodes either counted or placed as blocks that add up to them. */
    private Object nodeClaim(Random r) {
        String unit = "ns-" + r.nextInt(8);
        int blocks = Math.floorMod(variant, 3);
        if (blocks == 0) return new NodeClaim(unit, 1 + r.nextInt(64));
        List<Block> placed = new ArrayList<>();
        int nodes = 0;
        for (int i = 0; i < blocks; i++) {
            Block b = new Block(8 * i, r.nextInt(4), 1 + r.nextInt(8), 1 + r.nextInt(4));
            placed.add(b);
            nodes += b.nodes();
        }
        return new NodeClaim(unit, nodes, placed, blocks == 1 && r.nextBoolean());
    }
}
