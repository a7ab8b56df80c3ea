package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecisionJsonTest {

  private static DecisionRecord record(String estimator) {
    return record(estimator, Slicing.HASH);
  }

  private static DecisionRecord record(String estimator, Slicing slicing) {
    SyntheticJob job = ControllerScenarioTest.wordcountLike();
    return TraceReplay.run(
        ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), estimator)),
        job.numReducers(),
        slicing,
        job.run());
  }

  private static DecisionRecord oneShot() {
    return record("pikachu");
  }

  @Test
  void roundTripKeepsEveryField() throws IOException {
    for (String estimator : new String[] {"pikachu", "tarazu", "even", "two-stage"}) {
      DecisionRecord r = record(estimator);
      String json = DecisionJson.write(r);
      assertEquals(r, DecisionJson.read(json), json);
    }
  }

  @Test
  void jsonNamesTheFieldsTheReportReads() throws IOException {
    DecisionRecord r = oneShot();
    String json = DecisionJson.write(r);
    for (String field :
        new String[] {
          "\"estimator\"",
          "\"reason\" : \"STABILISED\"",
          "\"tsMs\"",
          "\"twMs\"",
          "\"efficiency\"",
          "\"shuffleRate\"",
          "\"p\"",
          "\"reducerBins\"",
          "\"binsPerReducer\" : 10",
          "\"formatVersion\" : 2",
          "\"versions\"",
          "\"owners\"",
          "\"stage\" : \"FINAL\""
        }) {
      assertTrue(json.contains(field), field + " missing from " + json);
    }
    assertTrue(
        !json.contains("\"allocation\"") && !json.contains("\"counters\""),
        "derived values stay out");
  }

  @Test
  void unknownFieldsFromANewerWriterAreIgnored() throws IOException {
    DecisionRecord r = oneShot();
    String json = DecisionJson.write(r).replaceFirst("\\{", "{ \"futureField\" : 3,");
    assertEquals(r, DecisionJson.read(json));
  }

  @Test
  void formatOneRecordsReadAsOneFinalVersion() throws IOException {
    // format 1 knew contiguous ranges only
    DecisionRecord r = record("pikachu", Slicing.KEY_RANGE);
    com.fasterxml.jackson.databind.ObjectMapper m =
        new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode v1 =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            m.readTree(DecisionJson.write(r)).get("versions").get(0);
    v1.remove(List.of("owners", "version", "stage"));
    v1.put("formatVersion", 1);
    assertEquals(r, DecisionJson.read(m.writeValueAsString(v1)));
  }

  @Test
  void corruptRecordsAreRejectedWithAClearError() {
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read("{ not json"));
    assertTrue(e.getMessage().contains("not a valid Pikachu decision record"), e.getMessage());
  }

  @Test
  void inconsistentBinsAreRejected() throws IOException {
    DecisionRecord r = oneShot();
    String json =
        DecisionJson.write(r).replace("\"binsPerReducer\" : 10", "\"binsPerReducer\" : 11");
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read(json));
    assertTrue(e.getMessage().contains("bin owners"), e.getMessage());
  }

  @Test
  void otherFormatVersionsAreRejected() throws IOException {
    String json =
        DecisionJson.write(oneShot()).replace("\"formatVersion\" : 2", "\"formatVersion\" : 9");
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read(json));
    assertTrue(e.getMessage().contains("format version 9"), e.getMessage());
  }

  @Test
  void resumeRefusesADecisionForAnotherJobShape() throws IOException {
    DecisionRecord r = oneShot();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                JobController.resume(
                    ControllerConfig.defaults(), r.last().numReducers() + 1, Slicing.HASH, r));
    assertTrue(e.getMessage().contains("reducers"), e.getMessage());
  }

  @Test
  void countersAndLogLine() {
    DecisionRecord r = oneShot();
    Decision d = r.last();
    Map<String, Long> c = r.counters();
    assertEquals(1L, c.get("BIN_MAP_VERSIONS"));
    assertEquals(0L, c.get("CORRECTED"));
    assertEquals(1L, c.get("REBALANCED"));
    assertEquals(d.allocation().binsMoved(), c.get("BINS_MOVED").intValue());
    assertEquals(Math.round(d.classes().get(0).p() * 1000), c.get("P_FASTEST_MILLI"));
    assertEquals(d.twMs() - d.firstReducerMs(), c.get("TW_AFTER_FIRST_REDUCER_MS"));
    String line = d.summaryLine();
    assertTrue(
        line.startsWith("Pikachu decision v1 (final): estimator=pikachu reason=STABILISED"), line);
    assertTrue(line.contains("P={fast=") && line.contains("E={fast="), line);
    assertTrue(!line.contains("\n"));
  }
}
