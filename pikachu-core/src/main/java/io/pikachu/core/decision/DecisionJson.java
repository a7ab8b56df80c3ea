package io.pikachu.core.decision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;

/** The decision record's JSON form: what the adapter publishes and a restarted AM reads back. */
public final class DecisionJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private DecisionJson() {}

  public static String write(Decision decision) {
    try {
      return MAPPER.writeValueAsString(decision);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write decision as JSON", e);
    }
  }

  /**
   * @throws IOException if the text is not a decision record of a version this code reads
   */
  public static Decision read(String json) throws IOException {
    Decision d;
    try {
      d = MAPPER.readValue(json, Decision.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IOException("not a valid Pikachu decision record: " + e.getMessage(), e);
    }
    if (d.formatVersion() != Decision.FORMAT_VERSION) {
      throw new IOException(
          "Pikachu decision record has format version "
              + d.formatVersion()
              + "; this version reads "
              + Decision.FORMAT_VERSION);
    }
    return d;
  }
}
