package io.pikachu.store;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.pikachu.core.profile.NodeProfile;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One compaction of the node profile ({@code base-g<generation>.json}): the profile of every job
 * file it folded, and the names of those files that were still there when it was written, so that a
 * reader never folds one twice, whatever the files' times say.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
final class ProfileBase {
  static final int FORMAT_VERSION = 1;

  private final int formatVersion;
  private final NodeProfile profile;
  private final List<String> folded;
  private final long compactedMs;

  @JsonCreator
  ProfileBase(
      @JsonProperty("formatVersion") int formatVersion,
      @JsonProperty("profile") NodeProfile profile,
      @JsonProperty("folded") List<String> folded,
      @JsonProperty("compactedMs") long compactedMs) {
    this.formatVersion = formatVersion;
    this.profile = Objects.requireNonNull(profile, "a profile base without a profile");
    this.folded =
        folded == null ? Collections.<String>emptyList() : Collections.unmodifiableList(folded);
    this.compactedMs = compactedMs;
  }

  static ProfileBase of(NodeProfile profile, Collection<String> folded, long compactedMs) {
    List<String> names = new ArrayList<>(folded);
    Collections.sort(names);
    return new ProfileBase(FORMAT_VERSION, profile, names, compactedMs);
  }

  @JsonProperty
  int formatVersion() {
    return formatVersion;
  }

  @JsonProperty
  NodeProfile profile() {
    return profile;
  }

  /** The job files this base holds that were still present when it was written. */
  @JsonProperty
  List<String> folded() {
    return folded;
  }

  /** When it was written, by the compacting AM's clock: for people only. */
  @JsonProperty
  long compactedMs() {
    return compactedMs;
  }
}
