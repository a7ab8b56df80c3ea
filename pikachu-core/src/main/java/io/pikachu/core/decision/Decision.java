package io.pikachu.core.decision;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.WideValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.immutables.value.Value;

/**
 * One published version of a job's bin map, with everything needed to explain it. A job's {@link
 * DecisionRecord} holds every version it published, written as JSON (see {@link DecisionJson}) so
 * the benchmark report can read it and a restarted AM keeps it.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code estimator}: the estimator's configuration value
 *   <li>{@code reason}: why the decision was taken when it was
 *   <li>{@code decidedAtMs}: when it was taken
 *   <li>{@code firstReducerMs}: T_1, start of the first reducer
 *   <li>{@code tsMs}: T_s, or null if not observed
 *   <li>{@code twMs}: T_w, or null if not observed
 *   <li>{@code windowStartMs}: start of the measurement window, or null (estimators that measure no
 *       shuffle)
 *   <li>{@code windowEndMs}: end of the measurement window, or null
 *   <li>{@code waveMaps}: maps per wave used for T_w
 *   <li>{@code mapsCompleted}: maps completed when deciding
 *   <li>{@code totalMaps}: maps of the job
 *   <li>{@code binsPerReducer}: b
 *   <li>{@code deadband}: the configured dead band
 *   <li>{@code rebalanced}: false when the bin map is the even one (dead band, single class, even
 *       estimator)
 *   <li>{@code referenceClass}: the class whose P is 1
 *   <li>{@code classes}: per-class measurements and ratios, fastest node class first
 *   <li>{@code reducerClasses}: class of each reducer's node, or "unplaced" for a reducer not
 *       started yet
 *   <li>{@code reducerBins}: bins of each reducer
 *   <li>{@code owners}: the owner of every bin, as runs {@code reducer*bins} in bin order ({@link
 *       BinAllocation#ownerRuns()})
 *   <li>{@code version}: the bin map version this decision published
 *   <li>{@code stage}: what this version is: provisional, or final (and then how it came about)
 *   <li>{@code notes}: fallbacks and surprises, in words
 *   <li>{@code rules}: the named rules that decided, in the order they fired: first the trigger
 *       that chose the moment, then the estimator's, then the bin map's (docs/controller.md
 *       describes each)
 * </ul>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@WideValueType
@Value.Immutable
@JsonSerialize(as = ImmutableDecision.class)
@JsonDeserialize(as = ImmutableDecision.class)
public abstract class Decision {

  public static final String UNPLACED = "unplaced";

  public abstract String estimator();

  public abstract DecisionReason reason();

  public abstract long decidedAtMs();

  public abstract long firstReducerMs();

  @Nullable
  public abstract Long tsMs();

  @Nullable
  public abstract Long twMs();

  @Nullable
  public abstract Long windowStartMs();

  @Nullable
  public abstract Long windowEndMs();

  public abstract int waveMaps();

  public abstract int mapsCompleted();

  public abstract int totalMaps();

  public abstract int binsPerReducer();

  public abstract double deadband();

  public abstract boolean rebalanced();

  public abstract String referenceClass();

  public abstract List<ClassMeasurement> classes();

  public abstract List<String> reducerClasses();

  public abstract List<Integer> reducerBins();

  public abstract String owners();

  public abstract long version();

  public abstract DecisionStage stage();

  public abstract List<String> notes();

  /** Empty in records written before rules were named. */
  public abstract List<String> rules();

  /** A decision built field by field. */
  public static ImmutableDecision.Builder builder() {
    return ImmutableDecision.builder();
  }

  @Value.Check
  protected void check() {
    int binsPerReducer = binsPerReducer();
    List<String> reducerClasses = reducerClasses();
    List<Integer> reducerBins = reducerBins();
    String owners = owners();
    if (reducerClasses.size() != reducerBins.size()) {
      throw new IllegalArgumentException(
          "decision names classes for "
              + reducerClasses.size()
              + " reducers but bins for "
              + reducerBins.size());
    }
    BinAllocation a = BinAllocation.fromRuns(owners); // validates every bin's owner
    if (!a.counts().equals(reducerBins) || a.binsPerReducer() != binsPerReducer) {
      throw new IllegalArgumentException(
          "bin owners " + owners + " do not give the counts " + reducerBins);
    }
  }

  public int numReducers() {
    return reducerBins().size();
  }

  public BinAllocation allocation() {
    return BinAllocation.fromRuns(owners());
  }

  /** Whether this version is the job's final bin map. */
  public boolean isFinal() {
    return stage() != DecisionStage.PROVISIONAL;
  }

  /** This decision with one more note (for what happened when it was published). */
  public Decision withNote(String note) {
    List<String> more = new ArrayList<>(notes());
    more.add(note);
    return ImmutableDecision.builder().from(this).notes(more).build();
  }

  /** The fastest node class (first in {@link #classes()}), if any. */
  public Optional<ClassMeasurement> fastestClass() {
    return classes().isEmpty() ? Optional.empty() : Optional.of(classes().get(0));
  }

  /** Values for the job's counters: whole numbers, ratios in thousandths, times relative to T_1. */
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("REBALANCED", rebalanced() ? 1L : 0L);
    c.put("BINS_MOVED", (long) allocation().binsMoved());
    c.put("NODE_CLASSES", (long) classes().size());
    fastestClass()
        .map(ClassMeasurement::p)
        .ifPresent(p -> c.put("P_FASTEST_MILLI", Math.round(p * 1000)));
    fastestClass()
        .map(ClassMeasurement::efficiency)
        .ifPresent(e -> c.put("E_FASTEST_MILLI", Math.round(e * 1000)));
    if (tsMs() != null) {
      c.put("TS_AFTER_FIRST_REDUCER_MS", tsMs() - firstReducerMs());
    }
    if (twMs() != null) {
      c.put("TW_AFTER_FIRST_REDUCER_MS", twMs() - firstReducerMs());
    }
    c.put("DECIDED_AFTER_FIRST_REDUCER_MS", decidedAtMs() - firstReducerMs());
    return c;
  }

  /** One line for the AM log. */
  public String summaryLine() {
    StringBuilder b =
        new StringBuilder("Pikachu decision v")
            .append(version())
            .append(" (")
            .append(stage().name().toLowerCase(Locale.ROOT))
            .append("): estimator=")
            .append(estimator())
            .append(" reason=")
            .append(reason())
            .append(" rebalanced=")
            .append(rebalanced())
            .append(" reducers=")
            .append(numReducers())
            .append(" binsPerReducer=")
            .append(binsPerReducer())
            .append(" Ts=")
            .append(relative(tsMs()))
            .append(" Tw=")
            .append(relative(twMs()))
            .append(" wave=")
            .append(waveMaps())
            .append(" maps=")
            .append(mapsCompleted())
            .append('/')
            .append(totalMaps())
            .append(" ref=")
            .append(referenceClass());
    b.append(" P={").append(perClass(ClassMeasurement::p)).append('}');
    b.append(" E={").append(perClass(ClassMeasurement::efficiency)).append('}');
    b.append(" S={").append(perClass(ClassMeasurement::shuffleRate)).append('}');
    b.append(" bins=").append(reducerBins());
    if (!allocation().isContiguous()) {
      b.append(" owners=").append(owners());
    }
    b.append(" rules=").append(rules());
    if (!notes().isEmpty()) {
      b.append(" notes=").append(notes());
    }
    return b.toString();
  }

  private String relative(Long t) {
    return t == null
        ? "none"
        : String.format(Locale.ROOT, "+%.1fs", (t - firstReducerMs()) / 1000.0);
  }

  private String perClass(java.util.function.Function<ClassMeasurement, Double> value) {
    return classes().stream()
        .filter(c -> value.apply(c) != null)
        .map(c -> String.format(Locale.ROOT, "%s=%.3f", c.name(), value.apply(c)))
        .collect(Collectors.joining(", "));
  }
}
