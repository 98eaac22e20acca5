package org.bgctl.faults;

/** The logarithm of the gamma function, for the mean of a Weibull distribution. */
final class Gamma {

    private static final double[] LANCZOS = {
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7};

    private Gamma() {
    }

    /** ln Γ(x) for x > 0 (Lanczos approximation, g = 7; relative error below 1e-13). */
    static double logGamma(double x) {
        if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
        double z = x - 1;
        double sum = LANCZOS[0];
        double t = z + 7.5;
        for (int i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
