package io.pikachu.scheduler.decision.estimate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * D3 and D3' (equation 2.1 generalised to k classes):
 * <pre>  P_c = (S_c / E_c) / (S_ref / E_ref)</pre>
 * where S is a class's shuffle rate over the decision window and E its CPU efficiency (1 for a class that did not
 * catch up, or always 1 for D3). The reference is the class with the slowest nodes among the classes that host
 * reducers with a measured shuffle rate. With two classes, the fast one caught up and the slow one overloaded,
 * this is exactly P = S_fa / S_sl * 1 / E_fa.
 */
public final class ShuffleRateEstimator implements PartitionRatioEstimator {

    private final boolean useEfficiency;
    private final String label;

    private ShuffleRateEstimator(boolean useEfficiency, String label) {
        this.useEfficiency = useEfficiency;
        this.label = label;
    }

    /** D3: observed shuffle rates only. */
    public static ShuffleRateEstimator observedRates() {
        return new ShuffleRateEstimator(false, "shuffle-rate");
    }

    /** D3': shuffle rates corrected by CPU efficiency. */
    public static ShuffleRateEstimator pikachu() {
        return new ShuffleRateEstimator(true, "pikachu");
    }

    @Override
    public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
        List<ClassMeasurement> measured = classes.stream()
                .filter(c -> c.hasReducers() && c.shuffleRate() != null).toList();
        if (useEfficiency && measured.size() > 1 && measured.stream().allMatch(ClassMeasurement::caughtUp)) {
            // Equation 2.1 compares a class that kept up with the maps against one that could not. When every class
            // kept up, every shuffle rate measures the map completions, not what the reducers could take.
            notes.add(label + ": every class's reducers kept up with the completed maps, so the shuffle rates measure "
                    + "the maps, not the reducers; no basis for P other than 1");
            Map<String, Double> even = new LinkedHashMap<>();
            measured.forEach(c -> even.put(c.name(), 1.0));
            ClassMeasurement slowest = null;
            for (ClassMeasurement c : measured) {
                slowest = slower(c, slowest) ? c : slowest;
            }
            return new Ratios(slowest.name(), even);
        }
        ClassMeasurement reference = null;
        for (ClassMeasurement c : classes) {
            if (c.hasReducers() && potential(c) != null && potential(c) > 0 && slower(c, reference)) {
                reference = c;
            }
        }
        Map<String, Double> p = new LinkedHashMap<>();
        if (reference == null) {
            notes.add(label + ": no class has reducers with a measured shuffle rate");
            return new Ratios("", p);
        }
        double ref = potential(reference);
        for (ClassMeasurement c : classes) {
            Double pot = potential(c);
            if (pot != null) {
                double ratio = pot / ref;
                if (useEfficiency && ratio < 1 && c.caughtUp() && !reference.caughtUp()) {
                    // A class that kept pace copies at the rate the maps complete; a class that lags can copy
                    // faster than that only while it drains a backlog from a late start, which measures neither
                    // class's capacity. An overloaded reference falls behind instead and cannot outpace it.
                    notes.add(label + ": class '" + c.name() + "' kept up with the maps while '" + reference.name()
                            + "' lagged yet copied faster (" + String.format(Locale.ROOT, "%.3f", ratio)
                            + "), so '" + reference.name() + "' was draining a late start: P = 1 for '" + c.name()
                            + "'");
                    ratio = 1.0;
                }
                p.put(c.name(), ratio);
            } else if (c.hasReducers()) {
                notes.add(label + ": class '" + c.name() + "' has reducers but no measured shuffle rate");
            }
        }
        return new Ratios(reference.name(), p);
    }

    private Double potential(ClassMeasurement c) {
        return useEfficiency ? c.potentialRate() : c.shuffleRate();
    }

    /** Slower nodes first; among classes of unknown node speed, the lower potential rate. */
    private boolean slower(ClassMeasurement c, ClassMeasurement current) {
        if (current == null) {
            return true;
        }
        if (c.speed() != null && current.speed() != null) {
            return c.slowerThan(current);
        }
        if (c.speed() != null || current.speed() != null) {
            return c.speed() != null;
        }
        return potential(c) < potential(current);
    }
}
