package io.pikachu.core.decision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pikachu.core.binmap.BinAllocation;
import java.io.IOException;
import java.util.Collections;

/**
 * The decision record's JSON form: what the adapter publishes and a restarted AM reads back. Format
 * 2 is {@code {"formatVersion": 2, "versions": [ ... ]}}; format 1, one decision with its fields at
 * the top level and contiguous bins, still reads, as a record of one final version.
 */
public final class DecisionJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private DecisionJson() {}

  public static String write(DecisionRecord record) {
    try {
      return MAPPER.writeValueAsString(record);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write decision record as JSON", e);
    }
  }

  /**
   * @throws IOException if the text is not a decision record of a version this code reads
   */
  public static DecisionRecord read(String json) throws IOException {
    try {
      JsonNode tree = MAPPER.readTree(json);
      int version = tree == null ? -1 : tree.path("formatVersion").asInt(-1);
      if (version == 1) {
        return DecisionRecord.of(Collections.singletonList(fromFormatOne((ObjectNode) tree)));
      }
      if (version != DecisionRecord.FORMAT_VERSION) {
        throw new IOException(
            "Pikachu decision record has format version "
                + version
                + "; this version reads 1 and "
                + DecisionRecord.FORMAT_VERSION);
      }
      return MAPPER.treeToValue(tree, DecisionRecord.class);
    } catch (JsonProcessingException | IllegalArgumentException | ClassCastException e) {
      throw new IOException("not a valid Pikachu decision record: " + e.getMessage(), e);
    }
  }

  /** A format-1 record: one final decision whose reducers own contiguous ranges. */
  private static Decision fromFormatOne(ObjectNode tree) throws JsonProcessingException {
    int binsPerReducer = tree.path("binsPerReducer").asInt();
    int[] counts = MAPPER.treeToValue(tree.path("reducerBins"), int[].class);
    tree.put("owners", BinAllocation.of(binsPerReducer, counts).ownerRuns());
    tree.put("version", 1);
    tree.put("stage", DecisionStage.FINAL.name());
    return MAPPER.treeToValue(tree, Decision.class);
  }
}
