package io.pikachu.core.decision;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Every version of the bin map a job's controller published, in order, each with why: what the AM
 * writes to the job's staging directory (read back by a restarted AM) and to {@code
 * pikachu.decision.dir} (read by the benchmark report).
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code formatVersion}: version of the JSON form ({@link DecisionJson})
 *   <li>{@code versions}: the published versions, oldest first; the last one is in force
 * </ul>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableDecisionRecord.class)
@JsonDeserialize(as = ImmutableDecisionRecord.class)
public abstract class DecisionRecord {

  public static final int FORMAT_VERSION = 2;

  public abstract int formatVersion();

  public abstract List<Decision> versions();

  public static DecisionRecord of(int formatVersion, List<Decision> versions) {
    return ImmutableDecisionRecord.of(formatVersion, versions);
  }

  @Value.Check
  protected void check() {
    List<Decision> versions = versions();
    if (versions.isEmpty()) {
      throw new IllegalArgumentException("a decision record holds at least one version");
    }
    for (int i = 0; i < versions.size(); i++) {
      if (versions.get(i).version() != i + 1) {
        throw new IllegalArgumentException(
            "version " + (i + 1) + " of the record says it is v" + versions.get(i).version());
      }
      if (i < versions.size() - 1 && versions.get(i).isFinal()) {
        throw new IllegalArgumentException("v" + (i + 1) + " is final but is not the last");
      }
    }
  }

  public static DecisionRecord of(List<Decision> versions) {
    return of(FORMAT_VERSION, versions);
  }

  /** The version in force. */
  @JsonIgnore
  public Decision last() {
    return versions().get(versions().size() - 1);
  }

  @JsonIgnore
  public boolean isFinal() {
    return last().isFinal();
  }

  /** The version published at reducer placement by the two-stage controller, if any. */
  @JsonIgnore
  public Optional<Decision> provisional() {
    return versions().stream().filter(d -> d.stage() == DecisionStage.PROVISIONAL).findFirst();
  }

  /** This record with one more note on the version in force. */
  public DecisionRecord withNoteOnLast(String note) {
    List<Decision> all = new ArrayList<>(versions());
    all.set(all.size() - 1, last().withNote(note));
    return of(formatVersion(), all);
  }

  /** This record with one more version. */
  public DecisionRecord with(Decision next) {
    List<Decision> all = new ArrayList<>(versions());
    all.add(next);
    return of(formatVersion(), all);
  }

  /**
   * Values for the job's counters, from the version in force, plus how many versions were published
   * and whether the measurement corrected the provisional map.
   */
  public Map<String, Long> counters() {
    Map<String, Long> c = new LinkedHashMap<>(last().counters());
    c.put("BIN_MAP_VERSIONS", (long) versions().size());
    c.put("CORRECTED", last().stage() == DecisionStage.CORRECTED ? 1L : 0L);
    provisional()
        .ifPresent(
            p -> c.put("PROVISIONAL_AFTER_FIRST_REDUCER_MS", p.decidedAtMs() - p.firstReducerMs()));
    return c;
  }
}
