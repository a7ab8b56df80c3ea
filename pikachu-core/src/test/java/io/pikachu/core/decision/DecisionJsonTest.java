package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecisionJsonTest {

  @Test
  void roundTripKeepsEveryField() throws IOException {
    for (String estimator : new String[] {"pikachu", "tarazu", "even"}) {
      Decision d =
          Replay.run(
              Map.of(PikachuKeys.ESTIMATOR.name(), estimator),
              ControllerScenarioTest.wordcountLike());
      String json = DecisionJson.write(d);
      assertEquals(d, DecisionJson.read(json), json);
    }
  }

  @Test
  void jsonNamesTheFieldsTheReportReads() throws IOException {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    String json = DecisionJson.write(d);
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
          "\"binsPerReducer\" : 10"
        }) {
      assertTrue(json.contains(field), field + " missing from " + json);
    }
    assertTrue(
        !json.contains("\"allocation\"") && !json.contains("\"counters\""),
        "derived values stay out");
  }

  @Test
  void unknownFieldsFromANewerWriterAreIgnored() throws IOException {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    String json = DecisionJson.write(d).replaceFirst("\\{", "{ \"futureField\" : 3,");
    assertEquals(d, DecisionJson.read(json));
  }

  @Test
  void corruptRecordsAreRejectedWithAClearError() {
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read("{ not json"));
    assertTrue(e.getMessage().contains("not a valid Pikachu decision record"), e.getMessage());
  }

  @Test
  void inconsistentBinsAreRejected() throws IOException {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    String json =
        DecisionJson.write(d).replace("\"binsPerReducer\" : 10", "\"binsPerReducer\" : 11");
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read(json));
    assertTrue(e.getMessage().contains("sum to"), e.getMessage());
  }

  @Test
  void otherFormatVersionsAreRejected() throws IOException {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    String json = DecisionJson.write(d).replace("\"formatVersion\" : 1", "\"formatVersion\" : 9");
    IOException e = assertThrows(IOException.class, () -> DecisionJson.read(json));
    assertTrue(e.getMessage().contains("format version 9"), e.getMessage());
  }

  @Test
  void resumeRefusesADecisionForAnotherJobShape() throws IOException {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> JobController.resume(ControllerConfig.defaults(), d.numReducers() + 1, d));
    assertTrue(e.getMessage().contains("reducers"), e.getMessage());
  }

  @Test
  void countersAndLogLine() {
    Decision d = Replay.run(Map.of(), ControllerScenarioTest.wordcountLike());
    Map<String, Long> c = d.counters();
    assertEquals(1L, c.get("REBALANCED"));
    assertEquals(d.allocation().binsMoved(), c.get("BINS_MOVED").intValue());
    assertEquals(Math.round(d.classes().get(0).p() * 1000), c.get("P_FASTEST_MILLI"));
    assertEquals(d.twMs() - d.firstReducerMs(), c.get("TW_AFTER_FIRST_REDUCER_MS"));
    String line = d.summaryLine();
    assertTrue(line.startsWith("Pikachu decision: estimator=pikachu reason=STABILISED"), line);
    assertTrue(line.contains("P={fast=") && line.contains("E={fast="), line);
    assertTrue(!line.contains("\n"));
  }
}
