package org.bgctl.faults;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A distribution of durations in seconds: {@code exponential(mean)} or {@code weibull(shape, scale)}.
 */
public sealed interface Distribution {

    /** One duration drawn with {@code random}, in seconds (a real number above 0). */
    double sample(SplittableRandom random);

    /** The mean, in seconds. */
    double mean();

    /** As written in a fault model, e.g. {@code exponential(3600)}. */
    String text();

    /** The exponential distribution of mean {@code mean} seconds. */
    record Exponential(double mean) implements Distribution {
        public Exponential {
            if (!(mean > 0) || !Double.isFinite(mean))
                throw new IllegalArgumentException("exponential: the mean must be a positive number of seconds, was " + mean);
        }

        @Override
        public double sample(SplittableRandom random) {
            return -mean * Math.log(1 - random.nextDouble());
        }

        @Override
        public String text() {
            return "exponential(" + number(mean) + ")";
        }
    }

    /** The Weibull distribution of shape k and scale λ seconds: P(X > x) = exp(-(x/λ)^k). */
    record Weibull(double shape, double scale) implements Distribution {
        public Weibull {
            if (!(shape > 0) || !Double.isFinite(shape))
                throw new IllegalArgumentException("weibull: the shape must be a positive number, was " + shape);
            if (!(scale > 0) || !Double.isFinite(scale))
                throw new IllegalArgumentException("weibull: the scale must be a positive number of seconds, was " + scale);
        }

        @Override
        public double sample(SplittableRandom random) {
            return scale * Math.pow(-Math.log(1 - random.nextDouble()), 1 / shape);
        }

        @Override
        public double mean() {
            return scale * Math.exp(Gamma.logGamma(1 + 1 / shape));
        }

        @Override
        public String text() {
            return "weibull(" + number(shape) + ", " + number(scale) + ")";
        }
    }

    Pattern FORM = Pattern.compile("\\s*([a-z]+)\\s*\\(([^)]*)\\)\\s*");

    /**
     * The distribution written {@code text}: {@code exponential(MEAN)} or {@code weibull(SHAPE, SCALE)},
     * in seconds.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static Distribution parse(String text) {
        Matcher m = FORM.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches())
            throw new IllegalArgumentException("'" + text + "' is not a distribution; write exponential(MEAN) or"
                    + " weibull(SHAPE, SCALE), in seconds");
        String[] args = m.group(2).split(",", -1);
        double[] values = new double[args.length];
        for (int i = 0; i < args.length; i++) {
            try {
                values[i] = Double.parseDouble(args[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': '" + args[i].trim() + "' is not a number");
            }
        }
        return switch (m.group(1)) {
            case "exponential" -> {
                if (values.length != 1) throw new IllegalArgumentException("'" + text + "': exponential takes one number, the mean");
                yield new Exponential(values[0]);
            }
            case "weibull" -> {
                if (values.length != 2)
                    throw new IllegalArgumentException("'" + text + "': weibull takes two numbers, the shape and the scale");
                yield new Weibull(values[0], values[1]);
            }
            default -> throw new IllegalArgumentException("'" + text + "': unknown distribution '" + m.group(1)
                    + "'; known: exponential, weibull");
        };
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
