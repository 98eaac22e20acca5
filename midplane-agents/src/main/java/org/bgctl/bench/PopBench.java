package org.bgctl.bench;

import org.bgctl.machine.Shape;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.Placement;
import org.bgctl.machine.torus.PlacementSearch;
import org.bgctl.machine.torus.ProjectionOfPartitions;
import org.bgctl.machine.torus.TorusShape;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

/**
 * Micro-benchmark of the partition searches on the 4x4x8 machine: the median time of one POP search and of
 * choosing the placement of one job, on the machine half full (64 scattered busy units, or random jobs until
 * at least 64 units are busy) and empty. {@code bench/krevat.sh} runs it from the CLI jar; the optional
 * argument is the random seed.
 */
public final class PopBench {

    private static final TorusShape MACHINE = TorusShape.BLUE_GENE_L;
    private static final int SAMPLES = 1001;
    private static final int WARM_UP_PASSES = 3;

    private PopBench() {
    }

    public static void main(String[] args) {
        Random random = new Random(args.length > 0 ? Long.parseLong(args[0]) : 1);
        List<Occupancy> scattered = samples(() -> scatteredHalf(random));
        List<Occupancy> jobs = samples(() -> halfFullOfJobs(random));
        List<Occupancy> empty = samples(() -> Occupancy.empty(MACHINE));
        List<Arrival> arrivals = samples(() -> new Arrival(halfFullOfJobs(random), randomJobSize(random)));
        List<Arrival> onEmpty = samples(() -> new Arrival(Occupancy.empty(MACHINE), randomJobSize(random)));

        ToIntFunction<Occupancy> size = ProjectionOfPartitions::largestFreeSize;
        ToIntFunction<Occupancy> box = o -> ProjectionOfPartitions.largestFreeBox(o).map(Box::volume).orElse(0);
        report("POP size, 64 scattered busy units", medianNanos(scattered, 20, size));
        report("POP size, half full of jobs", medianNanos(jobs, 20, size));
        report("POP box, half full of jobs", medianNanos(jobs, 20, box));
        report("POP box, empty machine", medianNanos(empty, 20, box));
        report("placement of one job (1..32 units), half full of jobs", medianNanos(arrivals, 1, PopBench::place));
        report("placement of one job (1..32 units), empty machine", medianNanos(onEmpty, 1, PopBench::place));
    }

    private static int randomJobSize(Random random) {
        return MACHINE.nextPossibleSize(1 + random.nextInt(32)).orElseThrow();
    }

    private static int place(Arrival arrival) {
        return PlacementSearch.choose(arrival.occupancy(), arrival.size())
                .map(Placement::largestFreeSizeAfter)
                .orElse(0);
    }

    /** A job of {@code size} units arriving at a machine in state {@code occupancy}. */
    private record Arrival(Occupancy occupancy, int size) {
    }

    private static <T> List<T> samples(Supplier<T> sample) {
        return Stream.generate(sample).limit(SAMPLES).toList();
    }

    /** The median over the samples of the mean time of {@code repeats} runs, after warm-up passes. */
    private static <T> double medianNanos(List<T> samples, int repeats, ToIntFunction<T> work) {
        long sink = 0;
        for (int warmUp = 0; warmUp < WARM_UP_PASSES; warmUp++)
            for (T sample : samples) sink += work.applyAsInt(sample);
        double[] times = new double[samples.size()];
        for (int i = 0; i < times.length; i++) {
            long start = System.nanoTime();
            for (int r = 0; r < repeats; r++) sink += work.applyAsInt(samples.get(i));
            times[i] = (System.nanoTime() - start) / (double) repeats;
        }
        if (sink == Long.MIN_VALUE) System.out.println(sink);
        Arrays.sort(times);
        return times[times.length / 2];
    }

    private static void report(String what, double nanos) {
        System.out.printf("%-55s median %9.1f us%n", what, nanos / 1000);
    }

    private static Occupancy scatteredHalf(Random random) {
        Occupancy occupancy = Occupancy.empty(MACHINE);
        while (occupancy.blockedUnits() < MACHINE.units() / 2) {
            int x = random.nextInt(MACHINE.x());
            int y = random.nextInt(MACHINE.y());
            int z = random.nextInt(MACHINE.z());
            occupancy = occupancy.with(Box.of(x, y, z, 1, 1, 1));
        }
        return occupancy;
    }

    private static Occupancy halfFullOfJobs(Random random) {
        Occupancy occupancy = Occupancy.empty(MACHINE);
        while (occupancy.blockedUnits() < MACHINE.units() / 2) {
            int size = MACHINE.nextPossibleSize(1 + random.nextInt(16)).orElseThrow();
            List<Shape> extents = MACHINE.extentsOfVolume(size);
            List<Box> places = MACHINE.placementsOf(extents.get(random.nextInt(extents.size())));
            Box box = places.get(random.nextInt(places.size()));
            if (occupancy.isFree(box)) occupancy = occupancy.with(box);
        }
        return occupancy;
    }
}
